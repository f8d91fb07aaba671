/**
 * Directories CRUD (backoffice.md §2 Directory, §7: the 24-zero id means new) and the clients
 * grid (the developer apps, with their origins in the detail; never the secret).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_ID } from '../../platform/admin/directories/routes';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, signedIn, type Who } from './boards-fixtures';
import { operator } from './admin-fixtures';

let p: TestPlatform;
let op: Who;

beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
});
afterAll(() => p?.stop());

describe('directories', () => {
  it('creates with the 24-zero id, reads, lists by name, updates, deletes', async () => {
    const made = await call(p, op, 'POST', `/api/admin/directories/${NEW_ID}`, { id: NEW_ID, name: 'Welcome', content: 'Hello\nworld' });
    expect([made.status, made.body.message]).toEqual([200, 'data successfully saved.']);
    const id = made.body.id;
    await call(p, op, 'POST', `/api/admin/directories/${NEW_ID}`, { id: NEW_ID, name: 'About', content: '' });
    expect((await call(p, op, 'GET', `/api/admin/directories/${id}`)).body).toMatchObject({ id, name: 'Welcome', content: 'Hello\nworld' });
    const list = await call(p, op, 'GET', '/api/admin/directories');
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(['About', 'Welcome']);
    const updated = await call(p, op, 'POST', `/api/admin/directories/${id}`, { id, name: 'Welcome!', content: 'v2' });
    expect(updated.body).toMatchObject({ id, name: 'Welcome!', content: 'v2' });
    expect((await call(p, op, 'POST', `/api/admin/directories/${id}`, { id, name: '' })).body.errors.name).toBeDefined();
    expect((await call(p, op, 'GET', `/api/admin/directories/${NEW_ID}`)).status).toBe(404);
    expect((await call(p, op, 'GET', '/api/admin/directories/not-an-id')).status).toBe(400);
    expect((await call(p, op, 'DELETE', `/api/admin/directories/${id}`)).body.message).toBe('has been delete');
    expect((await call(p, op, 'GET', `/api/admin/directories/${id}`)).status).toBe(404);
    const trail = await p.db('operator_audit').where({ target_id: id }).orderBy('id').pluck('action');
    expect(trail).toEqual(['directory.create', 'directory.update', 'directory.delete']);
  });
});

describe('clients', () => {
  it('lists the developer apps with filters and shows origins (never the secret)', async () => {
    const owners: Who[] = [];
    for (const name of ['Alpha', 'Beta']) {
      const who = await signedIn(p, { name });
      owners.push(who);
      const res = await call(p, who, 'POST', '/api/clients', { appName: `${name} app`, terms: true });
      expect(res.status, res.raw).toBe(200);
    }
    const beta = await p.db('clients').where({ owner_id: owners[1]!.user!.id }).first();
    await p.db('clients').where({ id: beta.id }).update({ is_active: false });
    await p.db('client_embed_origins').insert({ client_id: beta.id, origin: 'https://host.example', embeds: 3 });
    const all = await call(p, op, 'GET', '/api/admin/clients?Orders=CreatedDate');
    expect(all.body.data.map((c: { appName: string }) => c.appName)).toEqual(['Alpha app', 'Beta app']);
    expect(all.body.data[0]).toMatchObject({ username: owners[0]!.user!.username, isActive: true });
    expect(
      (await call(p, op, 'GET', '/api/admin/clients?QuickFilter=inactive')).body.data.map((c: { appName: string }) => c.appName),
    ).toEqual(['Beta app']);
    expect((await call(p, op, 'GET', '/api/admin/clients?Filter=alpha')).body.totalCount).toBe(1);
    const detail = await call(p, op, 'GET', `/api/admin/clients/${beta.id}/details`);
    expect(detail.body).toMatchObject({
      appName: 'Beta app',
      isActive: false,
      origins: [{ origin: 'https://host.example', embeds: 3, refusals: 0 }],
    });
    expect(detail.raw).not.toContain(beta.secret_hash);
  });
});
