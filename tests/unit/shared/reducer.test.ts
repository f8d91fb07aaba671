import { describe, expect, it } from 'vitest';
import { BoardDoc, computeEffect, layerOf, touchedShapes } from '../../../shared/reducer';
import type {
  Command,
  CommentShape,
  FrameShape,
  ImageShape,
  PenShape,
  StickyNoteShape,
  TextShape,
  UndoCommand,
} from '../../../shared/model';
import { add, cmd, rect } from './fixtures';

const ids = (doc: BoardDoc) => doc.ordered().map((s) => s.id);

const pen = (id: string, points: number[], uid = 'alice'): PenShape => ({
  id,
  cmd: 'pen',
  uid,
  timestamp: 1,
  points,
  color: '#000000',
  lineWidth: 2,
  type: 'pen',
});
const text = (id: string): TextShape => ({
  id,
  cmd: 'text',
  uid: 'alice',
  timestamp: 1,
  value: 'hi',
  x: 0,
  y: 0,
  color: '#000000',
  font: 'Open Sans',
  size: 16,
  align: 'left',
});
const sticky = (id: string): StickyNoteShape => ({
  id,
  cmd: 'stickyNote',
  uid: 'alice',
  timestamp: 1,
  text: 'note',
  x: 0,
  y: 0,
  w: 170,
  h: 170,
  color: '#feff9c',
  size: 'M',
  fontSize: 35,
});
const frame = (id: string): FrameShape => ({
  id,
  cmd: 'frame',
  uid: 'alice',
  timestamp: 1,
  x: 0,
  y: 0,
  w: 500,
  h: 500,
  color: '#cccccc',
  title: 'F',
  order: 1,
  children: [],
});
const comment = (id: string): CommentShape => ({
  id,
  cmd: 'comment',
  uid: 'alice',
  timestamp: 1,
  x: 5,
  y: 5,
  threadId: 't',
  color: 6,
  resolved: false,
});

