/**
 * Issue 9, finding 5 (docs/security.md "Hostile input"): hostile input that PostgreSQL cannot
 * store or that overflows a recursive walk — a lone surrogate in any string or key, a NUL nested
 * 70 levels deep, a 5,000-deep object and a 100,000-deep array — sent to EVERY route of the
 * server's table (`server.table()`) as a signed-in user and as a guest, and to EVERY hub method
 * (shared/hub.ts) over a real socket. No answer is a 5xx and none leaks 'Maximum call stack':
 * each is a 4xx in the one error envelope, and nothing hostile is stored.
 */
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_METHODS } from '../../shared/hub';
import { hubMethods } from '../../platform/realtime/methods/index';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { INPUT_MAX_DEPTH } from '../../platform/core/input-guard';
import { add, guest, newBoard, rect, signedIn, uidOf, type Who } from '../api/boards-fixtures';

/** JSON texts of hostile values (built as text: a 100,000-deep value cannot go through JSON.stringify). */
const nested = (depth: number, leaf: string): string => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const HOSTILE: Record<string, string> = {
  'a lone high surrogate': '"a\\ud800b"',
  'a lone low surrogate': '"\\udc00"',
  'a lone surrogate in a key': '{"k\\ud800":1}',
  'a lone surrogate 60 levels deep': nested(60, '"\\ud800"'),
  'a lone surrogate 100 levels deep': nested(100, '"\\ud800"'),
  'a NUL 60 levels deep': nested(60, '"a\\u0000b"'),
  'a NUL 70 levels deep': nested(70, '"a\\u0000b"'),
  'a NUL key 60 levels deep': nested(59, '{"k\\u0000":1}'),
  'a 5,000-deep object': nested(5_000, '1'),
  'a 5,000-deep object with __proto__ at the bottom': nested(5_000, '{"__proto__":{"x":1}}'),
  'a 100,000-deep array': '['.repeat(100_000) + ']'.repeat(100_000),
};
/**
 * Hostile path params and query values. A URL cannot carry a lone surrogate: its CESU-8 bytes
 * (%ED%A0%80) decode to U+FFFD in a query (harmless) and fail to decode in a path.
 */
const HOSTILE_PARAMS = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80x'];
const HOSTILE_QUERY = ['%00', 'a%00b'];

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

let p: TestPlatform;
let owner: Who;
let visitor: Who;
let board: { code: string; id: string };
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  visitor = guest();
  board = await newBoard(p, owner);
  await p.server.inject({
    method: 'POST',
    url: `/api/boards/${board.code}/sharings`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { link: 'Editor' },
  });
  errors = vi.spyOn(p.server.app.logger, 'error');
});
afterAll(async () => {
  await p?.stop();
});

interface RouteInfo {
  method: string;
  path: string;
  payloadKeys: string[];
  queryKeys: string[];
}

function routes(): RouteInfo[] {
  return p.server
    .table()
    .filter((r) => METHODS.has(r.method))
    .map((r) => {
      const validate = r.settings.validate as {
        payload?: { describe?: () => { keys?: object } };
        query?: { describe?: () => { keys?: object } };
      };
      return {
        method: r.method,
        path: r.path,
        payloadKeys: Object.keys(validate.payload?.describe?.().keys ?? {}),
        queryKeys: Object.keys(validate.query?.describe?.().keys ?? {}),
      };
    });
}

/** A real path for the route: params filled in (the board's code where it names a board). */
function fill(path: string, value?: string): string {
  return path.replace(/\{(\w+)\*?\}/g, (_, name: string) => value ?? (name === 'id' || name === 'code' ? board.code : 'x'));
}

interface Attempt {
  label: string;
  method: string;
  url: string;
  payload?: string;
  who: Who;
}

