import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { call, signedIn, type Who } from './boards-fixtures';

/**
 * The back-office's answers match their response schemas (docs/api.md "Wire types"): under test
 * an answer off its schema is a 500 (RESPONSE_CHECK=strict), so reading every grid and every detail
 * with rows in it checks each field the server sends against what shared/wire.ts declares.
 */
describe('back-office answers', () => {
  let p: TestPlatform;
  let op: Who;
  let ann: Who;
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const get = async (url: string) => {
    const res = await call(p, op, 'GET', url);
    expect(res.status, `GET ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p);
    ann = await signedIn(p, { name: '' });
    ok(await call(p, ann, 'POST', '/api/contacts', { name: 'Ann', email: 'ann@example.com', message: 'Hello' }));
    ok(await call(p, ann, 'POST', '/api/feedbacks', { type: 'positive', description: 'Nice' }));
    ok(await call(p, null, 'POST', '/api/feedbacks', { type: 'negative', description: '' }));
    ok(await call(p, ann, 'POST', '/api/logs/usages', { context: 'export-png', data: { shapes: 3 } }));
    ok(await call(p, ann, 'POST', '/api/logs/perfs', { type: 'Speed', sessionId: 's-1', payload: { name: 'rtt', value: 4 } }));
    ok(await call(p, ann, 'POST', '/api/clients', { appName: 'Embed', terms: true, allowedOrigins: ['https://a.example'] }));
    ok(await call(p, ann, 'POST', '/api/boards', { name: 'Answers' }));
    const [start, end] = [new Date().toISOString(), new Date(Date.now() + 3_600_000).toISOString()];
    ok(await call(p, op, 'POST', '/api/admin/announcements', { type: 'News', message: 'Hi', start, end }));
    ok(await call(p, op, 'POST', `/api/admin/directories/${'0'.repeat(24)}`, { name: 'countries', content: '' }));
  });
  afterAll(() => p.stop());

  it('every grid answers its declared rows', async () => {
    for (const url of [
      '/api/admin/boards',
      '/api/accounts/users',
      '/api/admin/feedbacks',
      '/api/admin/contacts',
      '/api/admin/outbox',
      '/api/admin/directories',
      '/api/admin/clients',
      '/api/admin/audit',
      '/api/admin/user-audits',
      '/api/admin/feature-audits',
      '/api/admin/perf-logs',
      '/api/admin/announcements',
    ]) {
      const page = (await get(url)) as { totalCount: number; data: unknown[] };
      if (!['/api/admin/outbox', '/api/admin/user-audits'].includes(url)) expect(page.data.length, url).toBeGreaterThan(0);
    }
  });

  it('every detail answers its declared fields', async () => {
    const first = async (url: string) => ((await get(url)) as { data: Array<{ id: string }> }).data[0]!.id;
    await get(`/api/admin/boards/${await first('/api/admin/boards')}/details`);
    await get(`/api/admin/boards/${await first('/api/admin/boards')}/insights`);
    await get(`/api/admin/users/${ann.user!.id}/details`);
    await get(`/api/admin/users/${ann.user!.id}/dependencies`);
    const feedbacks = ((await get('/api/admin/feedbacks')) as { data: Array<{ id: string }> }).data.map((f) => f.id);
    expect((await call(p, op, 'PUT', `/api/admin/feedback/${feedbacks[0]}/tags`, { tags: 'a,b' })).status).toBe(200);
    for (const id of feedbacks) await get(`/api/admin/feedback/${id}`);
    expect(await get('/api/admin/feedback/tags')).toEqual(['a', 'b']);
    await get(`/api/admin/contacts/${await first('/api/admin/contacts')}`);
    await get(`/api/admin/directories/${await first('/api/admin/directories')}`);
    await get(`/api/admin/clients/${await first('/api/admin/clients')}/details`);
    await get('/api/system-logs');
    expect(((await get('/api/announcements')) as unknown[]).length).toBeGreaterThan(0);
  });
});