describe('BoardDoc: adding and modifying shapes', () => {
  it('adds shapes of every kind and reports them', () => {
    const doc = new BoardDoc();
    const change = doc.apply(add(rect('r')));
    expect(change).toEqual({ added: ['r'], updated: [], removed: [], cleared: false, orderChanged: false });
    doc.apply(add(pen('p', [0, 0, 10, 10])));
    doc.apply(add(text('t')));
    doc.apply(add(sticky('s')));
    expect(doc.size).toBe(4);
    expect(ids(doc)).toEqual(['r', 'p', 't', 's']);
    expect(doc.get('t')).toMatchObject({ value: 'hi' });
  });

  it('propertyModifier sets, adds (tags without duplicate keys, numbers) and deletes, never protected fields', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('r')));
    doc.apply(
      cmd(
        {
          cmd: 'propertyModifier',
          shapes: ['r'],
          props: [
            { name: 'link', value: 'https://x.example' },
            { name: 'id', value: 'zzz' },
          ],
        },
        'bob',
      ),
    );
    doc.apply(cmd({ cmd: 'propertyModifier', shapes: ['r'], props: [{ name: 'tags', value: { key: 'a' }, type: 'add' }] }));
    doc.apply(
      cmd({
        cmd: 'propertyModifier',
        shapes: ['r'],
        props: [
          { name: 'tags', value: { key: 'a', value: 'dup' }, type: 'add' },
          { name: 'lineWidth', value: 3, type: 'add' },
        ],
      }),
    );
    const r = doc.get('r')!;
    expect(r.id).toBe('r');
    expect(r.link).toBe('https://x.example');
    expect(r.tags).toEqual([{ key: 'a' }]);
    expect((r as { lineWidth: number }).lineWidth).toBe(5);
    expect(r.modifiedBy).toBe('alice');
    doc.apply(cmd({ cmd: 'propertyModifier', shapes: ['r'], props: [{ name: 'link', value: null }] }));
    expect(doc.get('r')!.link).toBeUndefined();
  });

  it('text, font, font size, sticky and colour modifiers change the right fields per kind', () => {
    const doc = new BoardDoc();
    doc.apply(add(text('t')));
    doc.apply(add(sticky('s')));
    doc.apply(add(frame('f')));
    doc.apply(add(rect('r')));
    doc.apply(add(pen('p', [0, 0, 1, 1])));
    doc.apply(cmd({ cmd: 'textModifier', shape: 't', value: 'hello' }));
    doc.apply(cmd({ cmd: 'textModifier', shape: 's', value: 'sticky' }));
    doc.apply(cmd({ cmd: 'textModifier', shape: 'f', value: 'Frame title' }));
    doc.apply(cmd({ cmd: 'fontModifier', shapes: ['t', 's'], font: 'Arial' }));
    doc.apply(cmd({ cmd: 'fontSizeModifier', shapes: ['t'], size: 40 }));
    doc.apply(cmd({ cmd: 'stickyNoteModifier', shape: 's', fontSize: 20 }));
    doc.apply(cmd({ cmd: 'colorModifier', shapes: ['r', 'p', 's'], color: '#ff0000', fill: '#00ff00' }));
    expect(doc.get('t')).toMatchObject({ value: 'hello', font: 'Arial', size: 40 });
    expect(doc.get('s')).toMatchObject({ text: 'sticky', fontSize: 20, color: '#ff0000' });
    expect(doc.get('s')).not.toHaveProperty('font');
    expect(doc.get('f')).toMatchObject({ title: 'Frame title' });
    expect(doc.get('r')).toMatchObject({ stroke: '#ff0000', fill: '#00ff00' });
    expect(doc.get('p')).toMatchObject({ color: '#ff0000' });
  });

  it('reposition translates by (x, y) and sizeModifier gives new bounds per kind', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('r', 10, 10, 20, 20)));
    doc.apply(add(pen('p', [0, 0, 10, 20])));
    doc.apply(add({ id: 'c', cmd: 'circle', uid: 'alice', timestamp: 1, x: 50, y: 50, r: 10, stroke: '#000000', lineWidth: 1 }));
    doc.apply(
      cmd({
        cmd: 'reposition',
        shapePositions: [
          { shape: 'r', x: 5, y: -5 },
          { shape: 'p', x: 1, y: 1 },
          { shape: 'c', x: 10, y: 0 },
        ],
      }),
    );
    expect(doc.get('r')).toMatchObject({ x: 15, y: 5, w: 20, h: 20 });
    expect((doc.get('p') as PenShape).points).toEqual([1, 1, 11, 21]);
    expect(doc.get('c')).toMatchObject({ x: 60, y: 50 });
    doc.apply(cmd({ cmd: 'sizeModifier', shapes: ['r'], w: 100, h: 50 }));
    expect(doc.get('r')).toMatchObject({ x: 15, y: 5, w: 100, h: 50 });
    doc.apply(cmd({ cmd: 'sizeModifier', shapes: ['p'], x: 0, y: 0, w: 20, h: 40 }));
    expect((doc.get('p') as PenShape).points).toEqual([0, 0, 20, 40]);
    doc.apply(cmd({ cmd: 'sizeModifier', shapes: ['c'], x: 0, y: 0, w: 40, h: 60 }));
    expect(doc.get('c')).toMatchObject({ x: 20, y: 30, r: 20 });
  });

  it('remove, replace, lock/protect and pageModifier', () => {
    const doc = new BoardDoc();
    const img: ImageShape = {
      id: 'i',
      cmd: 'image',
      uid: 'alice',
      timestamp: 1,
      x: 0,
      y: 0,
      w: 10,
      h: 10,
      resource: 'a',
      page: { current: 1, total: 3 },
    };
    doc.apply(add(img));
    doc.apply(add(rect('r')));
    doc.apply(cmd({ cmd: 'pageModifier', shape: 'i', page: 9 }));
    expect((doc.get('i') as ImageShape).page).toEqual({ current: 3, total: 3 });
    doc.apply(cmd({ cmd: 'lock', shapes: ['r'], locked: true, protect: true }, 'bob'));
    expect(doc.get('r')).toMatchObject({ lock: true, protectedBy: 'bob' });
    doc.apply(cmd({ cmd: 'lock', shapes: ['r'], locked: false }, 'bob'));
    expect(doc.get('r')!.lock).toBe(false);
    expect(doc.get('r')!.protectedBy).toBeUndefined();
    doc.apply(cmd({ cmd: 'replace', shape: { ...img, resource: 'b' } }));
    expect((doc.get('i') as ImageShape).resource).toBe('b');
    const change = doc.apply(cmd({ cmd: 'remove', shapes: ['i', 'missing'] }));
    expect(change.removed).toEqual(['i']);
    expect(doc.get('i')).toBeUndefined();
    // replace does not resurrect a removed shape
    doc.apply(cmd({ cmd: 'replace', shape: img }));
    expect(doc.get('i')).toBeUndefined();
  });

  it('ignores modifiers of unknown shapes', () => {
    const doc = new BoardDoc();
    const change = doc.apply(cmd({ cmd: 'textModifier', shape: 'nope', value: 'x' }));
    expect(change.added).toEqual([]);
    expect(doc.size).toBe(0);
  });
});

