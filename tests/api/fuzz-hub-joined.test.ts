/**
 * Fuzzing every hub method from a socket that IS on the board (fuzz-hub.test.ts mostly reaches
 * the argument checks and the "join first" refusal; this one reaches the services behind them):
 * the board's owner, joined, calls random methods with the right board code and random other
 * arguments. Every answer is a success or a 4xx in the error envelope, never a 5xx; no error is
 * logged; the socket stays open; and what is stored is exactly what was accepted (commands,
 * chat messages, comments). Seeded: FUZZ_SEED=n replays another run.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_EVENTS, HUB_METHODS } from '../../shared/hub';
import { HubClient, type HubError } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, cid, newBoard, rect, signedIn, type Who } from './boards-fixtures';
import { fuzzSeed, prng, type Rng } from './fuzz-support';

/** Includes a NUL ('\u0000'), which PostgreSQL cannot hold: refused with a 400 (platform/core/nul.ts). */
const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(3000),
  '💥',
  '\u0001',
  'a\u0000b',
  '<b>',
  "'; drop table boards; --",
  'NaN',
  '-1',
  '#GGGGGG',
  '#112233',
  'dot',
  'https://example.com/x.png',
  '3b241101-e2bb-4255-8caf-4136c566a962',
];
/** Object keys: field names the methods know, plus odd ones (Object.prototype names among them). */
const KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'id',
  'message',
  'name',
  'data',
  'uid',
  'lastSeq',
  'clientid',
  'bg',
  'bgColor',
  'upload',
  'privateMode',
  'viewport',
  'type',
  'blurry',
  'x',
  'y',
  'w',
  'h',
  'seq',
  'cmd',
  'shape',
  '💥',
  '',
];

function anyValue(r: Rng, depth = 2): unknown {
  switch (r.int(depth > 0 ? 7 : 4)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick([0, -1, 1, 2, 1.5, 1e20, Number.MAX_SAFE_INTEGER]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return Array.from({ length: r.int(3) }, () => anyValue(r, depth - 1));
    case 5:
      return { name: r.pick([...CHANNEL_EVENTS, 'nope']), data: anyValue(r, depth - 1) };
    default:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(KEYS), anyValue(r, depth - 1)]));
  }
}

describe('fuzzing the hub methods of a joined socket', () => {
  let p: TestPlatform;
  let owner: Who;
  let board: { code: string; id: string };
  let errors: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    owner = await signedIn(p, { plan: 'team', name: 'Fuzzy Owner' });
    board = await newBoard(p, owner);
    errors = vi.spyOn(p.server.app.logger, 'error');
  });
  afterAll(async () => {
    await p?.stop();
  });

  const count = async (table: string, where: Record<string, string>) =>
    Number((await p.db(table).where(where).count<{ n: string }[]>({ n: '*' }))[0]!.n);
  const stored = async () => ({
    commands: await count('commands', { board_id: board.id }),
    chat: await count('chat_messages', { board_id: board.id }),
    comments: Number(
      (
        await p
          .db('comments')
          .join('comment_threads', 'comments.thread_id', 'comment_threads.id')
          .where('comment_threads.board_id', board.id)
          .count<{ n: string }[]>({ n: '*' })
      )[0]!.n,
    ),
  });

  it('answers a success or a 4xx, never a 5xx; stores exactly what it accepted', async () => {
    const r = prng(fuzzSeed(4242));
    const c = await HubClient.connect(p.url, { token: owner.token });
    await c.call('joinBoard', null, board.code, null, {});
    const before = await stored();
    const accepted = { commands: 0, chat: 0, comments: 0 };
    const chatIds = new Set<string>();
    const statuses = new Map<string, number>();
    const methods = HUB_METHODS.filter((m) => m !== 'joinBoard');
    for (let i = 0; i < 400; i++) {
      const method = r.pick(methods);
      const args: unknown[] = [board.code, ...Array.from({ length: r.int(4) }, () => anyValue(r))];
      if (method === 'sendCommand' && r.int(4) === 0)
        args[1] = { ...add(owner.actor.uid, rect(`f-${cid()}`, owner.actor.uid)), ...(anyValue(r, 1) as object) };
      if (method === 'sendMessage' && r.int(2) === 0) args[1] = { id: `m${r.int(20)}`, message: r.pick(STRINGS) };
      const label = `${method}(${JSON.stringify(args).slice(0, 300)})`;
      try {
        const answer = await c.call(method, ...args);
        statuses.set('ok', (statuses.get('ok') ?? 0) + 1);
        if (method === 'sendCommand' && !answer.duplicate) accepted.commands++;
        if (method === 'addComment') accepted.comments++;
        if (method === 'deleteComment') accepted.comments--;
        // a chat message id is stored once: count the distinct ids accepted
        if (method === 'sendMessage') chatIds.add(answer.id);
      } catch (err) {
        const status = (err as HubError).statusCode ?? -1;
        statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
        expect(status, label).toBeGreaterThanOrEqual(400);
        expect(status, label).toBeLessThan(500);
        expect((err as HubError).data?.message, label).toEqual(expect.any(String));
      }
    }
    expect(c.disconnects).toBe(0);
    accepted.chat = chatIds.size;
    const after = await stored();
    expect({
      commands: after.commands - before.commands,
      chat: after.chat - before.chat,
      comments: after.comments - before.comments,
    }).toEqual(accepted);
    // both kinds of answer happened: the run reached the services, not only the argument checks
    expect(statuses.get('ok') ?? 0).toBeGreaterThan(10);
    expect(statuses.get('400') ?? 0).toBeGreaterThan(10);
    // the socket is still on the board and the board still opens
    await expect(c.call('sendCommand', board.code, add(owner.actor.uid, rect(`ok-${cid()}`, owner.actor.uid)))).resolves.toMatchObject({
      seq: expect.any(Number),
    });
    const res = await p.server.inject({ url: `/api/boards/${board.code}/commands`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode).toBe(200);
    await c.close();
  }, 120_000);

  // each test on its own (also when run alone, -t): the platform logged no error while it ran
  // (a 5xx answer or a hub method that threw); was a last test that only held after the others
  afterEach(() => {
    const logged = errors.mock.calls.map((c: unknown[]) => c.at(-1));
    errors.mockClear();
    expect(logged, 'errors logged by the platform').toEqual([]);
  });
});
