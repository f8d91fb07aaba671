import { describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../../shared/model';
import { BoardDoc } from '../../../shared/reducer';
import { exportArea } from '../../../sdk/editor/export';
import { boardToSvg } from '../../../shared/geometry';
import { harness, rect } from './helpers';

const remote = (c: Partial<Command> & { cmd: string }, seq: number, uid = 'other'): Command =>
  ({ id: `r${seq}`, uid, timestamp: seq, status: 'normal', seq, ...c }) as Command;

describe('Editor commands', () => {
  it('execute builds, applies locally and emits the command once', () => {
    const h = harness();
    const changes: unknown[] = [];
    h.editor.changes$.subscribe((c) => changes.push(c));
    const c = h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0) as unknown as Shape });
    expect(c).toMatchObject({ uid: 'me', status: 'normal' });
    expect(typeof c.id).toBe('string');
    expect(h.sent).toEqual([c]);
    expect(h.editor.doc.get('a')).toBeTruthy();
    expect(changes).toEqual([{ added: ['a'], updated: [], removed: [], cleared: false, orderChanged: false }]);
  });

  it('applyRemote applies others’ commands; own echoes are only confirmed', () => {
    const h = harness();
    const mine = h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0) as unknown as Shape });
    h.editor.applyRemote(remote({ cmd: 'rectangle', shape: rect('b', 10, 10, 5, 5, { uid: 'other' }) } as never, 1));
    h.editor.applyRemote({ ...mine, seq: 2 });
    expect(h.editor.doc.size).toBe(2);
    expect(h.editor.doc.getCommand(mine.id)!.seq).toBe(2);
    expect(h.sent).toHaveLength(1);
  });

  it('confirm gives our command its seq', () => {
    const h = harness();
    const mine = h.editor.execute({ cmd: 'rectangle', shape: rect('a', 0, 0) as unknown as Shape });
    h.editor.confirm(mine.id, 7);
    expect(h.editor.doc.getCommand(mine.id)!.seq).toBe(7);
    expect(h.editor.doc.seq).toBe(7);
  });

  it('undo and redo touch only our own commands (board.md §4)', () => {
    const h = harness();
    h.editor.applyRemote(remote({ cmd: 'rectangle', shape: rect('theirs', 0, 0, 5, 5, { uid: 'other' }) } as never, 1));
    expect(h.editor.canUndo()).toBe(false);
    h.editor.undo();
    expect(h.sent).toHaveLength(0);
    expect(h.editor.doc.has('theirs')).toBe(true);
    const add = h.editor.execute({ cmd: 'rectangle', shape: rect('mine', 0, 0) as unknown as Shape });
    h.editor.applyRemote(remote({ cmd: 'reposition', shapePositions: [{ shape: 'theirs', x: 5, y: 0 }] } as never, 2));
    h.editor.undo();
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'undo', ref: add.id });
    expect(h.editor.doc.has('mine')).toBe(false);
    expect(h.editor.doc.get('theirs')).toMatchObject({ x: 5 });
    expect(h.editor.canUndo()).toBe(false);
    h.editor.redo();
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'undo', ref: add.id, type: 'redo' });
    expect(h.editor.doc.has('mine')).toBe(true);
    expect(h.editor.canRedo()).toBe(false);
  });

  it('load replaces the document from a snapshot plus later commands', () => {
    const h = harness();
    h.editor.execute({ cmd: 'rectangle', shape: rect('old', 0, 0) as unknown as Shape });
    const server = new BoardDoc();
    server.apply(remote({ cmd: 'rectangle', shape: rect('s1', 0, 0, 5, 5, { uid: 'other' }) } as never, 1));
    const snap = server.snapshot();
    h.editor.select(['old']);
    h.editor.load(snap, [remote({ cmd: 'rectangle', shape: rect('s2', 100, 100, 5, 5, { uid: 'other' }) } as never, 2)]);
    expect(h.editor.getShapes().map((s) => s.id)).toEqual(['s1', 's2']);
    expect(h.editor.selection).toEqual([]);
    expect(h.editor.scene.hit({ x: 100, y: 102 }, 1)?.id).toBe('s2');
    h.editor.load(null, []);
    expect(h.editor.doc.size).toBe(0);
  });

  it('a remote removal drops the shape from the selection', () => {
    const h = harness();
    h.editor.applyRemote(remote({ cmd: 'rectangle', shape: rect('x', 0, 0, 5, 5, { uid: 'other' }) } as never, 1));
    h.editor.select(['x']);
    h.editor.applyRemote(remote({ cmd: 'remove', shapes: ['x'] } as never, 2));
    expect(h.editor.selection).toEqual([]);
    expect(h.editor.scene.overlay$.value.handles).toBe(null);
  });

  it('embed API: addShapes (one commandSet for several, one undo), getShapes, removeShapes skips locked', () => {
    const h = harness();
    const added = h.editor.addShapes([
      { cmd: 'rectangle', x: 0, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 },
      rect('l', 50, 50, 10, 10, { lock: true }),
    ]);
    expect(added).toHaveLength(2);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0].cmd).toBe('commandSet');
    expect(h.editor.getShapes()).toHaveLength(2);
    h.editor.removeShapes(added.map((s) => s.id));
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'remove', shapes: [added[0].id] });
    h.editor.undo();
    h.editor.undo();
    expect(h.editor.getShapes()).toHaveLength(0);
  });

  it('setStyle clamps line width 1–9 and opacity 1–10 and ignores bad colours', () => {
    const h = harness();
    h.editor.setStyle({ lineWidth: 40, opacity: 0, color: 'red' });
    expect(h.editor.style).toMatchObject({ lineWidth: 9, opacity: 1, color: '#000000' });
    h.editor.setThickness(0);
    h.editor.setColor('#123456');
    expect(h.editor.style).toMatchObject({ lineWidth: 1, color: '#123456' });
  });

  it('applyStyleToSelection turns property menu changes into commands', () => {
    const h = harness();
    h.editor.addShapes([rect('a', 0, 0)]);
    h.editor.select(['a']);
    h.editor.applyStyleToSelection({ color: '#ff0000' });
    expect(h.sent.at(-1)).toMatchObject({ cmd: 'colorModifier', shapes: ['a'], color: '#ff0000' });
    expect(h.editor.doc.get('a')).toMatchObject({ stroke: '#ff0000' });
    h.editor.applyStyleToSelection({ lineWidth: 5, opacity: 4 });
    expect(h.editor.doc.get('a')).toMatchObject({ lineWidth: 5, opacity: 4 });
  });

  it('private mode hides others’ shapes from editors but not from the owner', () => {
    const editor = harness({ role: 'Editor', privateMode: true });
    editor.editor.applyRemote(
      remote(
        { cmd: 'filledRectangle', shape: rect('theirs', 0, 0, 50, 50, { uid: 'other', cmd: 'filledRectangle', fill: '#000000' }) } as never,
        1,
      ),
    );
    expect(editor.editor.scene.hit({ x: 25, y: 25 }, 0)).toBeUndefined();
    editor.editor.select(['theirs']);
    expect(editor.editor.selection).toEqual([]);
    const owner = harness({ role: 'Owner', privateMode: true });
    owner.editor.applyRemote(
      remote(
        { cmd: 'filledRectangle', shape: rect('theirs', 0, 0, 50, 50, { uid: 'other', cmd: 'filledRectangle', fill: '#000000' }) } as never,
        1,
      ),
    );
    expect(owner.editor.scene.hit({ x: 25, y: 25 }, 0)?.id).toBe('theirs');
  });

  it('toScreen / toBoard follow the viewport', () => {
    const h = harness();
    h.editor.viewport.set({ tx: 10, ty: 20, scale: 2 });
    expect(h.editor.toScreen(5, 5)).toEqual({ x: 20, y: 30 });
    expect(h.editor.toBoard(20, 30)).toEqual({ x: 5, y: 5 });
    expect(h.editor.zoom$.value).toBe(2);
  });
});

