import { parsePayload, plainTextOf, type ClipboardPayload } from '../editor/clipboard';

/**
 * The board's own clipboard (issue 34 item 8; docs/board-screen.md "Clipboard"): the last shapes
 * copied on any board in this browser, kept in memory and in localStorage (other tabs and boards
 * of the same origin read it). It is the last resort of a paste from a menu when the page may not
 * read the system clipboard (no permission, plain HTTP, no Clipboard API), and it recognises the
 * plain-text side of its own copy when that is all a paste finds (a copy written by the async
 * Clipboard API, whose custom format a paste event cannot read).
 */
const KEY = 'tabula.clipboard';

interface Kept {
  payload: ClipboardPayload;
  /** the plain-text side the copy wrote */
  text: string;
}

let memory: Kept | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps a copy (memory and, when it fits, localStorage). */
export function keepCopy(payload: ClipboardPayload): void {
  memory = { payload, text: plainTextOf(payload) };
  try {
    storage()?.setItem(KEY, JSON.stringify(payload));
  } catch {
    /* quota or disabled storage: this tab still has it */
  }
}

/** The last copy made in this browser (another tab's, when it is newer than this tab's). */
export function keptCopy(): Kept | null {
  try {
    const payload = parsePayload(storage()?.getItem(KEY));
    if (payload) return { payload, text: plainTextOf(payload) };
  } catch {
    /* storage unreadable: memory only */
  }
  return memory;
}

/** The kept copy whose plain-text side is `text`, if any. */
export function recallCopy(text: string): ClipboardPayload | null {
  const kept = keptCopy();
  return kept && kept.text === text ? kept.payload : null;
}
