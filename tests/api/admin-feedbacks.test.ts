/**
 * Feedback and contacts (panel.md §3 Feedback; backoffice.md §2 Feedback, Contacts; docs/backoffice.md):
 * the public POST routes (rate-limited; ip, country from the offline geoip database, user agent
 * stored; a signed-in sender known by their account), the admin grids (tag filter, paging,
 * CSV), detail with editable tags, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMIT } from '../../platform/admin/sender';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;
let ann: Who;

const post = (url: string, payload: object, opts: { token?: string; ip?: string; ua?: string } = {}) =>
  p.server.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), 'user-agent': opts.ua ?? 'TestAgent/1.0' },
  });

beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
  ann = await signedIn(p, { name: 'Ann' });
});
afterAll(() => p?.stop());

describe('POST /api/feedbacks', () => {
  it('stores a visitor feedback with ip, country and user agent; a signed-in sender is their account', async () => {
    const g = guest();
    const anon = await post(
      '/api/feedbacks',
      { type: 'negative', description: 'It broke', email: 'Visitor@Example.com', Uid: g.secret },
      { ip: '8.8.8.8', ua: 'Mozilla/5.0 probe' },
    );
    expect(anon.statusCode, anon.payload).toBe(200);
    const row = await p
      .db('feedbacks')
      .where({ id: JSON.parse(anon.payload).id })
      .first();
    expect(row).toMatchObject({
      type: 'negative',
      description: 'It broke',
      email: 'visitor@example.com',
      source: 'app',
      ip: '8.8.8.8',
      country: 'US',
      user_agent: 'Mozilla/5.0 probe',
      user_id: null,
      uid: g.actor.uid,
    });
    expect(JSON.stringify(row)).not.toContain(g.secret!);
    const own = await post(
      '/api/feedbacks',
      { type: 'positive', description: '', email: 'someone-else@example.com', source: 'panel' },
      { token: ann.token, ip: '10.1.2.3' },
    );
    expect(own.statusCode).toBe(200);
    const mine = await p
      .db('feedbacks')
      .where({ id: JSON.parse(own.payload).id })
      .first();
    expect(mine).toMatchObject({ user_id: ann.user!.id, email: ann.user!.username, source: 'panel', country: null });
  });

  it('refuses bad input in the error envelope and rate-limits each sender', async () => {
    const bad = await post('/api/feedbacks', { type: 'angry', email: 'not-an-email' }, { ip: '192.0.2.10' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(JSON.parse(bad.payload).errors).sort()).toEqual(['email', 'type']);
    const ip = '192.0.2.55';
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_LIMIT.max; i++)
      statuses.push((await post('/api/feedbacks', { type: 'neutral', description: `n${i}` }, { ip })).statusCode);
    expect(statuses.slice(0, FORM_LIMIT.max).every((s) => s === 200)).toBe(true);
    const last = await post('/api/feedbacks', { type: 'neutral' }, { ip });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    // another sender is not held back
    expect((await post('/api/feedbacks', { type: 'neutral' }, { ip: '192.0.2.56' })).statusCode).toBe(200);
  });
});

describe('the feedback back-office', () => {
  it('lists newest first with paging, filters by tag, edits tags, deletes', async () => {
    const page = await call(p, op, 'GET', '/api/admin/feedbacks');
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(FORM_LIMIT.max + 3);
    expect(page.body.data).toHaveLength(10);
    const anon = (await call(p, op, 'GET', '/api/admin/feedbacks?QuickFilter=negative')).body.data[0];
    expect(anon).toMatchObject({ username: 'visitor@example.com', type: 'negative', source: 'app', tags: [], hasDetail: true });
    const saved = await call(p, op, 'PUT', `/api/admin/feedback/${anon.id}/tags`, { id: anon.id, tags: 'bug, ui ,bug' });
    expect([saved.status, saved.body.tags, saved.body.message]).toEqual([200, ['bug', 'ui'], 'data successfully saved.']);
    expect((await call(p, op, 'GET', '/api/admin/feedback/tags')).body).toEqual(['bug', 'ui']);
    const tagged = await call(p, op, 'GET', '/api/admin/feedbacks?Tags=ui');
    expect(tagged.body.data.map((f: { id: string }) => f.id)).toEqual([anon.id]);
    const detail = await call(p, op, 'GET', `/api/admin/feedback/${anon.id}`);
    expect(detail.body).toMatchObject({
      feedback: 'It broke',
      ip: '8.8.8.8',
      country: 'US',
      userAgent: 'Mozilla/5.0 probe',
      tags: ['bug', 'ui'],
    });
    const csv = await p.server.inject({
      method: 'GET',
      url: '/api/admin/feedbacks?Tags=bug',
      headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' },
    });
    expect(csv.payload.trim().split('\n')).toHaveLength(2);
    expect((await call(p, op, 'DELETE', `/api/admin/feedback/${anon.id}`)).body.message).toBe('has been delete');
    expect((await call(p, op, 'GET', `/api/admin/feedback/${anon.id}`)).status).toBe(404);
    const trail = await p.db('operator_audit').where({ target_id: anon.id }).orderBy('id').pluck('action');
    expect(trail).toEqual(['feedback.tags', 'feedback.delete']);
  });
});

describe('contacts', () => {
  it('the public form stores a message; the back-office lists and shows it', async () => {
    const sent = await post(
      '/api/contacts',
      { name: 'Cleo', email: 'cleo@example.com', type: 'sales', message: 'Pricing?' },
      { ip: '8.8.4.4', ua: 'ContactAgent' },
    );
    expect(sent.statusCode, sent.payload).toBe(200);
    expect((await post('/api/contacts', { name: '', email: 'x', message: '' })).statusCode).toBe(400);
    const list = await call(p, op, 'GET', '/api/admin/contacts?QuickFilter=sales');
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ name: 'Cleo', email: 'cleo@example.com', type: 'sales' }] });
    const detail = await call(p, op, 'GET', `/api/admin/contacts/${list.body.data[0].id}`);
    expect(detail.body).toMatchObject({ message: 'Pricing?', ip: '8.8.4.4', userAgent: 'ContactAgent', country: 'US' });
    expect((await call(p, ann, 'GET', '/api/admin/contacts')).status).toBe(403);
  });
});