describe('export', () => {
  it('SVG is shared boardToSvg of the board: white background, padding 30', async () => {
    const h = harness();
    h.editor.addShapes([rect('a', 0, 0, 100, 50)]);
    expect(exportArea(h.editor.getShapes())).toEqual({ x: -31, y: -31, w: 162, h: 112 });
    const url = await h.editor.exportImage('svg');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(url.split(',')[1]);
    expect(svg).toBe(boardToSvg(h.editor.getShapes()));
    expect(svg).toContain('width="162" height="112"');
    expect(svg).toContain('fill="#ffffff"');
  });

  it('leaves resolved comments and private shapes out', async () => {
    const h = harness({ role: 'Editor', privateMode: true });
    h.editor.applyRemote({
      id: 'c1',
      uid: 'other',
      timestamp: 1,
      status: 'normal',
      seq: 1,
      cmd: 'rectangle',
      shape: rect('theirs', 500, 500, 10, 10, { uid: 'other' }),
    } as unknown as Command);
    h.editor.addShapes([
      rect('mine', 0, 0, 10, 10),
      { id: 'cm', cmd: 'comment', x: 0, y: 0, threadId: 't', color: 6, resolved: true } as never,
    ]);
    const svg = decodeURIComponent((await h.editor.exportImage('svg')).split(',')[1]);
    expect(svg).toContain('width="72" height="72"');
  });
});
