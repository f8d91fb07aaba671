/**
 * Issue 9, finding 8 (docs/security.md "Abuse limits"): no abuse limits. Reproduced as the issue
 * describes it — 3,000 chat messages, a flood of comments, 2,000 × 19 KB anonymous client logs,
 * 100,001 shapes, a 51 MB commandSet over the hub — and refused:
 *  - chat and comments: per socket and per user budgets (429 answers over the hub);
 *  - commands: per socket and per user budgets shared by the hub and HTTP (429 with Retry-After
 *    in the error envelope over HTTP);
 *  - client logs: per user, or per client address when anonymous, shared across nodes through
 *    Redis;
 *  - a per-command size cap and a per-board live-shape cap, configurable, with a message that
 *    says what to do; the hub refuses a frame over the HTTP cap (4 MB) before reading it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSharing } from '../../platform/boards/sharing';
import { commandsSince } from '../../platform/boards/service';
import { DEFAULT_LIMITS, type AbuseLimits } from '../../platform/core/limits';
import { COMMAND_MAX_BYTES, PAYLOAD_MAX_BYTES } from '../../shared/constants';
import { boardShapeLimit, commandTooLarge, MESSAGES } from '../../shared/messages';
import type { Command } from '../../shared/model';
import { HubClient } from '../helpers/hub';
import { callOn, floodClient, freshGet } from './fresh-http';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, cid, clear, guest, move, newBoard, rect, remove, send, signedIn, undo, uidOf, type Who } from '../api/boards-fixtures';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Settles every promise; counts answers by status (200 for a resolved call). */
async function tally(calls: Array<Promise<unknown>>): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const r of await Promise.allSettled(calls)) {
    const status = r.status === 'fulfilled' ? 200 : ((r.reason as { statusCode?: number }).statusCode ?? -1);
    out.set(status, (out.get(status) ?? 0) + 1);
  }
  return out;
}

async function joined(p: TestPlatform, who: Who, code: string): Promise<HubClient> {
  const c = await HubClient.connect(p.url, { token: who.token });
  await c.call('joinBoard', null, code, null, who.token ? {} : { uid: uidOf(who) });
  return c;
}

/** A commandSet of `n` rectangles by `uid`. */
const shapesSet = (uid: string, n: number, prefix = cid()): Command =>
  ({
    id: cid(),
    uid,
    status: 'normal',
    timestamp: Date.now(),
    cmd: 'commandSet',
    commands: Array.from({ length: n }, (_, i) => add(uid, rect(`${prefix}-${i}`, uid, i, i))),
  }) as Command;