describe('BoardDoc: layering', () => {
  it('keeps frames at the bottom, comments on top, and reorders only the others', () => {
    const doc = new BoardDoc();
    doc.apply(add(comment('cm')));
    doc.apply(add(rect('a')));
    doc.apply(add(frame('f')));
    doc.apply(add(rect('b')));
    doc.apply(add(rect('c')));
    expect(ids(doc)).toEqual(['f', 'a', 'b', 'c', 'cm']);
    expect(doc.apply(cmd({ cmd: 'changeOrder', shapes: ['a'], order: 'front' })).orderChanged).toBe(true);
    expect(ids(doc)).toEqual(['f', 'b', 'c', 'a', 'cm']);
    doc.apply(cmd({ cmd: 'changeOrder', shapes: ['c', 'a'], order: 'back' }));
    expect(ids(doc)).toEqual(['f', 'c', 'a', 'b', 'cm']);
    const none = doc.apply(cmd({ cmd: 'changeOrder', shapes: ['f', 'cm'], order: 'front' }));
    expect(none.orderChanged).toBe(false);
    expect(ids(doc)).toEqual(['f', 'c', 'a', 'b', 'cm']);
    doc.apply(add(rect('d')));
    expect(ids(doc)).toEqual(['f', 'c', 'a', 'b', 'd', 'cm']);
    expect(layerOf(frame('x'))).toBe(0);
  });

  it('keeps the order of shapes added by one commandSet', () => {
    const doc = new BoardDoc();
    doc.apply(cmd({ cmd: 'commandSet', commands: ['z', 'y', 'x'].map((id) => add(rect(id))) }));
    expect(ids(doc)).toEqual(['z', 'y', 'x']);
  });
});

