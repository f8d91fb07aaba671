import type { Editor } from '../editor/editor';
import { uploadFiles } from './upload';

/**
 * Files dropped on the board (board.md §2): uploaded and placed at the drop point. A drag that
 * carries no files (text, a link) is left to the browser. Answers the removal of the listeners.
 */
export function acceptDroppedFiles(container: HTMLElement, editor: Editor): () => void {
  const carriesFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  const over = (e: DragEvent) => {
    if (!carriesFiles(e) || !editor.uploader || !editor.canEdit()) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
  };
  const drop = (e: DragEvent) => {
    const uploader = editor.uploader;
    if (!carriesFiles(e) || !uploader || !editor.canEdit()) return;
    e.preventDefault();
    const files = [...(e.dataTransfer?.files ?? [])];
    if (!files.length) return;
    const rect = container.getBoundingClientRect();
    void uploadFiles(editor, uploader, files, editor.toBoard(e.clientX - rect.left, e.clientY - rect.top));
  };
  container.addEventListener('dragover', over);
  container.addEventListener('drop', drop);
  return () => {
    container.removeEventListener('dragover', over);
    container.removeEventListener('drop', drop);
  };
}
