import { describe, expect, it } from 'vitest';
import {
  clipboardShapes,
  makePayload,
  parsePayload,
  pastedShapes,
  pastePoint,
  placeShapes,
  plainTextOf,
  stickyNotes,
  WEB_CLIPBOARD_MIME,
  withCopiedPictures,
} from '../../sdk/editor/clipboard';
import { PASTED_STICKY_COLOR, PASTED_STICKY_GAP, STICKY_SIZES } from '../../shared/constants';
import { boundsOf, unionRects } from '../../shared/geometry';
import type { FrameShape, LineShape, Shape, StickyNoteShape, TextShape } from '../../shared/model';
import { harness } from './sdk/helpers';

const rect = (id: string, x: number, y: number, extra: Partial<Shape> = {}): Shape =>
  ({ id, cmd: 'rectangle', uid: 'other', timestamp: 1, x, y, w: 100, h: 50, stroke: '#ff0000', lineWidth: 2, ...extra }) as Shape;
const note = (id: string, text: string, x = 0, y = 0): StickyNoteShape => ({
  id,
  cmd: 'stickyNote',
  uid: 'other',
  timestamp: 1,
  text,
  x,
  y,
  w: 170,
  h: 170,
  color: '#feff9c',
  size: 'M',
  fontSize: 35,
});
let n = 0;
const ids = () => `new-${++n}`;
const centre = (shapes: Shape[]) => {
  const b = unionRects(shapes.map(boundsOf))!;
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
};

describe('clipboard payload (board.md §3: shapes plus the source board id)', () => {
  it('round-trips through text and refuses anything else', () => {
    const payload = makePayload('board-1', [rect('a', 0, 0)]);
    expect(parsePayload(JSON.stringify(payload))).toEqual(payload);
    expect(parsePayload('hello')).toBeNull();
    expect(parsePayload('{"type":"other","shapes":[]}')).toBeNull();
    expect(parsePayload('{not json')).toBeNull();
    // unknown kinds are dropped; nothing left is no payload
    expect(parsePayload(JSON.stringify({ ...payload, shapes: [{ id: 'x', cmd: 'script' }] }))).toBeNull();
    expect(WEB_CLIPBOARD_MIME).toBe('web application/x-tabula-shapes+json');
  });

  it('the plain-text side is the shapes’ text, or the payload when they carry none', () => {
    expect(plainTextOf(makePayload('b', [note('n', 'Buy milk'), rect('r', 0, 0)]))).toBe('Buy milk');
    const bare = makePayload('b', [rect('r', 0, 0)]);
    expect(parsePayload(plainTextOf(bare))).toEqual(bare);
  });
});

describe('paste placement', () => {
  it('gives new ids, the paster as author, no lock, and centres the shapes at the point', () => {
    const frame: FrameShape = {
      id: 'f',
      cmd: 'frame',
      uid: 'other',
      timestamp: 1,
      x: -10,
      y: -10,
      w: 400,
      h: 300,
      color: '#cccccc',
      title: 'F',
      order: 1,
      children: ['a', 'gone'],
    };
    const placed = placeShapes([frame, rect('a', 0, 0, { lock: true, protectedBy: 'x' })], { x: 1000, y: 500 }, 'me', ids);
    expect(placed.map((s) => s.id)).not.toContain('a');
    expect(new Set(placed.map((s) => s.id)).size).toBe(2);
    expect(placed.every((s) => s.uid === 'me' && !s.lock && !s.protectedBy)).toBe(true);
    // the frame keeps only the children pasted with it, under their new ids
    expect((placed[0] as FrameShape).children).toEqual([placed[1].id]);
    expect(centre(placed)).toEqual({ x: 1000, y: 500 });
  });

  it('a connector stays attached only to shapes pasted with it, under their new ids', () => {
    const arrow = {
      id: 'l',
      cmd: 'arrow',
      uid: 'other',
      timestamp: 1,
      points: [100, 25, 300, 25],
      color: '#000000',
      lineWidth: 2,
      type: 'arrow',
      start: 'a',
      end: 'b',
    } as Shape;
    const placed = placeShapes([rect('a', 0, 0), arrow], { x: 0, y: 0 }, 'me', ids);
    const copy = placed[1] as LineShape;
    expect(copy.start).toBe(placed[0].id);
    expect(copy.end).toBeUndefined();
  });

  it('renews the ids of grouped shapes too', () => {
    const group = { id: 'g', cmd: 'composite', uid: 'o', timestamp: 1, shapes: [rect('a', 0, 0), rect('b', 200, 0)] } as Shape;
    const [copy] = placeShapes([group], { x: 0, y: 0 }, 'me', ids);
    expect((copy as Extract<Shape, { cmd: 'composite' }>).shapes.map((s) => s.id).some((id) => id === 'a' || id === 'b')).toBe(false);
  });

  it('plain text becomes sticky notes: yellow #feff9c, one per line, gaps of 10 (board.md §9)', () => {
    const notes = stickyNotes('one\n\n two \r\nthree', { x: 0, y: 0 }, () => ({ id: ids(), uid: 'me', timestamp: 1 }));
    expect(notes.map((s) => s.text)).toEqual(['one', 'two', 'three']);
    expect(notes.every((s) => s.color === PASTED_STICKY_COLOR && s.color === '#feff9c')).toBe(true);
    const { w } = STICKY_SIZES.M;
    expect(notes[1].x - notes[0].x).toBe(w + PASTED_STICKY_GAP);
    expect(notes[2].x - notes[1].x).toBe(w + PASTED_STICKY_GAP);
    expect(Math.abs(centre(notes).x)).toBeLessThanOrEqual(1);
    // more than five lines wrap onto a next row, 10 below
    const many = stickyNotes('1\n2\n3\n4\n5\n6', { x: 0, y: 0 }, () => ({ id: ids(), uid: 'me', timestamp: 1 }));
    expect(many[5].y - many[0].y).toBe(STICKY_SIZES.M.h + PASTED_STICKY_GAP);
    expect(many[5].x).toBe(many[0].x);
  });
});