describe('BoardDoc: commandSet, idempotency', () => {
  it('applies a commandSet atomically and undoes it as one', () => {
    const doc = new BoardDoc();
    doc.apply(add(sticky('s')));
    const set = cmd({
      cmd: 'commandSet',
      commands: [
        cmd({ cmd: 'colorModifier', shapes: ['s'], color: '#ff7eb9' }),
        cmd({ cmd: 'textModifier', shape: 's', value: 'new' }),
        add(rect('r')),
      ],
    });
    const change = doc.apply(set);
    expect(change.added).toEqual(['r']);
    expect(change.updated).toEqual(['s']);
    expect(touchedShapes(set).sort()).toEqual(['r', 's']);
    expect(doc.get('s')).toMatchObject({ color: '#ff7eb9', text: 'new' });
    doc.apply(cmd({ cmd: 'undo', ref: set.id }));
    expect(doc.get('s')).toMatchObject({ color: '#feff9c', text: 'note' });
    expect(doc.get('r')).toBeUndefined();
  });

  it('each part of a commandSet changes only the shapes it names (a multi-resize, a remove beside a move)', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('a', 0, 0, 10, 10)));
    doc.apply(add(rect('b', 50, 0, 10, 10)));
    doc.apply(add(rect('c', 90, 0, 10, 10)));
    doc.apply(
      cmd({
        cmd: 'commandSet',
        commands: [
          cmd({ cmd: 'sizeModifier', shapes: ['a'], w: 20, h: 30 }),
          cmd({ cmd: 'sizeModifier', shapes: ['b'], w: 40, h: 50 }),
          cmd({ cmd: 'reposition', shapePositions: [{ shape: 'c', x: 5, y: 5 }] }),
          cmd({ cmd: 'remove', shapes: ['a'] }),
        ],
      }),
    );
    expect(doc.get('a')).toBeUndefined();
    expect(doc.get('b')).toMatchObject({ x: 50, y: 0, w: 40, h: 50 });
    expect(doc.get('c')).toMatchObject({ x: 95, y: 5, w: 10, h: 10 });
  });

  it('applying the same command id twice is a no-op', () => {
    const doc = new BoardDoc();
    const move = cmd({ cmd: 'reposition', shapePositions: [{ shape: 'r', x: 5, y: 5 }] }, 'alice', 2);
    doc.apply(add(rect('r'), 'alice', 1));
    doc.apply(move);
    const again = doc.apply({ ...move });
    expect(again).toEqual({ added: [], updated: [], removed: [], cleared: false, orderChanged: false });
    expect(doc.get('r')).toMatchObject({ x: 5, y: 5 });
    expect(doc.hasCommand(move.id)).toBe(true);
    expect(doc.seq).toBe(2);
  });
});

