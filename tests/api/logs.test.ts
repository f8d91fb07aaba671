import { describe, expect, it } from 'vitest';
import { boardsSuite, call, guest } from './boards-fixtures';

/** Client, usage and performance records (board.md §7): validated, capped, stored, 204. */
describe('client logs', () => {
  const s = boardsSuite({ ann: {} });

  it('stores a client log with who sent it', async () => {
    const res = await call(s.p, s.ann, 'POST', '/api/logs/clients', {
      level: 'Error',
      context: 'image',
      data: { url: '/x.png', reason: 'timeout' },
      message: 'image failed',
    });
    expect(res.status).toBe(204);
    const row = await s.p.db('client_logs').orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      level: 'error',
      context: 'image',
      message: 'image failed',
      data: { url: '/x.png', reason: 'timeout' },
      user_id: s.ann.user!.id,
      uid: s.ann.actor.uid,
    });
    const g = guest();
    expect((await call(s.p, g, 'POST', '/api/logs/clients', { level: 'warn', message: 'slow' })).status).toBe(204);
    expect(await s.p.db('client_logs').orderBy('id', 'desc').first()).toMatchObject({ uid: g.actor.uid, user_id: null, context: '' });
    expect((await call(s.p, null, 'POST', '/api/logs/clients', { level: 'info', message: 'anonymous' })).status).toBe(204);
  });

  it('stores usage and performance records', async () => {
    expect((await call(s.p, s.ann, 'POST', '/api/logs/usages', { context: 'export-png', data: { shapes: 3 } })).status).toBe(204);
    expect(await s.p.db('usage_logs').orderBy('id', 'desc').first()).toMatchObject({
      context: 'export-png',
      data: { shapes: 3 },
      user_id: s.ann.user!.id,
    });
    const perf = { type: 'latency', sessionId: 's-1', board: 'abcdefghijkl', ver: '1.72.6', payload: { name: 'rtt', value: 42 } };
    expect((await call(s.p, s.ann, 'POST', '/api/logs/perfs', perf)).status).toBe(204);
    expect(await s.p.db('perf_logs').orderBy('id', 'desc').first()).toMatchObject({
      type: 'latency',
      session_id: 's-1',
      board: 'abcdefghijkl',
      ver: '1.72.6',
      payload: { name: 'rtt', value: 42 },
    });
  });

  it('refuses bad input with field errors and oversized payloads', async () => {
    const noLevel = await call(s.p, s.ann, 'POST', '/api/logs/clients', { message: 'x' });
    expect(noLevel).toMatchObject({ status: 400, body: { errors: { level: expect.any(Array) } } });
    expect((await call(s.p, s.ann, 'POST', '/api/logs/clients', { level: 'loud' })).body.errors.level).toBeDefined();
    expect((await call(s.p, s.ann, 'POST', '/api/logs/usages', {})).body.errors.context).toBeDefined();
    expect((await call(s.p, s.ann, 'POST', '/api/logs/perfs', { sessionId: 'x' })).body.errors.type).toBeDefined();
    const big = { blob: 'x'.repeat(17 * 1024) };
    const res = await call(s.p, s.ann, 'POST', '/api/logs/usages', { context: 'big', data: big });
    expect(res).toMatchObject({ status: 400, body: { errors: { data: ['must be at most 16384 bytes'] } } });
    const huge = await call(s.p, s.ann, 'POST', '/api/logs/clients', { level: 'info', message: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect(await s.p.db('usage_logs').where({ context: 'big' })).toHaveLength(0);
  });
});
