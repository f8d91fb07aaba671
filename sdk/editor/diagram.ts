/**
 * Diagrams from a text script (board.md §2 "diagram text-script dialog (Add/Update)", issue 34
 * item 2): Add puts the flowchart's shapes (one group, shared/diagram/flowchart.ts) at the view's
 * centre as ONE command and selects it; Update replaces the selected diagram group by the new
 * script's shapes, at the same centre, in ONE commandSet (remove + add), so one undo takes it back.
 */
import type { CompositeShape, Shape } from '../../shared/model';
import { boxOf } from '../../shared/geometry';
import { diagramScript, flowchartToShapes, parseFlowchart, type ParseResult } from '../../shared/diagram/flowchart';
import { rectCenter } from '../../shared/geometry/rect';
import { POLICY } from '../../shared/policy-names';
import type { Editor } from './editor';
import { newId } from './ids';

export { selectedDiagram } from './diagram-selection';

/** The diagram group a script gives, centred on `at` (null with the parser's error when it does not parse). */
export function diagramShapes(
  editor: Editor,
  script: string,
  at: { x: number; y: number },
): { group: CompositeShape | null; result: ParseResult } {
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

/** Adds the diagram of `script` at the view's centre (one command) and selects it; null when the script does not parse. */
export function addDiagram(editor: Editor, script: string): Shape | null {
  const c = editor.toBoard(editor.viewport.width / 2, editor.viewport.height / 2);
  const { group } = diagramShapes(editor, script, c);
  if (!group || !editor.canEdit()) return null;
  editor.execute({ cmd: 'composite', shape: group });
  editor.setTool('select');
  editor.select([group.id]);
  return group;
}

/** Replaces diagram group `id` by the diagram of `script` at the same centre (one commandSet); null when nothing changed. */
export function updateDiagram(editor: Editor, id: string, script: string): Shape | null {
  const old = editor.doc.get(id);
  if (!old || diagramScript(old) === null || !editor.canEdit()) return null;
  if (diagramScript(old) === script) return null;
  const { group } = diagramShapes(editor, script, rectCenter(boxOf(old)));
  if (!group) return null;
  editor.execute({
    cmd: 'commandSet',
    commands: [editor.build({ cmd: 'remove', shapes: [id] }), editor.build({ cmd: 'composite', shape: group })],
  });
  editor.select([group.id]);
  return group;
}