describe('with the default limits', () => {
  let p: TestPlatform;
  let owner: Who;
  let code: string;
  const open: HubClient[] = [];
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    owner = await signedIn(p, { name: 'Olive Owner' });
    code = (await newBoard(p, owner)).code;
    await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await p?.stop();
  });

  it('the defaults are the documented ones', () => {
    expect(p.config.limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toMatchObject({
      hubFrames: { points: 3000, windowMs: 5_000 },
      commandsPerSocket: { points: 250, windowMs: 5_000 },
      commandsPerUser: { points: 500, windowMs: 5_000 },
      chat: { points: 20, windowMs: 10_000 },
      comments: { points: 20, windowMs: 10_000 },
      logs: { points: 60, windowMs: 60_000 },
      commandMaxBytes: COMMAND_MAX_BYTES,
      boardMaxShapes: 20_000,
    });
  });

  it('3,000 chat messages from one guest socket: at most 20 are stored; the rest are refused (429, then dropped unanswered past twice the frame budget)', async () => {
    const g = guest();
    const c = await floodClient(p.url, 8_000);
    await callOn(c, 'joinBoard', null, code, null, { uid: uidOf(g) });
    const answers = await tally(
      Array.from({ length: 3_000 }, (_, i) => callOn(c, 'sendMessage', code, { id: `m-${i}-${cid()}`, message: `spam ${i}` })),
    );
    expect(answers.get(200) ?? 0).toBeLessThanOrEqual(DEFAULT_LIMITS.chat.points);
    expect(answers.get(429)).toBeGreaterThan(0);
    await c.disconnect();
    const stored = await p.db('chat_messages').where({ uid: g.actor.uid }).count('* as n').first();
    expect(Number(stored!.n)).toBeLessThanOrEqual(DEFAULT_LIMITS.chat.points);
    // at a pace under the frame budget the socket stays open and is answered 429 past the chat budget
    const h = guest();
    const d = await joined(p, h, code);
    open.push(d);
    const paced = await tally(
      Array.from({ length: 100 }, (_, i) => d.call('sendMessage', code, { id: `p-${i}-${cid()}`, message: `paced ${i}` })),
    );
    expect(paced.get(200)).toBe(DEFAULT_LIMITS.chat.points);
    expect(paced.get(429)).toBe(100 - DEFAULT_LIMITS.chat.points);
    const err = await d.fail('sendMessage', code, { id: cid(), message: 'one more' });
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(MESSAGES.tooManyRequests);
    // another member still chats
    const o = await joined(p, owner, code);
    open.push(o);
    await expect(o.call('sendMessage', code, { id: cid(), message: 'hello' })).resolves.toMatchObject({ message: 'hello' });
  });

  it('a flood of comments from one guest socket: 20 are stored, the rest answered 429', async () => {
    const g = guest();
    const c = await joined(p, g, code);
    open.push(c);
    const answers = await tally(Array.from({ length: 500 }, (_, i) => c.call('addComment', code, `comment ${i}`)));
    expect(answers.get(200)).toBe(DEFAULT_LIMITS.comments.points);
    expect(answers.get(429)).toBe(500 - DEFAULT_LIMITS.comments.points);
  });

  it('2,000 anonymous client logs of 19 KB from one address: 60 stored, then 429 with Retry-After; other addresses and users are not affected', async () => {
    const ip = `10.9.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
    // 19 KB records: a 15 KB data part (the cap is 16 KB) and a 4 KB message
    const data = { blob: 'x'.repeat(15 * 1024) };
    const message = 'm'.repeat(4 * 1000 - 10);
    const post = (url: string, payload: object, remoteAddress = ip, headers: Record<string, string> = {}) =>
      p.server.inject({ method: 'POST', url, payload, remoteAddress, headers });
    const before = Number((await p.db('client_logs').count('* as n').first())!.n);
    const statuses = new Map<number, number>();
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 2_000; i++) {
      const res = await post('/api/logs/clients', { level: 'error', message: `${i} ${message}`, data, Uid: uidOf(guest()) });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.get(204)).toBe(DEFAULT_LIMITS.logs.points);
    expect(statuses.get(429)).toBe(2_000 - DEFAULT_LIMITS.logs.points);
    expect(JSON.parse(limited!.payload)).toEqual({ statusCode: 429, message: MESSAGES.tooManyRequests });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    const after = Number((await p.db('client_logs').count('* as n').first())!.n);
    expect(after - before).toBe(DEFAULT_LIMITS.logs.points);
    // the three log routes share the budget
    expect((await post('/api/logs/usages', { context: 'x' })).statusCode).toBe(429);
    expect((await post('/api/logs/perfs', { type: 'x' })).statusCode).toBe(429);
    // another address, and a signed-in user at the same address (keyed by the user), still log
    expect((await post('/api/logs/clients', { level: 'info', message: 'fine' }, '10.8.0.1')).statusCode).toBe(204);
    expect(
      (await post('/api/logs/clients', { level: 'info', message: 'fine' }, ip, { authorization: `Bearer ${owner.token}` })).statusCode,
    ).toBe(204);
  });

  it(`a command over ${COMMAND_MAX_BYTES / 1024 / 1024} MB is refused with a 400 saying so, over the hub and over HTTP; nothing is stored`, async () => {
    const c = await joined(p, owner, code);
    open.push(c);
    const big = shapesSet(owner.actor.uid, 4_000, `big-${cid()}`);
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(COMMAND_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThan(PAYLOAD_MAX_BYTES);
    const err = await c.fail('sendCommand', code, big);
    expect(err.statusCode).toBe(400);
    expect(err.data).toMatchObject({
      message: commandTooLarge(COMMAND_MAX_BYTES),
      errors: { boardCommand: [commandTooLarge(COMMAND_MAX_BYTES)] },
    });
    expect(commandTooLarge(COMMAND_MAX_BYTES)).toBe('This change is too large to save (the limit is 1 MB). Try it in smaller parts.');
    const http = await send(p, owner, code, big);
    expect(http.status).toBe(400);
    expect(http.body).toMatchObject({
      message: commandTooLarge(COMMAND_MAX_BYTES),
      errors: { boardCommand: [commandTooLarge(COMMAND_MAX_BYTES)] },
    });
    const stored = await commandsSince(p.server.app, code, owner.actor, 0);
    expect(stored.some((s) => s.id === big.id)).toBe(false);
    // a command under the cap is fine
    await expect(c.call('sendCommand', code, shapesSet(owner.actor.uid, 100))).resolves.toMatchObject({ seq: expect.any(Number) });
  });

  it('a 51 MB commandSet over the hub is refused before it is read (the socket is closed, 1009); nothing is stored and the node serves on', async () => {
    const c = await joined(p, owner, code);
    open.push(c);
    const n = 51 * 1024 * 1024;
    const huge = { ...shapesSet(owner.actor.uid, 1, `huge-${cid()}`), pad: 'x'.repeat(n) };
    const err = await c.fail('sendCommand', code, huge);
    // the node closed the socket (ws: 1009 'Max payload size exceeded'): nes fails the call as a disconnect
    expect(err.type).toBe('disconnect');
    expect(c.disconnects).toBeGreaterThan(0);
    const stored = await commandsSince(p.server.app, code, owner.actor, 0);
    expect(stored.some((s) => s.id === huge.id)).toBe(false);
    expect((await freshGet(`${p.url}/health`)).status).toBe(200);
    const again = await joined(p, owner, code);
    open.push(again);
    await expect(
      again.call('sendCommand', code, add(owner.actor.uid, rect(`after-huge-${cid()}`, owner.actor.uid))),
    ).resolves.toMatchObject({ duplicate: false });
    // the HTTP cap is the same 4 MB
    const http = await p.server.inject({
      method: 'POST',
      url: `/api/boards/${code}/commands`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { boardCommand: 'x'.repeat(PAYLOAD_MAX_BYTES + 1) },
    });
    expect(http.statusCode).toBe(413);
  });
});

describe('with small command budgets (configurable)', () => {
  const limits: AbuseLimits = {
    ...DEFAULT_LIMITS,
    commandsPerSocket: { points: 5, windowMs: 60_000 },
    commandsPerUser: { points: 8, windowMs: 60_000 },
  };
  let p: TestPlatform;
  let owner: Who;
  let code: string;
  const open: HubClient[] = [];
  beforeAll(async () => {
    p = await startTestPlatform({ limits }, { listen: true });
    owner = await signedIn(p, { name: 'Olive Owner' });
    code = (await newBoard(p, owner)).code;
    await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await p?.stop();
  });

  it("commands: a socket gets its budget; the user's budget is shared by its sockets and HTTP (429 with Retry-After)", async () => {
    const g = guest();
    const a = await joined(p, g, code);
    const b = await joined(p, g, code);
    open.push(a, b);
    const one = () => add(g.actor.uid, rect(`r-${cid()}`, g.actor.uid));
    const fromA = await tally(Array.from({ length: 10 }, () => a.call('sendCommand', code, one())));
    expect(fromA.get(200)).toBe(5);
    expect(fromA.get(429)).toBe(5);
    // a second socket of the same guest: its own 5, but only 3 left of the user's 8
    const fromB = await tally(Array.from({ length: 10 }, () => b.call('sendCommand', code, one())));
    expect(fromB.get(200)).toBe(3);
    expect(fromB.get(429)).toBe(7);
    // HTTP shares the user's budget
    const http = await send(p, g, code, one());
    expect(http.status).toBe(429);
    expect(http.body).toEqual({ statusCode: 429, message: MESSAGES.tooManyRequests });
    expect(Number(http.headers['retry-after'])).toBeGreaterThan(0);
    // a 429 over the hub says so too
    const err = await a.fail('sendCommand', code, one());
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(MESSAGES.tooManyRequests);
    // another user is not affected
    const o = await joined(p, owner, code);
    open.push(o);
    await expect(o.call('sendCommand', code, add(owner.actor.uid, rect(`o-${cid()}`, owner.actor.uid)))).resolves.toMatchObject({
      duplicate: false,
    });
  });
});

describe('with small size caps (configurable)', () => {
  const limits: AbuseLimits = { ...DEFAULT_LIMITS, boardMaxShapes: 50, commandMaxBytes: 20_000 };
  let p: TestPlatform;
  let owner: Who;
  let code: string;
  const open: HubClient[] = [];
  beforeAll(async () => {
    p = await startTestPlatform({ limits }, { listen: true });
    owner = await signedIn(p, { name: 'Olive Owner' });
    code = (await newBoard(p, owner)).code;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await p?.stop();
  });

  it('the per-command cap is configurable (BOARD_COMMAND_MAX_BYTES)', async () => {
    const big = shapesSet(owner.actor.uid, 100);
    const res = await send(p, owner, code, big);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(commandTooLarge(20_000));
    expect(commandTooLarge(20_000)).toBe('This change is too large to save (the limit is 20 KB). Try it in smaller parts.');
  });

  it('shapes past the cap (the attack stored 100,001; the cap is 50 here): refused with a message saying so; edits, moves and removes still go through; a clear makes room', async () => {
    const board = (await newBoard(p, owner)).code;
    const uid = owner.actor.uid;
    const post = (c: Command) => send(p, owner, board, c);
    // 50 shapes fill the board (in commandSets of 10, each under the 20 KB command cap)
    for (let i = 0; i < 5; i++) expect((await post(shapesSet(uid, 10, `fill-${i}`))).status).toBe(200);
    // the 51st shape — alone, or the rest of the attack's 100,001 in sets — is refused
    const refused = await post(add(uid, rect(`s-51`, uid)));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ statusCode: 400, message: boardShapeLimit(50), errors: { boardCommand: [boardShapeLimit(50)] } });
    expect(boardShapeLimit(20_000)).toBe('This board has reached its limit of 20,000 shapes. Remove some shapes to add new ones.');
    expect((await post(shapesSet(uid, 10, 'more'))).status).toBe(400);
    // over the hub too
    const c = await joined(p, owner, board);
    open.push(c);
    const err = await c.fail('sendCommand', board, add(uid, rect('s-hub', uid)));
    expect(err.statusCode).toBe(400);
    expect(err.data?.message).toBe(boardShapeLimit(50));
    // a move and a remove are not additions
    expect((await post(move(uid, 'fill-0-0', 5, 5))).status).toBe(200);
    expect((await post(remove(uid, ['fill-0-1']))).status).toBe(200);
    // a clear empties the board: there is room again
    const cleared = await post(clear(uid));
    expect(cleared.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post(shapesSet(uid, 10, `refill-${i}`))).status).toBe(200);
    expect((await post(add(uid, rect('s-51-again', uid)))).status).toBe(400);
    // undoing the clear would bring the first 49 shapes back on top of 50: refused, nothing changes
    const undone = await post(undo(uid, cleared.body.id));
    expect(undone.status).toBe(400);
    expect(undone.body.message).toBe(boardShapeLimit(50));
    const after = await commandsSince(p.server.app, board, owner.actor, 0);
    expect(after.some((x) => x.cmd === 'undo')).toBe(false);
  });

  it('the shape count is exact when the bound says full: shapes removed make room (after the recount interval)', async () => {
    const board = (await newBoard(p, owner)).code;
    const uid = owner.actor.uid;
    for (let i = 0; i < 5; i++) expect((await send(p, owner, board, shapesSet(uid, 10, `x${i}`))).status).toBe(200);
    expect(await send(p, owner, board, remove(uid, ['x0-0', 'x0-1', 'x0-2']))).toMatchObject({ status: 200 });
    // the removes are not subtracted by the bound; the exact count (the first here) finds 47 live
    expect((await send(p, owner, board, shapesSet(uid, 3, 'y'))).status).toBe(200);
    expect((await send(p, owner, board, add(uid, rect('z', uid)))).status).toBe(400);
  });
});

describe('across nodes (REDIS_URL)', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  beforeAll(async () => {
    const limits: AbuseLimits = { ...DEFAULT_LIMITS, logs: { points: 6, windowMs: 60_000 } };
    a = await startTestPlatform({ redisUrl: REDIS_URL, limits });
    b = await startTestPlatform({ redisUrl: REDIS_URL, limits });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('two nodes share one budget per client address through Redis', async () => {
    const ip = `10.77.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
    const post = (node: TestPlatform) =>
      node.server.inject({ method: 'POST', url: '/api/logs/usages', payload: { context: 'x' }, remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(a)).statusCode, (await post(b)).statusCode);
    expect(statuses.filter((s) => s === 204).length).toBe(6);
    expect(statuses.filter((s) => s === 429).length).toBe(4);
  });
});
