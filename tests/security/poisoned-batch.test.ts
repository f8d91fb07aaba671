/**
 * Issue 9, finding 5 (docs/security.md "Hostile input"): one editor could fail everyone's writes.
 * A lone surrogate anywhere in a command, or a NUL nested 64+ levels deep, made the jsonb cast of
 * the per-board group commit fail, and with it every honest command of the same statement (500s).
 * Here several honest sockets (and HTTP senders) and one poisoning socket (and HTTP sender) write
 * to one board at the same time: no honest command fails, each is in the log exactly once, and
 * every poisoned one is its sender's 400. Then the group commit itself (platform/boards/
 * append-queue.ts) is fed commands the database refuses, past every guard, inside a batch of
 * honest ones: only those fail, as 400s. Runs on PostgreSQL (TEST_DB=pg) and on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueInsert, UNSTORABLE } from '../../platform/boards/append-queue';
import type { Command } from '../../shared/model';
import { HubClient, type HubError } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, cid, guest, move, newBoard, rect, signedIn, uidOf, type Who } from '../api/boards-fixtures';

let p: TestPlatform;
let owner: Who;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  errors = vi.spyOn(p.server.app.logger, 'error');
});
afterAll(async () => {
  await p?.stop();
});

async function editableBoard(): Promise<{ code: string; id: string }> {
  const board = await newBoard(p, owner);
  const shared = await call(p, owner, 'POST', `/api/boards/${board.code}/sharings`, { link: 'Editor' });
  expect(shared.status).toBe(200);
  return board;
}

const deep = (levels: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

/** The poisons the issue measured, each in an otherwise valid command. */
function poisoned(uid: string, i: number): Command {
  const shape = rect(`poison-${cid()}`, uid, i, i) as unknown as Record<string, unknown>;
  switch (i % 5) {
    case 0:
      return add(uid, { ...shape, id: `p\ud800${i}` } as never);
    case 1:
      return add(uid, { ...shape, metadata: { note: `x\udc00` } } as never);
    case 2:
      return add(uid, { ...shape, metadata: { [`k\ud800${i}`]: 1 } } as never);
    case 3:
      return add(uid, { ...shape, metadata: { m: deep(66, 'a\u0000b') } } as never);
    default:
      return add(uid, { ...shape, metadata: { m: deep(50, 'a\u0000b') } } as never);
  }
}

const storedIds = async (boardId: string): Promise<string[]> =>
  (await p.db('commands').where({ board_id: boardId }).orderBy('seq').select('client_id', 'seq')).map((r) => r.client_id as string);

describe('one poisoning editor among honest ones', () => {
  it('over the hub (real sockets): 0 honest commands fail, each is stored once, every poisoned one is a 400', async () => {
    const board = await editableBoard();
    const honestWho = [owner, await signedIn(p, { name: 'Hal' }), guest()];
    const poisoner = guest();
    const connect = async (who: Who) => {
      const c = await HubClient.connect(p.url, who.token ? { token: who.token } : {});
      await c.call('joinBoard', null, board.code, null, who.token ? {} : { uid: uidOf(who) });
      return c;
    };
    const honest = await Promise.all(honestWho.map(connect));
    const bad = await connect(poisoner);
    // the server stamps the author: the uid in the command does not matter
    const honestSent = honest.map((_, s) =>
      Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? move('x', `h${s}-${i - 1}`, 5, 5) : add('x', rect(`h${s}-${i}`, 'x', i, s)))),
    );
    const poisonSent = Array.from({ length: 60 }, (_, i) => poisoned('x', i));

    const honestAnswers = honest.map((c, s) =>
      honestSent[s]!.map((command) =>
        c.call('sendCommand', board.code, command).then(
          () => 'ok',
          (err: HubError) => `${err.statusCode} ${err.message}`,
        ),
      ),
    );
    const poisonAnswers = poisonSent.map((command) => bad.fail('sendCommand', board.code, command));
    const [honestResults, poisonResults] = await Promise.all([Promise.all(honestAnswers.flat()), Promise.all(poisonAnswers)]);

    expect(honestResults.filter((r) => r !== 'ok')).toEqual([]);
    expect(poisonResults.map((e) => e.statusCode)).toEqual(poisonSent.map(() => 400));
    for (const e of poisonResults) expect(Object.keys(e.data?.errors ?? {})[0]).toMatch(/^command\.shape\./);
    const stored = await storedIds(board.id);
    const expected = honestSent.flat().map((c) => c.id);
    expect(stored.slice().sort()).toEqual(expected.slice().sort());
    expect(new Set(stored).size).toBe(stored.length);
    // nothing else failed on the way: every socket is still up
    for (const c of [...honest, bad]) expect(c.disconnects).toBe(0);
    await Promise.all([...honest, bad].map((c) => c.close()));
  });

  it('over HTTP: 0 honest commands fail, each is stored once, every poisoned one is a 400 (command as an object or as JSON text)', async () => {
    const board = await editableBoard();
    const honestWho = [owner, await signedIn(p, { name: 'Hal' }), guest()];
    const poisoner = guest();
    const honestSent = honestWho.map((_, s) => Array.from({ length: 30 }, (_, i) => add('x', rect(`w${s}-${i}`, 'x', i, s))));
    const poisonSent = Array.from({ length: 40 }, (_, i) => poisoned('x', i));
    const post = (who: Who, command: Command, asText: boolean) =>
      call(p, who, 'POST', `/api/boards/${board.code}/commands`, { boardCommand: asText ? JSON.stringify(command) : command });

    const [honestResults, poisonResults] = await Promise.all([
      Promise.all(honestWho.flatMap((who, s) => honestSent[s]!.map((c, i) => post(who, c, i % 2 === 0)))),
      Promise.all(poisonSent.map((c, i) => post(poisoner, c, i % 2 === 0))),
    ]);

    expect(honestResults.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(poisonResults.map((r) => r.status)).toEqual(poisonSent.map(() => 400));
    for (const r of poisonResults) {
      expect(r.body.message).toEqual(expect.any(String));
      expect(Object.keys(r.body.errors)[0]).toMatch(/^boardCommand\.shape\./);
    }
    const stored = await storedIds(board.id);
    expect(stored.slice().sort()).toEqual(
      honestSent
        .flat()
        .map((c) => c.id)
        .sort(),
    );
    expect(new Set(stored).size).toBe(stored.length);
  });
});

