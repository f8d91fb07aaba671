/**
 * Issue 26, item 2 (docs/security.md "Abuse limits"): budgets per client address (behind
 * TRUSTED_PROXIES) and per board. One client rotating guest uids over HTTP had all its commands
 * stored; 40 guest sockets from one address wrote 4,225 commands to one board in 8 s; 1,000
 * sockets from one address were all accepted. Here, with small budgets: guest command writes per
 * address (HTTP and hub, whatever the uids), websocket opens per address per minute, websockets
 * open at once per address, commands per board — each refused past its budget with a 429 and
 * Retry-After (HTTP and the upgrade) or the hub method's 429 — and two nodes sharing the counts
 * through Redis. The addresses are X-Forwarded-For values from the loopback proxy (TRUSTED_PROXIES).
 */
import crypto from 'node:crypto';
import { Client } from '@hapi/nes';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSharing } from '../../platform/boards/sharing';
import { DEFAULT_LIMITS, type AbuseLimits } from '../../platform/core/limits';
import { MESSAGES } from '../../shared/messages';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, guest, newBoard, rect, signedIn, uidOf, type Who } from '../api/boards-fixtures';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const limits: AbuseLimits = {
  ...DEFAULT_LIMITS,
  guestCommandsPerAddress: { points: 8, windowMs: 60_000 },
  commandsPerBoard: { points: 12, windowMs: 60_000 },
  hubOpensPerAddress: { points: 5, windowMs: 60_000 },
  hubSocketsPerAddress: 3,
};
const options = { limits, trustedProxies: ['loopback'] };

/** A fresh address of the documentation ranges. */
const address = () => `198.51.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** POST a command over HTTP as `who`, from `from` (the socket address the platform sees). */
async function post(p: TestPlatform, who: Who, code: string, from: string) {
  const uid = who.actor.uid;
  const headers: Record<string, string> = who.token ? { authorization: `Bearer ${who.token}` } : {};
  const command = add(uid, rect(`s-${crypto.randomUUID()}`, uid));
  const res = await p.server.inject({
    method: 'POST',
    url: `/api/boards/${code}/commands`,
    headers,
    remoteAddress: from,
    payload: { boardCommand: JSON.stringify(command), ...(who.token ? {} : { Uid: uidOf(who) }) },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload), retryAfter: res.headers['retry-after'] };
}

interface Opened {
  ws?: WebSocket;
  status?: number;
  retryAfter?: string;
}

/** Opens a raw websocket to the hub as `from` (X-Forwarded-For through the loopback proxy). */
function openSocket(p: TestPlatform, from: string): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(p.url.replace(/^http/, 'ws'), { headers: { 'x-forwarded-for': from } });
    ws.on('error', () => {});
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (req, res) => {
      resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined });
      res.resume();
      req.destroy();
    });
  });
}

const closeSocket = (ws: WebSocket) =>
  new Promise<void>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    ws.once('close', () => resolve());
    ws.close();
  });

/** A nes client on `code` as `who`, connecting from `from`. */
async function joined(p: TestPlatform, who: Who, code: string, from: string): Promise<Client> {
  const client = new Client(p.url.replace(/^http/, 'ws') as `ws://${string}`, { ws: { headers: { 'x-forwarded-for': from } } } as never);
  await client.connect({ reconnect: false, ...(who.token ? { auth: { headers: { authorization: `Bearer ${who.token}` } } } : {}) });
  await client.message({ method: 'joinBoard', args: [null, code, null, { uid: uidOf(who), name: 'Guest' }] });
  return client;
}