/** Every hostile request of one route, as `who`. */
function attempts(route: RouteInfo, who: Who): Attempt[] {
  const out: Attempt[] = [];
  const base = fill(route.path);
  const guestQuery = who.token ? '' : `Uid=${encodeURIComponent(uidOf(who))}&`;
  const label = (what: string) => `${route.method.toUpperCase()} ${route.path} as ${who.token ? 'user' : 'guest'}: ${what}`;
  // path params
  if (/\{/.test(route.path)) {
    for (const v of HOSTILE_PARAMS) out.push({ label: label(`param ${v}`), method: route.method, url: fill(route.path, v), who });
  }
  // query values (every key the route knows, and one it does not)
  for (const key of [...route.queryKeys, 'x']) {
    for (const v of HOSTILE_QUERY)
      out.push({ label: label(`query ${key}=${v}`), method: route.method, url: `${base}?${guestQuery}${key}=${v}`, who });
  }
  // bodies
  if (route.method !== 'get') {
    const keys = route.payloadKeys.filter((k) => k !== 'Uid' && k !== 'uid');
    const uid = who.token ? '' : `"Uid":${JSON.stringify(uidOf(who))},`;
    for (const [what, text] of Object.entries(HOSTILE)) {
      for (const key of keys.length ? keys : ['x']) {
        out.push({
          label: label(`${key}: ${what}`),
          method: route.method,
          url: base,
          payload: `{${uid}${JSON.stringify(key)}:${text}}`,
          who,
        });
      }
      if (text.startsWith('[') || text.startsWith('{'))
        out.push({ label: label(`the body is ${what}`), method: route.method, url: base, payload: text, who });
    }
  }
  return out;
}

async function inject(a: Attempt) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (a.who.token) headers.authorization = `Bearer ${a.who.token}`;
  const res = await p.server.inject({ method: a.method, url: a.url, headers, ...(a.payload !== undefined ? { payload: a.payload } : {}) });
  return res;
}

