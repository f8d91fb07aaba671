import { describe, expect, it } from 'vitest';
import { appendCommand } from '../../platform/boards/service';
import { BoardDoc } from '../../shared/reducer';
import { add, boardsSuite, move, newBoard, rect, undo } from './boards-fixtures';

/** Group commit (platform/boards/append-queue.ts): concurrent appends to one board share statements. */
describe('group commit per board', () => {
  const s = boardsSuite({ ann: {} });
  const rows = (boardId: string) =>
    s.p.db('commands').where({ board_id: boardId }).orderBy('seq').select('seq', 'client_id', 'shape_ids', 'payload');

  it('numbers a burst of concurrent commands densely, once each, in the order they were queued', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const sent = Array.from({ length: 40 }, (_, i) => add(s.ann.actor.uid, rect(`s${i}`, s.ann.actor.uid, i, i)));
    const answers = await Promise.all(sent.map((c) => appendCommand(s.app(), code, s.ann.actor, c)));
    const stored = await rows(id);
    expect(stored.map((r) => Number(r.seq))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(stored.map((r) => r.client_id)).size).toBe(40);
    // every answer carries the seq its row got, and the shape ids are filed with it
    const bySeq = new Map(stored.map((r) => [Number(r.seq), r]));
    for (const a of answers) {
      expect(a.duplicate).toBe(false);
      expect(bySeq.get(a.command.seq!)!.client_id).toBe(a.command.id);
      expect(bySeq.get(a.command.seq!)!.shape_ids).toEqual([(a.command as { shape: { id: string } }).shape.id]);
      expect(bySeq.get(a.command.seq!)!.payload).not.toHaveProperty('seq');
    }
    const board = await s.p.db('boards').where({ id }).first('last_seq');
    expect(Number(board.last_seq)).toBe(40);
    // the ones that queued behind the first left together: rows of one statement share its transaction id
    const transactions = await s.p
      .db('commands')
      .where({ board_id: id })
      .countDistinct({ n: s.p.db.raw('xmin::text') })
      .first();
    expect(Number(transactions!.n)).toBeLessThan(10);
  });

  it('answers a resend inside a burst as a duplicate and stores the others', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const first = add(s.ann.actor.uid, rect('r0', s.ann.actor.uid));
    const burst = [first, ...Array.from({ length: 10 }, (_, i) => add(s.ann.actor.uid, rect(`r${i + 1}`, s.ann.actor.uid))), { ...first }];
    const answers = await Promise.all(burst.map((c) => appendCommand(s.app(), code, s.ann.actor, c)));
    expect(answers.filter((a) => a.duplicate)).toHaveLength(1);
    expect(answers.at(-1)!.command.seq).toBe(answers[0]!.command.seq);
    const stored = await rows(id);
    expect(stored.map((r) => Number(r.seq))).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
  });

  it('runs an undo after the commands queued before it, and commands after it get later seqs', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const shape = add(s.ann.actor.uid, rect('u1', s.ann.actor.uid));
    await appendCommand(s.app(), code, s.ann.actor, shape);
    const moves = Array.from({ length: 5 }, (_, i) => move(s.ann.actor.uid, 'u1', 10 * (i + 1), 0));
    const last = moves.at(-1)!;
    const after = add(s.ann.actor.uid, rect('u2', s.ann.actor.uid));
    // the moves and the undo of the last move are queued in the same turn; the undo must find it
    const answers = await Promise.all(
      [...moves, undo(s.ann.actor.uid, last.id), after].map((c) => appendCommand(s.app(), code, s.ann.actor, c)),
    );
    const undone = answers[5]!.command;
    expect(undone.seq).toBe(7);
    expect(answers[6]!.command.seq).toBe(8);
    const doc = new BoardDoc();
    for (const r of await rows(id)) doc.apply({ ...r.payload, seq: Number(r.seq) });
    // moves are relative: 10 + 20 + 30 + 40, the fifth (50) undone
    expect(doc.get('u1')).toMatchObject({ x: 100, y: 0 });
    expect(doc.get('u2')).toBeTruthy();
  });
});