async function sendOver(client: Client, code: string, who: Who): Promise<number> {
  const uid = who.actor.uid;
  try {
    await client.message({ method: 'sendCommand', args: [code, add(uid, rect(`s-${crypto.randomUUID()}`, uid))] });
    return 200;
  } catch (err) {
    return (err as { statusCode?: number }).statusCode ?? 0;
  }
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('budgets per client address and per board (one node)', () => {
  let p: TestPlatform;
  let owner: Who;
  const clients: Client[] = [];
  const sockets: WebSocket[] = [];

  /** A board guests with the link may edit. */
  async function openBoard(): Promise<string> {
    const code = (await newBoard(p, owner)).code;
    await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
    return code;
  }

  beforeAll(async () => {
    p = await startTestPlatform(options, { listen: true });
    owner = await signedIn(p, { name: 'Olive Owner' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.disconnect()));
    await Promise.all(sockets.map(closeSocket));
    await p?.stop();
  });

  it('the defaults leave a classroom of 30 behind one NAT room to work', () => {
    expect(
      DEFAULT_LIMITS.guestCommandsPerAddress.points / (DEFAULT_LIMITS.guestCommandsPerAddress.windowMs / 1000) / 30,
    ).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_LIMITS.hubSocketsPerAddress).toBeGreaterThanOrEqual(90);
    expect(DEFAULT_LIMITS.hubOpensPerAddress.points).toBeGreaterThanOrEqual(180);
    expect(DEFAULT_LIMITS.commandsPerBoard.points).toBeGreaterThanOrEqual(DEFAULT_LIMITS.guestCommandsPerAddress.points);
  });

  it('HTTP guest writes from one address, rotating uids: 8 stored, then 429 with Retry-After; other addresses and signed-in users go on', async () => {
    const code = await openBoard();
    const from = address();
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await post(p, guest(), code, from));
    expect(tally(results.map((r) => r.status))).toEqual({ 200: 8, 429: 3 });
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ statusCode: 429, message: MESSAGES.tooManyRequests });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // another address, and a token holder from the same one, are not charged to it
    expect((await post(p, guest(), code, address())).status).toBe(200);
    expect((await post(p, owner, code, from)).status).toBe(200);
  });

  it('hub guest writes share that budget: two guest sockets from one address get 8 commands in all, then the hub answers 429', async () => {
    const code = await openBoard();
    const from = address();
    const a = guest();
    const b = guest();
    const ca = await joined(p, a, code, from);
    const cb = await joined(p, b, code, from);
    clients.push(ca, cb);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await sendOver(ca, code, a), await sendOver(cb, code, b));
    expect(tally(statuses)).toEqual({ 200: 8, 429: 2 });
  });

  it('socket opens over the per-minute budget of an address are refused (429, Retry-After) before the upgrade', async () => {
    const from = address();
    for (let i = 0; i < 5; i++) {
      const opened = await openSocket(p, from);
      expect(opened.ws).toBeDefined();
      await closeSocket(opened.ws!);
    }
    const refused = await openSocket(p, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // another address opens
    const other = await openSocket(p, address());
    expect(other.ws).toBeDefined();
    sockets.push(other.ws!);
  });

  it('open sockets over the cap of an address are refused; closing one makes room', async () => {
    const from = address();
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openSocket(p, from));
    expect(open.every((o) => o.ws)).toBe(true);
    sockets.push(...open.map((o) => o.ws!));
    const refused = await openSocket(p, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    await closeSocket(open[0]!.ws!);
    let again: Opened = {};
    for (let tries = 0; tries < 20 && !again.ws; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      if (tries === 0) again = await openSocket(p, from);
    }
    expect(again.ws).toBeDefined();
    sockets.push(again.ws!);
  });

  it('the per-board budget: commands from everyone on one board stop at 12 (HTTP 429, hub 429); another board goes on', async () => {
    const code = await openBoard();
    const members = await Promise.all([signedIn(p, { name: 'Ann' }), signedIn(p, { name: 'Bob' })]);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) for (const m of members) statuses.push((await post(p, m, code, address())).status);
    expect(tally(statuses)).toEqual({ 200: 12, 429: 2 });
    const hubClient = await joined(p, owner, code, address());
    clients.push(hubClient);
    expect(await sendOver(hubClient, code, owner)).toBe(429);
    const other = await openBoard();
    expect((await post(p, members[0]!, other, address())).status).toBe(200);
  });
});

describe('budgets per client address across nodes (REDIS_URL)', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    a = await startTestPlatform({ ...options, redisUrl: REDIS_URL }, { listen: true });
    b = await startTestPlatform({ ...options, redisUrl: REDIS_URL }, { listen: true });
  });
  afterAll(async () => {
    await Promise.all(sockets.map(closeSocket));
    await a?.stop();
    await b?.stop();
  });

  it('two nodes share the guest writes of an address and its open sockets', async () => {
    // each test node has a database of its own: a board on each, the same address on both
    const board = async (node: TestPlatform) => {
      const owner = await signedIn(node, { name: 'Olive Owner' });
      const code = (await newBoard(node, owner)).code;
      await setSharing(node.server.app, code, owner.actor, { link: 'Editor' });
      return code;
    };
    const [onA, onB] = [await board(a), await board(b)];
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(a, guest(), onA, from)).status, (await post(b, guest(), onB, from)).status);
    expect(tally(statuses)).toEqual({ 200: 8, 429: 4 });

    const other = address();
    const open = [await openSocket(a, other), await openSocket(b, other), await openSocket(a, other)];
    expect(open.every((o) => o.ws)).toBe(true);
    sockets.push(...open.map((o) => o.ws!));
    expect((await openSocket(b, other)).status).toBe(429);
  });
});