describe('hostile input on every HTTP route', () => {
  it('the route table is walked (sanity: the board routes are there)', () => {
    const paths = routes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('post /api/boards/{id}/commands');
    expect(paths).toContain('post /api/logs/clients');
  });

  for (const as of ['user', 'guest'] as const) {
    it(`as a ${as}: every route answers a 4xx in the error envelope, never a 5xx or 'Maximum call stack'`, async () => {
      const who = as === 'user' ? owner : visitor;
      const failures: string[] = [];
      let count = 0;
      for (const route of routes()) {
        for (const a of attempts(route, who)) {
          count++;
          const res = await inject(a);
          const json = String(res.headers['content-type'] ?? '').includes('json');
          const body = json ? (JSON.parse(res.payload) as { message?: unknown }) : null;
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${a.label} → ${res.statusCode} ${res.payload.slice(0, 100)}`);
          else if (/Maximum call stack/i.test(res.payload)) failures.push(`${a.label} → leaks: ${res.payload.slice(0, 100)}`);
          else if (json && typeof body?.message !== 'string') failures.push(`${a.label} → no envelope: ${res.payload.slice(0, 100)}`);
        }
      }
      expect(count).toBeGreaterThan(200);
      expect(failures).toEqual([]);
    }, 300_000);
  }

  it('a lone surrogate, a deep NUL and a deep value inside a well-formed command (as an object or as JSON text): 400 naming the field, nothing stored', async () => {
    const uid = owner.actor.uid;
    const count = () => p.db('commands').where({ board_id: board.id }).count<{ n: string }[]>({ n: '*' });
    const before = await count();
    const cases: Array<[string, object, string, RegExp]> = [
      ['a lone surrogate in a text', add(uid, textShape('t1', uid, 'a\ud800')), 'boardCommand.shape.value', /lone surrogate/],
      ['a lone low surrogate in an id', add(uid, rect('r\udc00', uid)), 'boardCommand.shape.id', /lone surrogate/],
      [
        'a lone surrogate in a metadata key',
        add(uid, { ...rect('r1', uid), metadata: { ['k\ud800']: 1 } } as never),
        'boardCommand.shape.metadata.k\\ud800',
        /lone surrogate/,
      ],
      // metadata takes any JSON up to 4 KB: a NUL deep inside it is named at its full path
      [
        'a NUL 50 levels deep',
        add(uid, { ...rect('r2', uid), metadata: { m: deepObject(49, { leaf: 'a\u0000b' }) } } as never),
        `boardCommand.shape.metadata.m.${'a.'.repeat(49)}leaf`,
        /NUL/,
      ],
    ];
    for (const [what, command, field, message] of cases) {
      for (const payload of [JSON.stringify({ boardCommand: command }), JSON.stringify({ boardCommand: JSON.stringify(command) })]) {
        const res = await inject({ label: what, method: 'post', url: `/api/boards/${board.code}/commands`, payload, who: owner });
        expect(res.statusCode, what).toBe(400);
        const body = JSON.parse(res.payload);
        expect(Object.keys(body.errors), what).toEqual([field]);
        expect(body.message, what).toMatch(message);
      }
    }
    // nested deeper than the limit (a NUL 70 deep, a 5,000-deep value): refused as such, as an object or as JSON text
    const deepNul = add(uid, { ...rect('r3', uid), metadata: { m: deepObject(69, { leaf: 'a\u0000b' }) } } as never);
    for (const payload of [
      JSON.stringify({ boardCommand: deepNul }),
      JSON.stringify({ boardCommand: JSON.stringify(deepNul) }),
      `{"boardCommand":${nested(5_000, '1')}}`,
      JSON.stringify({ boardCommand: nested(5_000, '1') }),
    ]) {
      const res = await inject({ label: 'too deep', method: 'post', url: `/api/boards/${board.code}/commands`, payload, who: owner });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.payload).message).toMatch(new RegExp(`is nested too deeply \\(at most ${INPUT_MAX_DEPTH} levels\\)`));
    }
    expect(await count()).toEqual(before);
  });
});

function textShape(id: string, uid: string, value: string) {
  return {
    id,
    cmd: 'text',
    uid,
    timestamp: Date.now(),
    value,
    x: 0,
    y: 0,
    color: '#000000',
    font: 'Arial',
    size: 12,
    align: 'left',
  } as never;
}

function deepObject(levels: number, leaf: object): Record<string, unknown> {
  let v: Record<string, unknown> = leaf as Record<string, unknown>;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/* ---------------- the hub ---------------- */

/** A raw nes socket: sends message frames as given text (a 100,000-deep value cannot be stringified by the nes client). */
class RawHub {
  private next = 10;
  private readonly waiting = new Map<number, (frame: any) => void>();
  closed = false;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      this.waiting.get(frame.id)?.(frame);
      this.waiting.delete(frame.id);
    });
    ws.on('close', () => (this.closed = true));
  }

  static async open(url: string, token?: string): Promise<RawHub> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const hub = new RawHub(ws);
    const hello = await hub.frame(
      1,
      JSON.stringify({ type: 'hello', id: 1, version: '2', ...(token ? { auth: { headers: { authorization: `Bearer ${token}` } } } : {}) }),
    );
    if (hello.type !== 'hello') throw new Error(`no hello: ${JSON.stringify(hello)}`);
    return hub;
  }

  private frame(id: number, text: string): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to frame ${id}`)), 15_000);
      this.waiting.set(id, (f) => {
        clearTimeout(timer);
        resolve(f);
      });
      this.ws.send(text);
    });
  }

  /** Sends `{ type: 'message', id, message: <messageText> }`; resolves the answer frame. */
  message(messageText: string): Promise<any> {
    const id = this.next++;
    return this.frame(id, `{"type":"message","id":${id},"message":${messageText}}`);
  }

  call(method: string, ...args: unknown[]): Promise<any> {
    return this.message(JSON.stringify({ method, args }));
  }

  close(): void {
    this.ws.close();
  }
}

