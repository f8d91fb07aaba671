/**
 * Issue 9, finding 1 (docs/security.md "The hub's frames"): a 4-byte unauthenticated websocket
 * frame — the text `null` — made @hapi/nes 14.0.1 throw at lib/socket.js:274 (reading 'type' of
 * null) and the process exited. Here the raw frame path is fuzzed with the `ws` package directly
 * (no nes client): JSON scalars, arrays, huge numbers, objects with a `type` of every odd kind,
 * odd ids and fields, a 100,000-deep array, binary frames, invalid UTF-8 and an over-size frame.
 * Every frame is answered with an error or refused by closing that one socket; nothing throws,
 * and afterwards the node still serves: /health answers, and a normal nes client joins a board
 * and sends a command. The last test does the same to a real platform process (`tsx
 * platform/main.ts`), whose exit was the attack's effect.
 */
import { WebSocket, type RawData } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setSharing } from '../../platform/boards/sharing';
import { PAYLOAD_MAX_BYTES } from '../../shared/constants';
import { startServer } from '../e2e/support/server';
import { HubClient } from '../helpers/hub';
import { freshGet } from './fresh-http';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, guest, newBoard, rect, signedIn, uidOf, type Who } from '../api/boards-fixtures';

/** A raw websocket to the hub: every reply parsed (or kept as text), and how it closed. */
interface Raw {
  ws: WebSocket;
  replies: Array<Record<string, any>>;
  closed: Promise<{ code: number }>;
  send(frame: string | Buffer, binary?: boolean): void;
  /** resolves the reply with this id (nes answers carry the request's id) */
  reply(id: unknown, timeoutMs?: number): Promise<Record<string, any>>;
  /** resolves once `n` replies arrived */
  count(n: number, timeoutMs?: number): Promise<void>;
}

