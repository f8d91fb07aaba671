import type { Editor } from '../../editor/editor';
import type { CommentsStore } from './comments-store';

/**
 * The comments of each board editor: the comment tool, the context menu and the keyboard reach
 * a board's threads through its editor (the board screen attaches the store while it is shown).
 */
const stores = new WeakMap<Editor, CommentsStore>();

export function attachComments(editor: Editor, store: CommentsStore): () => void {
  stores.set(editor, store);
  return () => {
    if (stores.get(editor) === store) stores.delete(editor);
  };
}

/** The comments of a board editor (undefined before the board screen is shown). */
export function commentsOf(editor: Editor): CommentsStore | undefined {
  return stores.get(editor);
}