describe('copy, cut and paste in the editor', () => {
  it('copy skips ghost shapes; cut also skips locked ones (board.md §6)', () => {
    const h = harness();
    h.editor.addShapes([rect('a', 0, 0), rect('l', 200, 0, { lock: true }), rect('g', 400, 0, { metadata: { ghost: true } })]);
    h.editor.select(['a', 'l', 'g']);
    // ghosts cannot even be selected normally; give the selection directly
    h.editor.selection$.next(['a', 'l', 'g']);
    expect(clipboardShapes(h.editor, false).map((s) => s.id)).toEqual(['a', 'l']);
    expect(clipboardShapes(h.editor, true).map((s) => s.id)).toEqual(['a']);
  });

  it('pastes at the pointer when it is over the board, else at the view centre', () => {
    const h = harness();
    h.editor.lastPointer = { x: 120, y: 80 };
    expect(pastePoint(h.editor)).toEqual({ x: 120, y: 80 });
    h.editor.lastPointer = { x: 99_999, y: 0 };
    const view = h.editor.viewport.visibleRect();
    expect(pastePoint(h.editor)).toEqual({ x: view.x + view.w / 2, y: view.y + view.h / 2 });
    expect(pastePoint(h.editor, { x: 5, y: 6 })).toEqual({ x: 5, y: 6 });
  });

  it('plain text becomes one text shape in the current style, or sticky notes with the sticky tool', () => {
    const h = harness();
    const [text] = pastedShapes(h.editor, { kind: 'text', text: 'Hello\r\nworld' }, { x: 300, y: 200 }, ids) as TextShape[];
    expect(text).toMatchObject({ cmd: 'text', value: 'Hello\nworld', uid: 'me', color: h.editor.style.color, font: h.editor.style.font });
    expect(centre([text]).x).toBeCloseTo(300, 0);
    h.editor.setTool('stickyNote');
    const notes = pastedShapes(h.editor, { kind: 'text', text: 'a\nb' }, { x: 0, y: 0 }, ids);
    expect(notes.map((s) => s.cmd)).toEqual(['stickyNote', 'stickyNote']);
  });

  it('pasted shapes from another board are added as one undoable command', () => {
    const h = harness();
    const shapes = pastedShapes(
      h.editor,
      { kind: 'shapes', payload: makePayload('elsewhere', [rect('a', 0, 0), rect('b', 200, 0)]) },
      { x: 0, y: 0 },
      ids,
    );
    h.sent.length = 0;
    h.editor.addShapes(shapes);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0].cmd).toBe('commandSet');
    expect(h.editor.doc.size).toBe(2);
    h.editor.undo();
    expect(h.editor.doc.ordered()).toHaveLength(0);
  });
});

describe('pictures pasted from another board', () => {
  const image = (id: string, resource?: string) =>
    ({ id, cmd: 'image', uid: 'u', timestamp: 1, x: 0, y: 0, w: 10, h: 10, ...(resource ? { resource } : {}) }) as Shape;
  const rect = { id: 'r', cmd: 'rectangle', uid: 'u', timestamp: 1, x: 0, y: 0, w: 5, h: 5 } as Shape;

  it("take the copies' ids; a picture not copied is left out; other shapes and pictures by address stay", () => {
    const out = withCopiedPictures(
      [image('a', 'old-a'), image('b', 'old-b'), image('c', 'old-c'), image('url-only'), rect],
      [
        { id: 'a', assetId: 'new-a' },
        { id: 'b', assetId: '' },
      ],
    );
    expect(out.map((s) => [s.id, (s as { resource?: string }).resource])).toEqual([
      ['a', 'new-a'],
      ['url-only', undefined],
      ['r', undefined],
    ]);
  });
});
