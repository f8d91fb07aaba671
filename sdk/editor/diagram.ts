/**
 * Diagrams from a text script (board.md §2 "diagram text-script dialog (Add/Update)", issue 34
 * item 2): Add puts the flowchart's shapes (one group, shared/diagram/flowchart.ts) at the view's
 * centre as ONE command and selects it; Update replaces the selected diagram — a flowchart's group
 * or the picture of another kind (./diagram-picture.ts) — by the new script's shapes, at the same
 * centre, in ONE commandSet (remove + add), so one undo takes it back.
 */
import type { CompositeShape, Shape } from '../../shared/model';
import { boxOf } from '../../shared/geometry';
import { diagramScript, flowchartToShapes, parseFlowchart, type ParseResult } from '../../shared/diagram/flowchart';
import { rectCenter } from '../../shared/geometry/rect';
import { POLICY } from '../../shared/policy-names';
import type { CommandInput, Editor } from './editor';
import { newId } from './ids';

export { selectedDiagram } from './diagram-selection';

type Point = { x: number; y: number };

/** The diagram group a script gives, centred on `at` (null with the parser's error when it does not parse). */
export function diagramShapes(editor: Editor, script: string, at: Point): { group: CompositeShape | null; result: ParseResult } {
  const result = parseFlowchart(script);
  if (!result.ok) return { group: null, result };
  const group = flowchartToShapes(result.chart, script, {
    newId,
    uid: editor.uid,
    timestamp: Date.now(),
    at,
    attach: editor.hasPolicy(POLICY.connectorLines),
    opacity: editor.style.opacity,
  });
  return { group, result };
}

/** The view's centre on the board: where a new diagram lands. */
export const viewCentre = (editor: Editor): Point => editor.toBoard(editor.viewport.width / 2, editor.viewport.height / 2);

/** Adds `shape` (one command) and selects it. */
export function placeDiagram(editor: Editor, shape: Shape): Shape | null {
  if (!editor.canEdit()) return null;
  editor.execute({ cmd: shape.cmd, shape } as CommandInput);
  editor.setTool('select');
  editor.select([shape.id]);
  return shape;
}

/** Adds the diagram of `script` at the view's centre (one command) and selects it; null when the script does not parse. */
export function addDiagram(editor: Editor, script: string): Shape | null {
  const { group } = diagramShapes(editor, script, viewCentre(editor));
  return group ? placeDiagram(editor, group) : null;
}

/**
 * Replaces diagram `id` (a group or a picture) by what `make` builds at its centre, in one
 * commandSet, and selects it; null when nothing changed (the same script, no such diagram).
 */
export function replaceDiagram(editor: Editor, id: string, script: string, make: (centre: Point) => Shape | null): Shape | null {
  const old = editor.doc.get(id);
  if (!old || diagramScript(old) === null || !editor.canEdit()) return null;
  if (diagramScript(old) === script) return null;
  const shape = make(rectCenter(boxOf(old)));
  if (!shape) return null;
  editor.execute({
    cmd: 'commandSet',
    commands: [editor.build({ cmd: 'remove', shapes: [id] }), editor.build({ cmd: shape.cmd, shape } as CommandInput)],
  });
  editor.select([shape.id]);
  return shape;
}

/** Replaces diagram `id` by the flowchart of `script` at the same centre (one commandSet); null when nothing changed. */
export function updateDiagram(editor: Editor, id: string, script: string): Shape | null {
  return replaceDiagram(editor, id, script, (at) => diagramShapes(editor, script, at).group);
}
