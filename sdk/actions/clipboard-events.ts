import { MESSAGES } from '../../shared/messages';
import { toast } from '../../ui/toast';
import { transferContent, writeTransfer } from '../editor/clipboard';
import type { Editor } from '../editor/editor';
import { isEditableTarget } from '../editor/dom-input';
import { keepCopy, keptCopy, recallCopy } from './app-clipboard';
import { clipboardFailed, pasteInto, selectionPayload, takeRequestedCopy } from './clipboard';

/**
 * The browser's synchronous copy, cut and paste events on the board (issue 34 item 8;
 * ./clipboard.ts): Ctrl+C, Ctrl+X and Ctrl+V (⌘ on a Mac) reach the board this way, with no
 * permission prompt and on plain HTTP too. A copy writes the shapes' custom type and their
 * plain-text side into the event's DataTransfer (and keeps the copy on the board's own clipboard);
 * a paste reads them back — between boards and tabs of this browser, as the system clipboard
 * carries them. Events from a text field (a dialog's input, a text being edited), or with text
 * selected on the page, are left to the browser. Answers the removal of the listeners.
 */
export function bindClipboardEvents(container: HTMLElement, editor: Editor): () => void {
  const doc = container.ownerDocument;
  /** the element the event is really for (inside <tabula-board>'s shadow root the event is retargeted to the host) */
  const origin = (e: Event) => (e.composedPath?.()[0] ?? e.target) as Element | null;
  const onBoard = (e: Event) => {
    const el = origin(e);
    if (!container.isConnected || isEditableTarget(el) || el?.closest?.('[aria-modal="true"]')) return false;
    return !el || el === doc.body || el === doc.documentElement || container.contains(el) || !!el.closest?.('[data-tabula-board]');
  };
  const textSelected = () => Boolean(doc.getSelection?.()?.toString());

  const copy = (e: ClipboardEvent, cut: boolean) => {
    const asked = takeRequestedCopy();
    if (!asked && (!onBoard(e) || textSelected())) return;
    const payload = asked ?? selectionPayload(editor, cut);
    if (!payload || !e.clipboardData) return;
    e.preventDefault();
    writeTransfer(e.clipboardData, payload);
    keepCopy(payload);
    if (asked) return; // a menu's Copy or Cut: it finishes the work itself
    if (cut) editor.removeShapes(payload.shapes.map((s) => s.id));
    editor.actions.performed$.next({ id: cut ? 'cut' : 'copy', via: 'key' });
  };
  const onCopy = (e: ClipboardEvent) => copy(e, false);
  const onCut = (e: ClipboardEvent) => copy(e, true);

  const onPaste = (e: ClipboardEvent) => {
    if (!onBoard(e) || !editor.canEdit()) return;
    e.preventDefault();
    // the system clipboard first; an empty one falls back to the last copy kept in this browser
    const empty = !e.clipboardData || (e.clipboardData.types.length === 0 && e.clipboardData.files.length === 0);
    const kept = empty ? keptCopy() : null;
    const content = kept ? { kind: 'shapes' as const, payload: kept.payload } : transferContent(e.clipboardData, recallCopy);
    // content with no handler (nothing, an empty text, a file that is no picture): one message
    if (!content) return void toast.error(MESSAGES.clipboardReadFailed);
    void pasteInto(editor, content).catch(clipboardFailed);
    editor.actions.performed$.next({ id: 'paste', via: 'key' });
  };

  doc.addEventListener('copy', onCopy);
  doc.addEventListener('cut', onCut);
  doc.addEventListener('paste', onPaste);
  return () => {
    doc.removeEventListener('copy', onCopy);
    doc.removeEventListener('cut', onCut);
    doc.removeEventListener('paste', onPaste);
  };
}
