/**
 * Group and ungroup (issue 34 item 4, board.md §3 composite): Ctrl+G puts the selected shapes
 * into one composite shape and Ctrl+Shift+G takes a selected group apart, each as ONE commandSet
 * (the shapes removed and the group added, or the reverse), so one undo takes it back. The
 * geometry is in shared/geometry/grouping.ts.
 */
import type { Command, Shape } from '../../shared/model';
import { innerShapes } from '../../shared/geometry';
import { composeGroup, groupableKind, groupNesting, ungroupedShapes } from '../../shared/geometry/grouping';
import { SCHEMA_LIMITS } from '../../shared/shape-check';
import { copyShapes } from './copies';
import type { CommandInput, Editor } from './editor';
import { newId } from './ids';

/** The selected shapes that may go into a group (normal: not locked, private or ghost; no comment pins or frames), bottom to top. */
export function groupCandidates(editor: Editor): Shape[] {
  const selected = new Set(editor.selection);
  return editor.doc.ordered().filter((s) => selected.has(s.id) && editor.selectionType(s) === 'normal' && groupableKind(s));
}

/** Whether Ctrl+G would group: two or more candidates, and the group not nested deeper than the model allows. */
export function canGroup(editor: Editor): boolean {
  const shapes = groupCandidates(editor);
  return editor.canEdit() && shapes.length >= 2 && 1 + Math.max(...shapes.map(groupNesting)) <= SCHEMA_LIMITS.compositeDepth;
}

/** The selected groups that may be taken apart (normal selection type, holding shapes). */
export function ungroupCandidates(editor: Editor): Shape[] {
  return editor.selection
    .map((id) => editor.doc.get(id))
    .filter((s): s is Shape => !!s && editor.selectionType(s) === 'normal' && innerShapes(s).length > 0);
}

export const canUngroup = (editor: Editor): boolean => editor.canEdit() && ungroupCandidates(editor).length > 0;

/** Ctrl+G: the candidates become one group (selected afterwards); the group, or null when nothing was grouped. */
export function groupSelection(editor: Editor): Shape | null {
  if (!canGroup(editor)) return null;
  const shapes = groupCandidates(editor);
  const group = composeGroup(shapes, editor.shapeBase('composite'));
  editor.execute({
    cmd: 'commandSet',
    commands: [editor.build({ cmd: 'remove', shapes: shapes.map((s) => s.id) }), editor.build({ cmd: 'composite', shape: group })],
  });
  editor.select([group.id]);
  return group;
}

/**
 * Ctrl+Shift+G: each selected group gives its shapes back where they stand on the board (the
 * group's rotation and opacity applied to them), selected afterwards. They keep their ids, so a
 * connector grouped with its shapes stays attached; ids already on the board (a group made
 * elsewhere) are replaced by new ones.
 */
export function ungroupSelection(editor: Editor): Shape[] {
  if (!canUngroup(editor)) return [];
  const groups = ungroupCandidates(editor);
  const taken = new Set<string>();
  const shapes = groups.flatMap((g) => {
    const children = ungroupedShapes(g);
    const clash = children.some((c) => editor.doc.has(c.id) || taken.has(c.id));
    const out = clash ? copyShapes(children, (c) => ({ ...c, id: newId() })) : children;
    for (const c of out) taken.add(c.id);
    return out;
  });
  const commands: Command[] = [
    editor.build({ cmd: 'remove', shapes: groups.map((g) => g.id) }),
    ...shapes.map((s) => editor.build({ cmd: s.cmd, shape: s } as CommandInput)),
  ];
  editor.execute({ cmd: 'commandSet', commands });
  editor.select(shapes.map((s) => s.id));
  return shapes;
}
