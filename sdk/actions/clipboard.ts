import { MESSAGES } from '../../shared/messages';
import type { Shape } from '../../shared/model';
import { toast } from '../../ui/toast';
import { uploadFiles } from '../assets/upload';
import {
  ClipboardError,
  clipboardShapes,
  makePayload,
  pasteContent,
  readClipboard,
  writeClipboard,
  type ClipboardContent,
  type ClipboardPayload,
  type PastePictures,
} from '../editor/clipboard';
import type { Editor } from '../editor/editor';
import { newId } from '../editor/ids';
import { keepCopy, keptCopy, recallCopy } from './app-clipboard';
import { eventKey } from './keys';
import type { Action } from './registry';

/**
 * Copy, cut and paste that always work inside the board (issue 34 item 8; board.md §3, §6, §8, §9;
 * docs/board-screen.md "Clipboard"), three ways, best first:
 * 1. the browser's synchronous copy, cut and paste events (./clipboard-events.ts): Ctrl+C/X/V are
 *    left to the browser, which needs no permission and works on plain HTTP; a menu's Copy and Cut
 *    raise the same event (document.execCommand('copy') inside the click);
 * 2. the async Clipboard API, when the page may use it (a menu's Paste; a copy the event could not make);
 * 3. the board's own clipboard (./app-clipboard.ts): every copy is kept there too, so a menu's
 *    Paste without clipboard access pastes the last shapes copied in this browser.
 * A paste that finds nothing shows one message, never two.
 */

/** A clipboard failure as the spec's toast (board.md §8): one message. */
export function clipboardFailed(error: unknown): void {
  toast.error(error instanceof ClipboardError ? error.message : MESSAGES.clipboardReadFailed);
}

/** What a paste does with pictures while the board takes uploads. */
export function pastePictures(editor: Editor): PastePictures | undefined {
  const uploader = editor.uploader;
  return uploader
    ? { upload: (files, point) => uploadFiles(editor, uploader, files, point), copy: (items) => uploader.duplicateAssets(items) }
    : undefined;
}

/** Pastes clipboard content (one command, selected, cascaded from the previous paste at the same spot). */
export function pasteInto(editor: Editor, content: ClipboardContent): Promise<Shape[]> {
  return pasteContent(editor, content, newId, null, pastePictures(editor), editor.pasteLinks());
}

/** The payload a copy or cut of the selection makes (null: nothing to copy). */
export function selectionPayload(editor: Editor, cut: boolean): ClipboardPayload | null {
  if (cut && !editor.canEdit()) return null;
  const shapes = clipboardShapes(editor, cut);
  return shapes.length ? makePayload(editor.boardId, shapes) : null;
}

/** The copy a copy event is asked to write (a menu's Copy raising the event), picked up by ./clipboard-events.ts. */
let requested: ClipboardPayload | null = null;
let written = false;

/** For ./clipboard-events.ts: the payload a menu asked the copy event to write, once. */
export function takeRequestedCopy(): ClipboardPayload | null {
  const payload = requested;
  if (payload) written = true;
  requested = null;
  return payload;
}

/**
 * A menu's (or a rebound key's) Copy or Cut: kept on the board's clipboard, then into the system
 * clipboard through the copy event (document.execCommand inside the user's click), else through
 * the async Clipboard API; when neither may write, the board's clipboard still pastes it.
 */
export async function copyFromMenu(editor: Editor, cut: boolean): Promise<void> {
  const payload = selectionPayload(editor, cut);
  if (!payload) return;
  keepCopy(payload);
  requested = payload;
  written = false;
  try {
    if (typeof document !== 'undefined') document.execCommand('copy');
  } catch {
    /* no execCommand: the async API below */
  }
  requested = null;
  if (!written) await writeClipboard(payload).catch(() => undefined);
  if (cut) editor.removeShapes(payload.shapes.map((s) => s.id));
}

/**
 * A menu's (or a rebound key's) Paste: the async Clipboard API when the page may read it, else the
 * last copy kept in this browser; with neither, one message — 'Clipboard access is not supported
 * in this browser' where the API is missing or the page is not secure, else 'Failed to read
 * clipboard content'.
 */
export async function pasteFromMenu(editor: Editor): Promise<void> {
  if (!editor.canEdit()) return;
  let content: ClipboardContent | null = null;
  let failure: unknown = null;
  try {
    content = await readClipboard();
    // the plain side of a copy this browser made through the async API: its shapes
    if (content.kind === 'text') {
      const payload = recallCopy(content.text);
      if (payload) content = { kind: 'shapes', payload };
    }
  } catch (error) {
    failure = error;
  }
  if (!content) {
    const kept = keptCopy();
    if (!kept) return clipboardFailed(failure);
    content = { kind: 'shapes', payload: kept.payload };
  }
  await pasteInto(editor, content).catch(clipboardFailed);
}

/** The platform's own clipboard keys (Ctrl or ⌘ with C, X, V): left to the browser's events. */
const browserKey =
  (letter: 'C' | 'X' | 'V'): NonNullable<Action['keyLeftToBrowser']> =>
  (e) =>
    eventKey(e) === `Ctrl+${letter}`;

/** Copy, cut and paste: the keys (through the browser's events), the context and floating menus, the palette. */
export const CLIPBOARD_ACTIONS: Action[] = [
  {
    id: 'copy',
    label: 'Copy',
    group: 'edit',
    defaultKeys: ['Ctrl+C'],
    mutable: true,
    keyLeftToBrowser: browserKey('C'),
    enabled: ({ editor }) => editor.selection.length > 0,
    perform: ({ editor }) => void copyFromMenu(editor, false).catch(clipboardFailed),
  },
  {
    id: 'cut',
    label: 'Cut',
    group: 'edit',
    defaultKeys: ['Ctrl+X'],
    mutable: true,
    keyLeftToBrowser: browserKey('X'),
    enabled: ({ editor }) => editor.canEdit() && editor.selection.length > 0,
    perform: ({ editor }) => void copyFromMenu(editor, true).catch(clipboardFailed),
  },
  {
    id: 'paste',
    label: 'Paste',
    group: 'edit',
    defaultKeys: ['Ctrl+V'],
    mutable: true,
    keyLeftToBrowser: browserKey('V'),
    enabled: ({ editor }) => editor.canEdit(),
    perform: ({ editor }) => void pasteFromMenu(editor),
  },
];
