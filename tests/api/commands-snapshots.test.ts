import { describe, expect, it } from 'vitest';
import { appendCommand } from '../../platform/boards/service';
import { refreshSnapshot, SNAPSHOT_EVERY, snapshotDue, snapshotsIdle } from '../../platform/boards/snapshots';
import type { Command } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { add, boardsSuite, call, clear, move, newBoard, rect, remove, undo, type Who } from './boards-fixtures';

/** Snapshots: join = latest snapshot + tail, equal to a full replay; undo across the snapshot boundary. */
describe('board snapshots and join', () => {
  const s = boardsSuite({ ann: { plan: 'team' }, bob: {} });

  /** Every stored command, folded from scratch. */
  const fullReplay = async (boardId: string) => {
    const rows = await s.p.db('commands').where({ board_id: boardId }).orderBy('seq');
    const doc = new BoardDoc();
    for (const r of rows) doc.apply({ ...r.payload, seq: Number(r.seq) });
    return doc;
  };
  const joinState = async (code: string, who: Who = s.ann) => {
    const res = await s.p.server.inject({ url: `/api/boards/${code}/commands`, headers: { authorization: `Bearer ${who.token}` } });
    const body = JSON.parse(res.payload);
    const doc = new BoardDoc(body.snapshot ?? undefined);
    for (const c of body.commands) doc.apply(c);
    return { doc, body, res };
  };
  const view = (doc: BoardDoc) => doc.ordered().map((s) => JSON.stringify(s));

  it('streams the join with an exact content-length and no on-the-fly compression', async () => {
    const { code } = await newBoard(s.p, s.ann);
    for (let i = 0; i < 30; i++)
      await appendCommand(s.app(), code, s.ann.actor, add(s.ann.actor.uid, rect(`s${i}`, s.ann.actor.uid, i, i)));
    const res = await s.p.server.inject({
      url: `/api/boards/${code}/commands`,
      headers: { authorization: `Bearer ${s.ann.token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.payload));
    expect(res.headers['content-encoding']).toBe('identity');
    const body = JSON.parse(res.payload);
    expect(body.board).toMatchObject({ code, claims: { role: 'Owner' } });
    expect(body).toMatchObject({ snapshot: null, lastSeq: 30 });
    expect(body.commands).toHaveLength(30);
  });

  it('snapshot + tail equals the full replay (adds, moves, removes, undo, redo, clear)', { timeout: 120_000 }, async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const mine: Command[] = [];
    for (let i = 0; i < 700; i++) {
      const who = i % 3 === 0 ? s.bob : s.ann;
      const uid = who.actor.uid;
      let c: Command;
      if (i < 200) c = add(uid, rect(`r${i}`, uid, i, i));
      else if (i % 50 === 0) c = remove(uid, [`r${i % 200}`]);
      else c = move(uid, `r${i % 200}`, 1, 2);
      await appendCommand(s.app(), code, who.actor, c);
      if (who === s.ann) mine.push(c);
    }
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, mine.at(-1)!.id));
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, mine.at(-2)!.id));
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, mine.at(-2)!.id, true));
    await snapshotsIdle(s.app());
    const seq = await refreshSnapshot(s.p.db, id);
    expect(seq).toBe(703);
    // the tail after the snapshot
    for (let i = 0; i < 40; i++) await appendCommand(s.app(), code, s.bob.actor, move(s.bob.actor.uid, `r${i}`, 3, 3));
    const c = clear(s.ann.actor.uid);
    await appendCommand(s.app(), code, s.ann.actor, c);
    await appendCommand(s.app(), code, s.bob.actor, add(s.bob.actor.uid, rect('late', s.bob.actor.uid)));
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, c.id));
    const { doc, body } = await joinState(code);
    expect(body.snapshot.seq).toBe(703);
    expect(body.snapshotSeq).toBe(703);
    expect(body.commands[0].seq).toBe(704);
    expect(body.lastSeq).toBe(746);
    const full = await fullReplay(id);
    expect(view(doc)).toEqual(view(full));
    expect(doc.size).toBeGreaterThan(150);
  });

  it('keeps an undo of a command older than the snapshot correct', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const first = add(s.ann.actor.uid, rect('old', s.ann.actor.uid, 5, 5));
    await appendCommand(s.app(), code, s.ann.actor, first);
    const annMove = move(s.ann.actor.uid, 'old', 10, 0);
    await appendCommand(s.app(), code, s.ann.actor, annMove);
    for (let i = 0; i < 50; i++) {
      await appendCommand(s.app(), code, s.bob.actor, add(s.bob.actor.uid, rect(`b${i}`, s.bob.actor.uid)));
      await appendCommand(s.app(), code, s.bob.actor, move(s.bob.actor.uid, 'old', 0, 1));
    }
    await refreshSnapshot(s.p.db, id);
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, annMove.id));
    const { doc, body } = await joinState(code);
    expect(body.snapshot.seq).toBe(102);
    expect(body.commands).toHaveLength(1);
    // Ann's move is gone, Bob's 50 moves stay
    expect(doc.get('old')).toMatchObject({ x: 5, y: 55 });
    expect(view(doc)).toEqual(view(await fullReplay(id)));
    // and undoing the add removes only Ann's shape
    await appendCommand(s.app(), code, s.ann.actor, undo(s.ann.actor.uid, first.id));
    const after = await joinState(code);
    expect(after.doc.has('old')).toBe(false);
    expect(after.doc.size).toBe(50);
    expect(view(after.doc)).toEqual(view(await fullReplay(id)));
  });

  /** Stores commands straight into the log (fast seeding), as appendCommand would number them. */
  const seed = async (boardId: string, from: number, commands: Command[]) => {
    const rows = commands.map((c, i) => ({
      board_id: boardId,
      seq: from + i,
      client_id: c.id,
      uid: c.uid,
      kind: c.cmd,
      payload: JSON.stringify(c),
    }));
    for (let i = 0; i < rows.length; i += 500) await s.p.db('commands').insert(rows.slice(i, i + 500));
    await s.p
      .db('boards')
      .where({ id: boardId })
      .update({ last_seq: from + commands.length - 1 });
  };

  it(
    'refreshes snapshots in the background every max(SNAPSHOT_EVERY, live shapes) commands and prunes old ones',
    { timeout: 120_000 },
    async () => {
      const { code, id } = await newBoard(s.p, s.ann);
      const E = SNAPSHOT_EVERY;
      const batch = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => add(s.ann.actor.uid, rect(`z${from + i}`, s.ann.actor.uid)));
      /** seeds the log up to seq `to - 1`, then appends seq `to` through the service (which schedules) */
      const appendUpTo = async (to: number) => {
        const last = Number((await s.p.db('boards').where({ id }).first()).last_seq);
        if (to - 1 > last) await seed(id, last + 1, batch(last, to - 1 - last));
        await appendCommand(s.app(), code, s.ann.actor, batch(to - 1, 1)[0]!);
        // a condition, not a sleep: resolves once the refresh this append may have started (or the
        // first lookup of the board's snapshot seq that decides it) is over
        await snapshotsIdle(s.app());
      };
      const snapshotSeqs = async () => (await s.p.db('snapshots').where({ board_id: id }).orderBy('seq')).map((r) => Number(r.seq));
      await appendUpTo(E - 1);
      expect(await snapshotSeqs()).toEqual([]);
      await appendUpTo(E);
      expect(await snapshotSeqs()).toEqual([E]);
      expect(Number((await s.p.db('boards').where({ id }).first()).snapshot_seq)).toBe(E);
      // E live shapes: the next one after E more commands
      await appendUpTo(2 * E);
      expect(await snapshotSeqs()).toEqual([E, 2 * E]);
      // 2E live shapes now: none after E more commands, one after 2E (the oldest is pruned)
      await appendUpTo(3 * E);
      expect(await snapshotSeqs()).toEqual([E, 2 * E]);
      await appendUpTo(4 * E);
      expect(await snapshotSeqs()).toEqual([2 * E, 4 * E]);
      const { doc, body } = await joinState(code);
      expect(body.snapshot.seq).toBe(4 * E);
      expect(body.commands).toHaveLength(0);
      expect(doc.size).toBe(4 * E);
      expect(view(doc)).toEqual(view(await fullReplay(id)));
    },
  );

  it('snapshotDue: every SNAPSHOT_EVERY commands, or every board-size commands on a larger board', () => {
    expect(snapshotDue(SNAPSHOT_EVERY - 1, 0)).toBe(false);
    expect(snapshotDue(SNAPSHOT_EVERY, 10)).toBe(true);
    expect(snapshotDue(SNAPSHOT_EVERY, 3000)).toBe(false);
    expect(snapshotDue(3000, 3000)).toBe(true);
  });

  it('gives a client far behind a snapshot a new baseline instead of the whole history', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    await seed(
      id,
      1,
      Array.from({ length: 6000 }, (_, i) => add(s.ann.actor.uid, rect(`bulk${i}`, s.ann.actor.uid), `bulk-${i}`)),
    );
    await refreshSnapshot(s.p.db, id);
    const res = await call(s.p, s.ann, 'GET', `/api/boards/${code}/commands?after=10`);
    expect(res.body.snapshot.seq).toBe(6000);
    expect(res.body.commands).toHaveLength(0);
    const near = await call(s.p, s.ann, 'GET', `/api/boards/${code}/commands?after=5990`);
    expect(near.body.snapshot).toBeNull();
    expect(near.body.commands).toHaveLength(10);
  });
});