describe('hostile input on every hub method', () => {
  const paramsOf = new Map(hubMethods.map((def) => [def.name, def.params.map(([name]) => name)]));

  it('knows the parameters of every method of shared/hub.ts', () => {
    expect([...paramsOf.keys()].sort()).toEqual([...HUB_METHODS].sort());
  });

  for (const as of ['user', 'guest'] as const) {
    it(`as a ${as} on the board: every argument of every method answers a 4xx in the envelope; the socket stays up`, async () => {
      const who = as === 'user' ? owner : visitor;
      const hub = await RawHub.open(p.url, who.token);
      const joined = await hub.call('joinBoard', null, board.code, null, who.token ? {} : { uid: uidOf(who) });
      expect(joined.statusCode, JSON.stringify(joined)).toBeUndefined();
      const failures: string[] = [];
      const check = (label: string, answer: any) => {
        const text = JSON.stringify(answer);
        if (!(answer.statusCode >= 400 && answer.statusCode < 500)) failures.push(`${label} → ${text.slice(0, 120)}`);
        else if (/Maximum call stack/i.test(text)) failures.push(`${label} → leaks: ${text.slice(0, 120)}`);
        else if (typeof answer.payload?.message !== 'string') failures.push(`${label} → no envelope: ${text.slice(0, 120)}`);
      };
      for (const method of HUB_METHODS) {
        const params = paramsOf.get(method)!;
        for (const [what, hostile] of Object.entries(HOSTILE)) {
          for (let i = 0; i < params.length; i++) {
            const args = params.map((_, j) => (j === i ? hostile : j === 0 ? JSON.stringify(board.code) : 'null'));
            check(`${method}(${params[i]}: ${what})`, await hub.message(`{"method":"${method}","args":[${args.join(',')}]}`));
          }
        }
      }
      // the envelope itself
      for (const [what, hostile] of Object.entries(HOSTILE)) {
        check(`envelope method: ${what}`, await hub.message(`{"method":${hostile},"args":[]}`));
        check(
          `envelope args: ${what}`,
          await hub.message(`{"method":"sendCommand","args":${hostile.startsWith('[') ? hostile : `[${hostile}]`}}`),
        );
        check(`envelope key: ${what}`, await hub.message(`{"method":"renameMember","args":["${board.code}","Ann"],"x":${hostile}}`));
      }
      expect(failures).toEqual([]);
      expect(hub.closed).toBe(false);
      // still on the board and usable
      const renamed = await hub.call('renameMember', board.code, 'Ann');
      expect(renamed.statusCode, JSON.stringify(renamed)).toBeUndefined();
      hub.close();
    }, 300_000);
  }

  it('sendCommand with a well-formed command carrying a lone surrogate or a deep NUL: 400 naming the field', async () => {
    const hub = await RawHub.open(p.url, owner.token);
    await hub.call('joinBoard', null, board.code, null, {});
    const uid = owner.actor.uid;
    const cases: Array<[object, string]> = [
      [add(uid, rect('h\ud800', uid)), 'command.shape.id'],
      [add(uid, textShape('h1', uid, '\udc00')), 'command.shape.value'],
      [
        add(uid, { ...rect('h2', uid), metadata: { m: deepObject(49, { leaf: 'a\u0000b' }) } } as never),
        `command.shape.metadata.m.${'a.'.repeat(49)}leaf`,
      ],
    ];
    for (const [command, field] of cases) {
      const answer = await hub.call('sendCommand', board.code, command);
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.payload.errors)).toEqual([field]);
    }
    const tooDeep = await hub.call(
      'sendCommand',
      board.code,
      add(uid, { ...rect('h3', uid), metadata: { m: deepObject(69, { leaf: 'x' }) } } as never),
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.payload.message).toMatch(/is nested too deeply/);
    hub.close();
  });

  it('logged no error on the way (every refusal is the sender’s 4xx)', () => {
    expect(errors).not.toHaveBeenCalled();
  });
});
