import type { CompositeShape } from '../../shared/model';
import { diagramScript } from '../../shared/diagram/script';
import type { Editor } from './editor';

/** The one selected diagram group an editor may change (normal: not locked or private), or null. */
export function selectedDiagram(editor: Editor): CompositeShape | null {
  if (editor.selection.length !== 1 || !editor.canEdit()) return null;
  const s = editor.doc.get(editor.selection[0]);
  return s && diagramScript(s) !== null && editor.selectionType(s) === 'normal' ? (s as CompositeShape) : null;
}
