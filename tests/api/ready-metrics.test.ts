/**
 * Operations endpoints (docs/operations.md "Health and readiness", "Metrics", "Request ids and the
 * access log"): GET /ready and its 503s, GET /metrics (Prometheus text, private addresses only),
 * request ids (echoed, in the access line, in the 5xx error line and envelope).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

type Line = Record<string, unknown> & { level: number; msg: string };

/** A pino logger writing into `lines`, put in place of the platform's (core/access-log.ts and core/errors.ts read server.app.logger per request). */
function capture(p: TestPlatform): Line[] {
  const lines: Line[] = [];
  p.server.app.logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  return lines;
}

const scrape = async (p: TestPlatform, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  p.server.inject({ url: '/metrics', remoteAddress, headers });

/** The value of one sample line of the exposition (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('readiness, metrics and request ids', () => {
  let p: TestPlatform;
  let owner: Who;
  let lines: Line[];
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    owner = await signedIn(p, { name: 'Owner', plan: 'team' });
    lines = capture(p);
    p.server.route({
      method: 'GET',
      path: '/test/explode/{what}',
      options: { auth: false },
      handler() {
        throw new Error('kaboom');
      },
    });
  });
  afterAll(() => p?.stop());

  describe('GET /ready', () => {
    it('answers 200 with the parts when the database answers, Redis is off and migrations are done', async () => {
      const res = await p.server.inject('/ready');
      expect(res.statusCode).toBe(200);
      expect(res.result).toEqual({ status: 'ready', database: 'ok', redis: 'off', migrations: 'done' });
    });

    it('answers 503 naming the failing part', async () => {
      const bus = p.server.app.bus;
      const ping = bus.ping;
      bus.ping = async () => {
        throw new Error('no redis');
      };
      try {
        const res = await p.server.inject('/ready');
        expect(res.statusCode).toBe(503);
        expect(res.result).toEqual({ status: 'unready', database: 'ok', redis: 'unreachable', migrations: 'done' });
      } finally {
        bus.ping = ping;
      }
      p.server.app.migrated = false;
      try {
        const res = await p.server.inject('/ready');
        expect(res.statusCode).toBe(503);
        expect(res.result).toMatchObject({ status: 'unready', migrations: 'pending' });
      } finally {
        p.server.app.migrated = true;
      }
      expect((await p.server.inject('/ready')).statusCode).toBe(200);
    });

    it('answers 503 draining once a stop has begun (another platform)', async () => {
      const other = await startTestPlatform();
      try {
        expect((await other.server.inject('/ready')).statusCode).toBe(200);
        other.drain();
        const res = await other.server.inject('/ready');
        expect(res.statusCode).toBe(503);
        expect(res.result).toEqual({ status: 'draining' });
        // stop() drains first of all, before the server stops
        other.server.app.draining = false;
        const stopping = other.stop();
        expect(other.server.app.draining).toBe(true);
        await stopping;
      } finally {
        await other.stop();
      }
    });
  });

  describe('GET /metrics', () => {
    it('answers loopback with the Prometheus text: request durations by route template, hub connections, commands', async () => {
      expect((await p.server.inject('/health')).statusCode).toBe(200);
      const board = await newBoard(p, owner);
      const command = add(owner.actor.uid, rect('m1', owner.actor.uid));
      expect((await send(p, owner, board.code, command)).status).toBe(200);
      // a retry of the same command is a duplicate: not counted again
      expect((await send(p, owner, board.code, command)).status).toBe(200);
      const hub = await HubClient.connect(p.url);
      try {
        // the gauge counts from nes's hello on
        await hub.call('joinBoard', null, board.code, null, {}).catch(() => undefined);
        const res = await scrape(p);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = res.payload;
        expect(sample(text, 'http_request_duration_seconds_count', { route: '/health', method: 'GET', status_code: '200' })).toBe(1);
        expect(
          sample(text, 'http_request_duration_seconds_count', { route: '/api/boards/{id}/commands', method: 'POST', status_code: '200' }),
        ).toBe(2);
        // route templates, never the raw URL
        expect(text).not.toContain(board.code);
        expect(sample(text, 'tabula_commands_appended_total')).toBe(1);
        expect(sample(text, 'tabula_command_append_seconds_count')).toBe(1);
        expect(sample(text, 'tabula_hub_connections')).toBe(1);
        expect(sample(text, 'tabula_db_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'tabula_db_pool_max')).toBeGreaterThanOrEqual(1);
        expect(text).toContain('# TYPE tabula_fanout_latency_seconds histogram');
        // process metrics, event-loop delay included
        expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
        expect(text).toContain('process_cpu_user_seconds_total');
      } finally {
        await hub.close();
      }
      const deadline = Date.now() + 5_000;
      while (sample((await scrape(p)).payload, 'tabula_hub_connections') !== 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(sample((await scrape(p)).payload, 'tabula_hub_connections')).toBe(0);
    });

    it('answers private addresses and 404s public ones (per TRUSTED_PROXIES)', async () => {
      for (const address of ['10.1.2.3', '192.168.0.7', '172.20.0.5', '::1', 'fd00::5', '::ffff:127.0.0.1'])
        expect((await scrape(p, address)).statusCode, address).toBe(200);
      const res = await scrape(p, '203.0.113.5');
      expect(res.statusCode).toBe(404);
      expect(res.payload).not.toContain('http_request_duration_seconds');
      expect((await scrape(p, '2001:db8::1')).statusCode).toBe(404);
      // a forwarded public client through a trusted proxy on loopback is still public
      const trusted = p.server.app.config.trustedProxies;
      p.server.app.config.trustedProxies = ['loopback'];
      try {
        expect((await scrape(p, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
        expect((await scrape(p, '127.0.0.1', { 'x-forwarded-for': '10.0.0.9' })).statusCode).toBe(200);
      } finally {
        p.server.app.config.trustedProxies = trusted;
      }
      // without trusted proxies the header is not believed: the socket's address decides
      expect((await scrape(p, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    });
  });

  describe('request ids and the access log', () => {
    it('echoes a sane x-request-id and logs one access line with it', async () => {
      lines.length = 0;
      const res = await p.server.inject({
        url: '/api/boards/NOPE/commands?after=0&Uid=secret-uid-value',
        headers: { 'x-request-id': 'req-42.abc_DEF' },
      });
      expect(res.headers['x-request-id']).toBe('req-42.abc_DEF');
      const access = lines.filter((l) => l.msg === 'request');
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({
        level: 30,
        requestId: 'req-42.abc_DEF',
        method: 'GET',
        route: '/api/boards/{id}/commands',
        path: '/api/boards/NOPE/commands',
        status: res.statusCode,
        ip: '127.0.0.1',
      });
      expect(access[0]!.ms).toEqual(expect.any(Number));
      // never the query string
      expect(JSON.stringify(access[0])).not.toContain('secret-uid-value');
    });

    it('replaces an unsafe or long x-request-id with a new one', async () => {
      for (const bad of ['has space', 'x'.repeat(65), 'a/b', '<script>']) {
        const res = await p.server.inject({ url: '/health', headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id']).not.toBe(bad);
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const plain = await p.server.inject('/api/nothing-here');
      expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // 4xx bodies are unchanged
      expect(plain.result).not.toHaveProperty('requestId');
    });

    it('logs /health, /ready and /metrics at debug only', async () => {
      lines.length = 0;
      await p.server.inject('/health');
      await p.server.inject('/ready');
      await scrape(p);
      const access = lines.filter((l) => l.msg === 'request');
      expect(access.map((l) => l.route).sort()).toEqual(['/health', '/metrics', '/ready']);
      expect(access.every((l) => l.level === 20)).toBe(true);
    });

    it('puts the request id in the 5xx envelope and in the error line', async () => {
      lines.length = 0;
      const res = await p.server.inject({ url: '/test/explode/now', headers: { 'x-request-id': 'boom-1' } });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toBe('boom-1');
      expect(JSON.parse(res.payload)).toEqual({
        statusCode: 500,
        message: 'Something went wrong! Our team has been informed.',
        requestId: 'boom-1',
      });
      const failed = lines.find((l) => l.msg === 'request failed');
      expect(failed).toMatchObject({ level: 50, requestId: 'boom-1' });
      expect(lines.find((l) => l.msg === 'request')).toMatchObject({ requestId: 'boom-1', status: 500, route: '/test/explode/{what}' });
      const generated = await p.server.inject('/test/explode/again');
      expect(JSON.parse(generated.payload).requestId).toBe(generated.headers['x-request-id']);
    });
  });
});
