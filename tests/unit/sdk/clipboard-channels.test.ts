import { describe, expect, it } from 'vitest';
import { keepCopy, keptCopy, recallCopy } from '../../../sdk/actions/app-clipboard';
import { makePayload, PASTE_CASCADE, pasteContent, transferContent, writeTransfer } from '../../../sdk/editor/clipboard';
import { boundsOf } from '../../../shared/geometry';
import type { Shape } from '../../../shared/model';
import { harness } from './helpers';

/**
 * The clipboard that always works inside the board (issue 34 item 8): the copy event's
 * DataTransfer round trip, the board's own clipboard, consecutive pastes that never cover each
 * other, and Ctrl+C/X/V left to the browser's events.
 */
const rect = (id: string, x: number, y: number): Shape =>
  ({ id, cmd: 'rectangle', uid: 'other', timestamp: 1, x, y, w: 100, h: 50, stroke: '#ff0000', lineWidth: 2 }) as Shape;

/** A DataTransfer as a copy event gives one (setData / getData / types / files). */
class Transfer {
  private readonly data = new Map<string, string>();
  files: File[] = [];
  get types(): string[] {
    return [...this.data.keys()];
  }
  setData(type: string, value: string): void {
    this.data.set(type, value);
  }
  getData(type: string): string {
    return this.data.get(type) ?? '';
  }
}
const asTransfer = (t: Transfer) => t as unknown as DataTransfer;

let n = 0;
const ids = () => `p-${++n}`;

describe('the copy and paste events', () => {
  it('a copy writes the custom type and the plain side; a paste reads the shapes back', () => {
    const payload = makePayload('board-1', [rect('a', 0, 0)]);
    const t = new Transfer();
    writeTransfer(asTransfer(t), payload);
    expect(t.types).toEqual(['text/plain', 'application/x-tabula-shapes+json']);
    expect(transferContent(asTransfer(t))).toEqual({ kind: 'shapes', payload });
  });

  it('text is text; the plain side of a copy this browser kept is its shapes; nothing is null', () => {
    const t = new Transfer();
    t.setData('text/plain', 'Notes from the meeting');
    expect(transferContent(asTransfer(t))).toEqual({ kind: 'text', text: 'Notes from the meeting' });
    const payload = makePayload('b', [{ ...rect('s', 0, 0), cmd: 'stickyNote', text: 'Kept', w: 170, h: 170 } as unknown as Shape]);
    keepCopy(payload);
    expect(keptCopy()?.payload).toEqual(payload);
    const plain = new Transfer();
    plain.setData('text/plain', 'Kept');
    expect(transferContent(asTransfer(plain), recallCopy)).toEqual({ kind: 'shapes', payload });
    expect(recallCopy('Something else')).toBeNull();
    expect(transferContent(asTransfer(new Transfer()))).toBeNull();
    const blank = new Transfer();
    blank.setData('text/plain', '   ');
    expect(transferContent(asTransfer(blank))).toBeNull();
  });
});

describe('consecutive pastes', () => {
  it('land PASTE_CASCADE apart while the pointer stays, and at the pointer again once it moves', async () => {
    const h = harness();
    const payload = makePayload('b', [rect('a', 0, 0)]);
    const at = { x: 400, y: 300 };
    const first = await pasteContent(h.editor, { kind: 'shapes', payload }, ids, at);
    const second = await pasteContent(h.editor, { kind: 'shapes', payload }, ids, at);
    const third = await pasteContent(h.editor, { kind: 'shapes', payload }, ids, at);
    const box = (s: Shape[]) => boundsOf(s[0]!);
    expect(box(second).x - box(first).x).toBe(PASTE_CASCADE);
    expect(box(second).y - box(first).y).toBe(PASTE_CASCADE);
    expect(box(third).x - box(first).x).toBe(2 * PASTE_CASCADE);
    const moved = await pasteContent(h.editor, { kind: 'shapes', payload }, ids, { x: 100, y: 100 });
    // bounds include the stroke: the centre is what lands at the pointer
    expect(box(moved).x + box(moved).w / 2).toBe(100);
    expect(box(moved).y + box(moved).h / 2).toBe(100);
    expect(h.editor.getShapes()).toHaveLength(4);
  });
});

describe('the clipboard keys', () => {
  it('Ctrl+C, Ctrl+X and Ctrl+V (⌘ too) are left to the browser; a rebound key performs the action', () => {
    const h = harness();
    const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = { ctrlKey: true }) =>
      h.editor.keyDown({ key: k.toLowerCase(), code: `Key${k}`, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('C')).toBe(false);
    expect(key('X')).toBe(false);
    expect(key('V')).toBe(false);
    expect(key('V', { metaKey: true })).toBe(false);
    h.editor.actions.bind('paste', 'Ctrl+Shift+V');
    expect(h.editor.keyDown({ key: 'V', code: 'KeyV', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBe(true);
  });
});