describe('BoardDoc: undo and redo (board.md §4)', () => {
  it("undo disables the user's latest own command; A's undo never affects B's commands", () => {
    const doc = new BoardDoc();
    const a1 = add(rect('a'), 'alice');
    const b1 = add(rect('b', 0, 0, 10, 10, 'bob'), 'bob');
    doc.apply(a1);
    doc.apply(b1);
    expect(doc.latestUndoable('alice')!.id).toBe(a1.id);
    doc.apply(cmd({ cmd: 'undo', ref: a1.id }, 'alice'));
    expect(doc.get('a')).toBeUndefined();
    expect(doc.get('b')).toBeDefined();
    // alice trying to undo bob's command does nothing
    doc.apply(cmd({ cmd: 'undo', ref: b1.id }, 'alice'));
    expect(doc.get('b')).toBeDefined();
    expect(doc.getCommand(b1.id)!.status).toBe('normal');
    expect(doc.latestUndoable('alice')).toBeUndefined();
  });

  it('undoing a modifier recomputes the shape without it, keeping later changes of others', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('r')));
    const move = cmd({ cmd: 'reposition', shapePositions: [{ shape: 'r', x: 100, y: 0 }] }, 'alice');
    doc.apply(move);
    doc.apply(cmd({ cmd: 'colorModifier', shapes: ['r'], stroke: '#ff0000' }, 'bob'));
    const change = doc.apply(cmd({ cmd: 'undo', ref: move.id }, 'alice'));
    expect(change.updated).toEqual(['r']);
    expect(doc.get('r')).toMatchObject({ x: 0, stroke: '#ff0000' });
  });

  it('redo re-enables in reverse undo order; a new action ends the redo chain', () => {
    const doc = new BoardDoc();
    const c1 = add(rect('1')),
      c2 = add(rect('2')),
      c3 = add(rect('3'));
    [c1, c2, c3].forEach((c) => doc.apply(c));
    doc.apply(cmd({ cmd: 'undo', ref: doc.latestUndoable('alice')!.id }));
    doc.apply(cmd({ cmd: 'undo', ref: doc.latestUndoable('alice')!.id }));
    expect(ids(doc)).toEqual(['1']);
    expect(doc.latestRedoable('alice')!.id).toBe(c2.id);
    doc.apply(cmd({ cmd: 'undo', ref: c2.id, type: 'redo' }));
    expect(ids(doc)).toEqual(['1', '2']);
    expect(doc.latestRedoable('alice')!.id).toBe(c3.id);
    doc.apply(cmd({ cmd: 'undo', ref: c3.id, type: 'redo' }));
    expect(ids(doc)).toEqual(['1', '2', '3']);
    expect(doc.latestRedoable('alice')).toBeUndefined();
    doc.apply(cmd({ cmd: 'undo', ref: doc.latestUndoable('alice')!.id }));
    expect(doc.latestRedoable('alice')!.id).toBe(c3.id);
    doc.apply(add(rect('4')));
    expect(doc.latestRedoable('alice')).toBeUndefined();
    // bob's redo list is his own
    expect(doc.latestRedoable('bob')).toBeUndefined();
  });

  it('a redone add returns to its original place in the z-order', () => {
    const doc = new BoardDoc();
    const a = add(rect('a'));
    doc.apply(a);
    doc.apply(add(rect('b', 0, 0, 1, 1, 'bob'), 'bob'));
    doc.apply(cmd({ cmd: 'undo', ref: a.id }));
    doc.apply(cmd({ cmd: 'undo', ref: a.id, type: 'redo' }));
    expect(ids(doc)).toEqual(['a', 'b']);
  });

  it('clear disables everything before it; undo of clear restores; redo of clear keeps later shapes', () => {
    const doc = new BoardDoc();
    doc.apply(add(rect('a')));
    doc.apply(add(rect('b', 0, 0, 1, 1, 'bob'), 'bob'));
    const clear = cmd({ cmd: 'clear' }, 'owner');
    const change = doc.apply(clear);
    expect(change.cleared).toBe(true);
    expect(change.removed.sort()).toEqual(['a', 'b']);
    expect(doc.size).toBe(0);
    // alice's commands before the clear are not undoable any more
    expect(doc.latestUndoable('alice')).toBeUndefined();
    expect(doc.latestUndoable('owner')!.id).toBe(clear.id);
    doc.apply(add(rect('c', 0, 0, 1, 1, 'bob'), 'bob'));
    doc.apply(cmd({ cmd: 'undo', ref: clear.id }, 'owner'));
    expect(ids(doc)).toEqual(['a', 'b', 'c']);
    doc.apply(cmd({ cmd: 'undo', ref: clear.id, type: 'redo' }, 'owner'));
    expect(ids(doc)).toEqual(['c']);
  });
});

describe('BoardDoc: local commands and server confirmation', () => {
  it('folds a local command after confirmed ones and converges on the server order', () => {
    const server = new BoardDoc();
    const client = new BoardDoc();
    const base = add(rect('r'), 'alice', 1);
    server.apply(base);
    client.apply(base);
    // the client moves locally (no seq yet) while bob's colour change is sequenced first
    const local = cmd({ cmd: 'sizeModifier', shapes: ['r'], w: 50, h: 50 }, 'alice');
    client.apply(local);
    const bobs = cmd({ cmd: 'propertyModifier', shapes: ['r'], props: [{ name: 'w', value: 99 }] }, 'bob', 2);
    server.apply(bobs);
    server.apply({ ...local, seq: 3 });
    client.apply(bobs);
    // pending local change still wins locally (it will be sequenced after bob's)
    expect(client.get('r')).toMatchObject({ w: 50 });
    client.apply({ ...local, seq: 3 });
    expect(client.get('r')).toEqual(server.get('r'));
    expect(client.seq).toBe(3);
  });

  it('an optimistic local undo is corrected by the effect the server attaches', () => {
    const doc = new BoardDoc();
    const a = add(rect('a'), 'alice', 1);
    doc.apply(a);
    const u = cmd<UndoCommand>({ cmd: 'undo', ref: a.id }, 'alice');
    doc.apply(u);
    expect(doc.get('a')).toBeUndefined();
    doc.apply({ ...u, seq: 2, effect: { shapes: [], removed: ['a'] } });
    expect(doc.get('a')).toBeUndefined();
    expect(doc.seq).toBe(2);
  });
});