describe('the group commit never lets one command fail another', () => {
  it('commands the database refuses, queued in one batch with honest ones, fail alone as 400s; the honest ones are stored once, in order', async () => {
    const board = await editableBoard();
    const uid = owner.actor.uid;
    // Past every guard (straight into the queue): what the database itself refuses, for several reasons.
    const refused: Array<[string, Command]> = [
      ['a lone surrogate (jsonb)', add(uid, rect(`q\ud800`, uid))],
      ['a lone low surrogate in a key (jsonb)', add(uid, { ...rect('q1', uid), metadata: { ['\udc00']: 1 } } as never)],
      ['a NUL 66 levels deep (jsonb)', add(uid, { ...rect('q2', uid), metadata: { m: deep(66, 'a\u0000b') } } as never)],
      ['a client id longer than its column', add(uid, rect('q3', uid), `c-${'x'.repeat(200)}`)],
    ];
    const honest = Array.from({ length: 40 }, (_, i) => add(uid, rect(`ok${i}`, uid, i, i)));
    // interleaved, all queued in the same turn: the first leaves alone, the rest wait and leave together in one statement
    const jobs: Array<{ command: Command; refused?: string }> = [];
    honest.forEach((command, i) => {
      jobs.push({ command });
      if (i % 10 === 5) {
        const [what, bad] = refused[(i - 5) / 10]!;
        jobs.push({ command: bad, refused: what });
      }
    });
    const results = await Promise.all(
      jobs.map((job) =>
        queueInsert(p.server.app, board.id, job.command, [(job.command as { shape?: { id: string } }).shape?.id ?? 'x']).then(
          (seq) => ({ job, seq, err: null as unknown }),
          (err: unknown) => ({ job, seq: null, err }),
        ),
      ),
    );
    for (const r of results) {
      if (r.job.refused) {
        expect(r.seq, r.job.refused).toBeNull();
        expect(r.err, r.job.refused).toMatchObject({ isBoom: true, output: { statusCode: 400, payload: { message: UNSTORABLE } } });
      } else {
        expect(r.err, r.job.command.id).toBeNull();
      }
    }
    // the honest commands: stored once each, numbered densely in the order they were queued
    const rows = await p.db('commands').where({ board_id: board.id }).orderBy('seq').select('client_id', 'seq');
    expect(rows.map((r) => r.client_id)).toEqual(honest.map((c) => c.id));
    expect(rows.map((r) => Number(r.seq))).toEqual(honest.map((_, i) => i + 1));
    expect(results.filter((r) => !r.job.refused).map((r) => r.seq)).toEqual(honest.map((_, i) => i + 1));
    expect(Number((await p.db('boards').where({ id: board.id }).first('last_seq')).last_seq)).toBe(honest.length);
  });

  it('logged no error on the way: every refusal was its sender’s 4xx', () => {
    expect(errors).not.toHaveBeenCalled();
  });
});