async function raw(url: string, hello = true): Promise<Raw> {
  const ws = new WebSocket(url.replace(/^http/, 'ws'));
  const replies: Array<Record<string, any>> = [];
  ws.on('message', (data: RawData) => {
    const text = String(data);
    try {
      replies.push(JSON.parse(text));
    } catch {
      replies.push({ text });
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const until = async (check: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what} (replies: ${JSON.stringify(replies).slice(0, 500)})`);
      if (ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const r: Raw = {
    ws,
    replies,
    closed,
    send: (frame, binary = false) => ws.send(frame, { binary }),
    async reply(id, timeoutMs = 5_000) {
      await until(() => replies.some((m) => m.id === id), timeoutMs, `reply ${String(id)}`);
      return replies.find((m) => m.id === id)!;
    },
    count: (n, timeoutMs = 5_000) => until(() => replies.length >= n, timeoutMs, `${n} replies`),
  };
  if (hello) {
    r.send(JSON.stringify({ type: 'hello', id: 'hello', version: '2' }));
    expect(await r.reply('hello')).toMatchObject({ type: 'hello', socket: expect.any(String) });
  }
  return r;
}

/** The node serves: /health answers over real HTTP, and a nes client joins `code` and appends. */
async function stillServes(url: string, code: string, who: Who): Promise<void> {
  expect((await freshGet(`${url}/health`)).status).toBe(200);
  const c = await HubClient.connect(url, { token: who.token });
  try {
    const info = await c.call('joinBoard', null, code, null, who.token ? {} : { uid: uidOf(who) });
    expect(info).toMatchObject({ code });
    const shape = rect(`after-${Date.now()}-${Math.random()}`, who.actor.uid);
    const answer = await c.call('sendCommand', code, add(who.actor.uid, shape));
    expect(answer).toMatchObject({ seq: expect.any(Number), duplicate: false });
  } finally {
    await c.close();
  }
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/**
 * Frames that are not well-formed nes messages, each with an id (where the frame has room for
 * one) so its answer can be found. `id: null` marks frames whose answer carries no id.
 */
const JSON_SCALARS = ['null', '0', '-1', '1.5', '1e400', '-1e400', '123456789012345678901234567890', '"hello"', '""', 'true', 'false'];
const ARRAYS = ['[]', '[null]', '[1,2,3]', '[{"type":"hello","id":1,"version":"2"}]', deepArray(1_000)];
const NOT_JSON = ['', ' ', 'nul', '{', '}', '{"type":', 'undefined', 'NaN', '\u0000', '{"type":"message","id":1,}'];

/** objects whose `type`, `id` or fields are of odd kinds: each answered with an error carrying no crash */
const ODD_OBJECTS: Array<Record<string, unknown>> = [
  {},
  { type: null },
  { type: 0 },
  { type: 1 },
  { type: true },
  { type: [] },
  { type: ['message'] },
  { type: {} },
  { type: { toString: 'x' } },
  { type: '' },
  { type: 'nope' },
  { type: '__proto__' },
  { type: 'constructor' },
  { type: 'toString' },
  { type: 'MESSAGE' },
  { type: 'message' },
  { type: 'message', id: null },
  { type: 'message', id: {} },
  { type: 'message', id: [1] },
  { type: 'message', id: true },
  { type: 'message', id: Infinity },
  { type: 'ping', id: { deep: [[[1]]] } },
  { type: 'message', id: 'm-no-message' },
  { type: 'message', id: 'm-null-message', message: null },
  { type: 'message', id: 'm-scalar-message', message: 12 },
  { type: 'message', id: 'm-array-message', message: [1, 2] },
  { type: 'message', id: 'm-method-object', message: { method: {}, args: [] } },
  { type: 'message', id: 'm-args-object', message: { method: 'sendCommand', args: { 0: 'x', length: 1e9 } } },
  { type: 'hello', id: 'h-again', version: '2' },
  { type: 'hello', id: 'h-version', version: { v: 2 } },
  { type: 'hello', id: 'h-auth-scalar', version: '2', auth: 1 },
  { type: 'hello', id: 'h-auth-string', version: '2', auth: 'token' },
  { type: 'hello', id: 'h-subs-object', version: '2', subs: { length: 1e9 } },
  { type: 'reauth', id: 'r-auth-scalar', auth: 7 },
  { type: 'reauth', id: 'r-auth-null', auth: null },
  { type: 'reauth', id: 'r-headers-array', auth: { headers: [1] } },
  { type: 'request', id: 'q-missing' },
  { type: 'request', id: 'q-method-object', method: {}, path: '/health' },
  { type: 'request', id: 'q-path-object', method: 'GET', path: { a: 1 } },
  { type: 'request', id: 'q-headers-scalar', method: 'GET', path: '/health', headers: 5 },
  { type: 'sub', id: 's-path-object', path: {} },
  { type: 'sub', id: 's-path-missing' },
  { type: 'unsub', id: 'u-path-array', path: [1] },
];

let p: TestPlatform;
let owner: Who;
let code: string;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { name: 'Olive Owner' });
  code = (await newBoard(p, owner)).code;
  await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
  errors = vi.spyOn(p.server.app.logger, 'error');
});
afterAll(async () => {
  await p?.stop();
});

describe('raw frames to the hub', () => {
  it('the 4-byte frame `null` is answered with a 400, before and after hello; the node serves on', async () => {
    const before = await raw(p.url, false);
    before.send('null');
    await before.count(1);
    expect(before.replies[0]).toMatchObject({ statusCode: 400 });
    const after = await raw(p.url);
    after.send('null');
    await after.count(2);
    expect(after.replies[1]).toMatchObject({ statusCode: 400 });
    expect(after.ws.readyState).toBe(WebSocket.OPEN);
    before.ws.close();
    after.ws.close();
    await stillServes(p.url, code, owner);
  });

  it('JSON scalars, arrays, huge numbers and text that is not JSON: one 4xx answer each, the socket stays open', async () => {
    const r = await raw(p.url);
    const frames = [...JSON_SCALARS, ...ARRAYS, ...NOT_JSON];
    for (const frame of frames) r.send(frame);
    // every frame is answered (in order): an error without id, since none can be read from it
    await r.count(1 + frames.length);
    const answers = r.replies.slice(1);
    for (const [i, answer] of answers.entries())
      expect(answer.statusCode, `answer to ${JSON.stringify(frames[i]!.slice(0, 40))}`).toBeGreaterThanOrEqual(400);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(r.ws.readyState).toBe(WebSocket.OPEN);
    r.ws.close();
    await stillServes(p.url, code, guest());
  });

  it('objects with a `type`, an `id` or fields of every odd kind: answered with a 4xx, never thrown', async () => {
    const r = await raw(p.url);
    for (const frame of ODD_OBJECTS) r.send(JSON.stringify(frame));
    // one answer per frame (not in order: a message waits for its hub method, a refusal does not)
    await r.count(1 + ODD_OBJECTS.length);
    const answers = r.replies.slice(1);
    for (const answer of answers) {
      expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, JSON.stringify(answer)).toBeLessThan(500);
      // only a string or number id is echoed: any other id is not sent back
      expect(answer.id === undefined || typeof answer.id === 'string' || typeof answer.id === 'number').toBe(true);
    }
    // a frame with a readable id gets its own answer, so a client can match it
    for (const sent of ODD_OBJECTS.filter((o) => typeof o.id === 'string')) {
      expect((await r.reply(sent.id)).statusCode, `answer to ${JSON.stringify(sent)}`).toBeGreaterThanOrEqual(400);
    }
    expect(r.ws.readyState).toBe(WebSocket.OPEN);
    // the socket still works after all of that
    r.send(
      JSON.stringify({ type: 'message', id: 'join', message: { method: 'joinBoard', args: [null, code, null, { uid: uidOf(guest()) }] } }),
    );
    expect(await r.reply('join')).toMatchObject({ type: 'message', message: { code } });
    r.ws.close();
    await stillServes(p.url, code, owner);
  });

  it('a 100,000-deep array, as the frame and as a hub method argument: answered, not thrown', async () => {
    const r = await raw(p.url);
    r.send(deepArray(100_000));
    await r.count(2);
    expect(r.replies[1]).toMatchObject({ statusCode: 400 });
    r.send(`{"type":"message","id":"deep-args","message":{"method":"sendCommand","args":["${code}",${deepArray(100_000)}]}}`);
    r.send(`{"type":"message","id":"deep-message","message":${deepArray(100_000)}}`);
    r.send(`{"type":"ping","id":${deepArray(100_000)}}`);
    r.send(`{"type":"hello","id":"deep-auth","version":"2","auth":{"headers":{"x":${deepArray(100_000)}}}}`);
    expect((await r.reply('deep-args')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await r.reply('deep-message')).statusCode).toBe(400);
    expect((await r.reply('deep-auth')).statusCode).toBe(400);
    await r.count(6);
    expect(r.replies.slice(1).every((m) => m.statusCode >= 400)).toBe(true);
    expect(r.ws.readyState).toBe(WebSocket.OPEN);
    r.ws.close();
    await stillServes(p.url, code, owner);
  });

  it('binary frames are read as text: garbage is a 400, a well-formed message works', async () => {
    const r = await raw(p.url);
    r.send(Buffer.from([0x00, 0x01, 0x02, 0xff]), true);
    r.send(Buffer.from('null'), true);
    await r.count(3);
    expect(r.replies.slice(1).map((m) => m.statusCode)).toEqual([400, 400]);
    r.send(
      Buffer.from(
        JSON.stringify({
          type: 'message',
          id: 'bin-join',
          message: { method: 'joinBoard', args: [null, code, null, { uid: uidOf(guest()) }] },
        }),
      ),
      true,
    );
    expect(await r.reply('bin-join')).toMatchObject({ type: 'message', message: { code } });
    r.ws.close();
  });

  it('invalid UTF-8 in a text frame closes that socket only (1007); the node serves on', async () => {
    const r = await raw(p.url);
    const other = await raw(p.url);
    // a text frame whose bytes are not UTF-8 (ws refuses it before any parsing)
    r.send(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), false);
    expect((await r.closed).code).toBe(1007);
    other.send(JSON.stringify({ type: 'ping', id: 'still-there' }));
    // a ping with an id is answered with nothing; an unknown message type answers 400
    other.send(JSON.stringify({ type: 'zzz', id: 'still-open' }));
    expect(await other.reply('still-open')).toMatchObject({ statusCode: 400 });
    other.ws.close();
    await stillServes(p.url, code, owner);
  });

  it(`an over-size frame (over ${PAYLOAD_MAX_BYTES / 1024 / 1024} MB, the HTTP cap) closes that socket (1009) before it is buffered`, async () => {
    const r = await raw(p.url);
    const big = `{"type":"message","id":"big","message":{"method":"sendCommand","args":["${code}",{"pad":"${'x'.repeat(PAYLOAD_MAX_BYTES)}"}]}}`;
    r.send(big);
    expect((await r.closed).code).toBe(1009);
    // a frame just under the cap is still read (and answered: here a 400, it is no command)
    const under = await raw(p.url);
    const pad = 'x'.repeat(PAYLOAD_MAX_BYTES - 200);
    under.send(`{"type":"message","id":"under","message":{"method":"nope","args":["${pad}"]}}`);
    expect((await under.reply('under', 15_000)).statusCode).toBe(400);
    under.ws.close();
    await stillServes(p.url, code, owner);
  });

  // each test on its own: the platform logged no error while it ran (no 5xx, no thrown handler)
  afterEach(() => {
    const logged = errors.mock.calls.map((c: unknown[]) => c.at(-1));
    errors.mockClear();
    expect(logged, 'errors logged by the platform').toEqual([]);
  });
});

describe('a real platform process (tsx platform/main.ts)', () => {
  it('survives `null` and the rest of the fuzz, and still serves', { timeout: 120_000 }, async () => {
    const node = await startServer({ JOBS: 'off' });
    try {
      const r = await raw(node.url, false);
      r.send('null');
      const frames = ['null', ...JSON_SCALARS, ...ARRAYS, ...ODD_OBJECTS.map((o) => JSON.stringify(o)), deepArray(100_000)];
      await r.count(1);
      const s = await raw(node.url);
      for (const frame of frames) s.send(frame);
      await s.count(1 + frames.length, 30_000);
      expect(s.replies.slice(1).every((m) => m.statusCode >= 400 && m.statusCode < 500)).toBe(true);
      r.ws.close();
      s.ws.close();
      expect((await freshGet(`${node.url}/health`)).status).toBe(200);
      // a guest creates a board over HTTP and appends over the hub
      const g = guest();
      const created = await fetch(`${node.url}/api/boards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Uid: uidOf(g) }),
      });
      expect(created.status).toBe(200);
      const board = (await created.json()) as { code: string };
      await stillServes(node.url, board.code, g);
      expect(node.output()).not.toMatch(/Cannot read properties of null/);
    } finally {
      await node.stop();
    }
  });
});