/* ---------------- a small server: log, current statuses, effects ---------------- */

class Server {
  log: Command[] = [];
  doc = new BoardDoc();
  seq = 0;
  append(c: Command): Command {
    const next = { ...c, seq: ++this.seq } as Command;
    if (next.cmd === 'undo') {
      const ref = this.log.find((x) => x.id === next.ref);
      const touched = ref ? (ref.cmd === 'clear' ? null : new Set(touchedShapes(ref))) : new Set<string>();
      const relevant = this.log.filter((x) => x.cmd === 'clear' || touched === null || touchedShapes(x).some((id) => touched.has(id)));
      next.effect = computeEffect(relevant, next);
      if (ref && ref.uid === next.uid) ref.status = next.type === 'redo' ? 'normal' : 'disabled';
    }
    this.log.push(next);
    this.doc.apply(next);
    return next;
  }
  /** The reference: a fresh fold of the log with current statuses, undo commands ignored. */
  replay(): BoardDoc {
    const doc = new BoardDoc();
    for (const c of this.log) if (c.cmd !== 'undo') doc.apply(c);
    return doc;
  }
}

const state = (doc: BoardDoc) => doc.ordered().map((s) => JSON.stringify(s));

describe('BoardDoc: snapshots and effects', () => {
  it('round-trips a snapshot', () => {
    const server = new Server();
    server.append(add(frame('f')));
    server.append(add(rect('a')));
    server.append(add(rect('b')));
    server.append(cmd({ cmd: 'changeOrder', shapes: ['a'], order: 'front' }));
    const snap = JSON.parse(JSON.stringify(server.doc.snapshot()));
    const doc = new BoardDoc(snap);
    expect(doc.seq).toBe(4);
    expect(state(doc)).toEqual(state(server.doc));
    // later commands land in the same places
    const more = [add(rect('c')), cmd({ cmd: 'changeOrder', shapes: ['b'], order: 'back' })].map((c) => server.append(c));
    more.forEach((c) => doc.apply(c));
    expect(state(doc)).toEqual(state(server.doc));
    expect(ids(doc)).toEqual(['f', 'b', 'a', 'c']);
  });

  it('undo of a command older than the snapshot, via effect, equals a full replay', () => {
    const server = new Server();
    const a = server.append(add(rect('a')));
    const move = server.append(cmd({ cmd: 'reposition', shapePositions: [{ shape: 'a', x: 10, y: 10 }] }));
    server.append(add(rect('b', 0, 0, 5, 5, 'bob'), 'bob'));
    server.append(cmd({ cmd: 'colorModifier', shapes: ['a'], stroke: '#00ff00' }, 'bob'));
    const client = new BoardDoc(server.doc.snapshot());
    // alice reloads: her commands before the snapshot stay undoable
    expect(client.latestUndoable('alice')!.id).toBe(move.id);
    for (const ref of [move.id, a.id]) {
      const u = server.append(cmd({ cmd: 'undo', ref }, 'alice'));
      client.apply(u);
    }
    expect(state(client)).toEqual(state(server.replay()));
    expect(client.get('a')).toBeUndefined();
    // and redo brings back the state with bob's colour on top
    expect(client.latestRedoable('alice')!.id).toBe(a.id);
    client.apply(server.append(cmd({ cmd: 'undo', ref: a.id, type: 'redo' }, 'alice')));
    expect(client.get('a')).toMatchObject({ x: 0, stroke: '#00ff00' });
    expect(state(client)).toEqual(state(server.replay()));
  });

  it('undo of a clear older than the snapshot restores the board via effect', () => {
    const server = new Server();
    server.append(add(rect('a')));
    server.append(add(rect('b')));
    const clear = server.append(cmd({ cmd: 'clear' }, 'owner'));
    server.append(add(rect('c')));
    const client = new BoardDoc(server.doc.snapshot());
    expect(ids(client)).toEqual(['c']);
    client.apply(server.append(cmd({ cmd: 'undo', ref: clear.id }, 'owner')));
    expect(ids(client)).toEqual(['a', 'b', 'c']);
    expect(state(client)).toEqual(state(server.replay()));
  });

  it('keeps the snapshot small: bounded by users × undo depth, not by history', () => {
    const server = new Server();
    for (let i = 0; i < 300; i++) server.append(add(rect(`s${i}`), i % 2 ? 'alice' : 'bob'));
    const snap = server.doc.snapshot();
    expect(snap.shapes).toHaveLength(300);
    expect(snap.undo.commands.length).toBeLessThanOrEqual(40);
  });

  it('random sessions: incremental, snapshot + tail and full replay agree', () => {
    let rnd = 12345;
    const random = () => (rnd = (rnd * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    let undos = 0,
      clears = 0,
      shapes = 0;
    for (let round = 0; round < 20; round++) {
      const server = new Server();
      const users = ['alice', 'bob', 'carol'];
      let shapeN = 0;
      const snapshots: Array<{ at: number; snap: ReturnType<BoardDoc['snapshot']> }> = [];
      for (let step = 0; step < 120; step++) {
        const uid = pick(users);
        const live = server.doc.ordered().map((s) => s.id);
        const r = random();
        let c: Command | undefined;
        if (r < 0.25 || live.length === 0) c = add(rect(`s${shapeN++}`, random() * 100, random() * 100, 10, 10, uid), uid);
        else if (r < 0.4) c = cmd({ cmd: 'reposition', shapePositions: [{ shape: pick(live), x: 3, y: -2 }] }, uid);
        else if (r < 0.5) c = cmd({ cmd: 'colorModifier', shapes: [pick(live)], stroke: pick(['#ff0000', '#00ff00', '#0000ff']) }, uid);
        else if (r < 0.55) c = cmd({ cmd: 'remove', shapes: [pick(live)] }, uid);
        else if (r < 0.6) c = cmd({ cmd: 'changeOrder', shapes: [pick(live)], order: pick(['front', 'back'] as const) }, uid);
        else if (r < 0.65)
          c = cmd(
            {
              cmd: 'commandSet',
              commands: [
                cmd({ cmd: 'sizeModifier', shapes: [pick(live)], w: 20, h: 30 }, uid),
                add(rect(`s${shapeN++}`, 0, 0, 5, 5, uid), uid),
              ],
            },
            uid,
          );
        else if (r < 0.67) c = cmd({ cmd: 'clear' }, uid);
        else if (r < 0.85) {
          const ref = server.doc.latestUndoable(uid);
          if (ref) c = cmd({ cmd: 'undo', ref: ref.id }, uid);
        } else {
          const ref = server.doc.latestRedoable(uid);
          if (ref) c = cmd({ cmd: 'undo', ref: ref.id, type: 'redo' }, uid);
        }
        if (!c) continue;
        server.append(c);
        if (step % 30 === 0) snapshots.push({ at: server.seq, snap: JSON.parse(JSON.stringify(server.doc.snapshot())) });
      }
      const reference = state(server.replay());
      expect(state(server.doc)).toEqual(reference);
      for (const { at, snap } of snapshots) {
        const client = new BoardDoc(snap);
        for (const c of server.log) if (c.seq! > at) client.apply(JSON.parse(JSON.stringify(c)));
        expect(state(client)).toEqual(reference);
      }
      undos += server.log.filter((c) => c.cmd === 'undo').length;
      clears += server.log.filter((c) => c.cmd === 'clear').length;
      shapes += reference.length;
    }
    // the sessions really exercised undo, redo and clear
    expect(undos).toBeGreaterThan(200);
    expect(clears).toBeGreaterThan(10);
    expect(shapes).toBeGreaterThan(20);
  });
});

describe('BoardDoc: optimistic clients converge', () => {
  it('random interleavings of local commands, echoes and local undos end in the server state', () => {
    let rnd = 987654;
    const random = () => (rnd = (rnd * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    let checked = 0;
    for (let round = 0; round < 15; round++) {
      const server = new Server();
      const users = ['alice', 'bob'];
      const clients = new Map(users.map((u) => [u, { doc: new BoardDoc(), outbox: [] as Command[], seen: 0 }]));
      let shapeN = 0;
      for (let step = 0; step < 150; step++) {
        if (step === 75) {
          // bob reloads: his queue is flushed, then he joins from a snapshot
          const bob = clients.get('bob')!;
          for (const c of bob.outbox.splice(0)) server.append(c);
          clients.set('bob', { doc: new BoardDoc(JSON.parse(JSON.stringify(server.doc.snapshot()))), outbox: [], seen: server.log.length });
        }
        const r = random();
        const uid = pick(users);
        const client = clients.get(uid)!;
        if (r < 0.5) {
          // the user acts locally
          const live = client.doc.ordered().map((s) => s.id);
          const k = random();
          let c: Command | undefined;
          if (k < 0.35 || live.length === 0) c = add(rect(`${uid}${shapeN++}`, 0, 0, 10, 10, uid), uid);
          else if (k < 0.6) c = cmd({ cmd: 'reposition', shapePositions: [{ shape: pick(live), x: 1, y: 2 }] }, uid);
          else if (k < 0.7) c = cmd({ cmd: 'changeOrder', shapes: [pick(live)], order: 'front' }, uid);
          else if (k < 0.75) c = cmd({ cmd: 'remove', shapes: [pick(live)] }, uid);
          else if (k < 0.78) c = cmd({ cmd: 'clear' }, uid);
          else if (k < 0.9) {
            const ref = client.doc.latestUndoable(uid);
            if (ref) c = cmd({ cmd: 'undo', ref: ref.id }, uid);
          } else {
            const ref = client.doc.latestRedoable(uid);
            if (ref) c = cmd({ cmd: 'undo', ref: ref.id, type: 'redo' }, uid);
          }
          if (c) {
            client.doc.apply(c);
            client.outbox.push(c);
          }
        } else if (r < 0.75) {
          // the server receives the next queued command of that user
          const next = client.outbox.shift();
          if (next) server.append(next);
        } else {
          // the user receives some of the log (in seq order, own echoes included)
          const upTo = client.seen + Math.ceil(random() * 4);
          for (; client.seen < Math.min(upTo, server.log.length); client.seen++)
            client.doc.apply(JSON.parse(JSON.stringify(server.log[client.seen])));
        }
      }
      for (const client of clients.values()) for (const c of client.outbox.splice(0)) server.append(c);
      const reference = state(server.replay());
      expect(state(server.doc)).toEqual(reference);
      for (const client of clients.values()) {
        for (; client.seen < server.log.length; client.seen++) client.doc.apply(JSON.parse(JSON.stringify(server.log[client.seen])));
        expect(state(client.doc)).toEqual(reference);
        checked++;
      }
    }
    expect(checked).toBe(30);
  });
});

describe('computeEffect', () => {
  it('gives the post-state of the shapes the undone command touched', () => {
    const a = add(rect('a'), 'alice', 1);
    const m = cmd({ cmd: 'reposition', shapePositions: [{ shape: 'a', x: 5, y: 0 }] }, 'alice', 2);
    const undo = cmd<UndoCommand>({ cmd: 'undo', ref: m.id }, 'alice', 3);
    const effect = computeEffect([a, m], undo);
    expect(effect.removed).toEqual([]);
    expect(effect.shapes).toEqual([rect('a')]);
    expect(effect.z).toEqual({ a: 1 });
    const undoAdd = cmd<UndoCommand>({ cmd: 'undo', ref: a.id }, 'alice', 4);
    expect(computeEffect([a, m], undoAdd)).toMatchObject({ shapes: [], removed: ['a'] });
  });

  it("refuses to affect another user's command", () => {
    const a = add(rect('a'), 'alice', 1);
    expect(computeEffect([a], cmd<UndoCommand>({ cmd: 'undo', ref: a.id }, 'bob', 2))).toEqual({ shapes: [], removed: [] });
  });
});
