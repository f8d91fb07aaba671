import type { CompositeShape, ImageShape } from '../../shared/model';
import { diagramScript } from '../../shared/diagram/script';
import type { Editor } from './editor';

/** A shape made from a text script: a flowchart's group of native shapes, or the picture Mermaid drew of another kind. */
export type DiagramShape = CompositeShape | ImageShape;

/** The one selected diagram an editor may change (normal: not locked or private), or null. */
export function selectedDiagram(editor: Editor): DiagramShape | null {
  if (editor.selection.length !== 1 || !editor.canEdit()) return null;
  const s = editor.doc.get(editor.selection[0]);
  // only a diagram carries a script (a flowchart's group or a Mermaid picture: shared/diagram/script.ts)
  return s && diagramScript(s) !== null && editor.selectionType(s) === 'normal' ? (s as DiagramShape) : null;
}
