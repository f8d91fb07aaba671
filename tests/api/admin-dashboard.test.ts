/**
 * The dashboard's node figures (backoffice.md §2 Dashboard "Connections count and time until the
 * next scheduled task"; platform/admin/dashboard): GET /api/admin/dashboard, operators only (the
 * walk in admin-authz.test.ts covers every refusal), counts this node's open realtime sockets,
 * and answers the seconds until the next job run, read from the jobs table (null when no node runs
 * jobs; tests/api/jobs.test.ts reads it while a job runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { call, signedIn, type Who } from './boards-fixtures';

describe('GET /api/admin/dashboard', () => {
  let p: TestPlatform;
  let op: Who;
  const open: HubClient[] = [];

  beforeAll(async () => {
    p = await startTestPlatform({ jobs: true }, { listen: true });
    op = await operator(p);
  });
  afterAll(async () => {
    await Promise.all(open.map((h) => h.close()));
    await p?.stop();
  });

  it('counts the open connections and tells the time until the next job', async () => {
    const before = await call(p, op, 'GET', '/api/admin/dashboard');
    expect(before.status).toBe(200);
    const { connections } = before.body as { connections: number; nextTaskInSeconds: number | null };
    open.push(await HubClient.connect(p.url), await HubClient.connect(p.url));
    const after = await call(p, op, 'GET', '/api/admin/dashboard');
    expect(after.body).toMatchObject({ connections: connections + 2 });
    // the renewal job (every 5 minutes) is the next one on a node that has just started
    const next = (after.body as { nextTaskInSeconds: number }).nextTaskInSeconds;
    expect(next).toBeGreaterThan(240);
    expect(next).toBeLessThanOrEqual(300);
  });

  it("the dashboard's announcement form call: the panel's Uid in the body passes, an empty message is the server's 400", async () => {
    const start = new Date(Date.now() + 5 * 60_000).toISOString();
    const end = new Date(Date.now() + 7 * 60_000).toISOString();
    const ok = await call(p, op, 'POST', '/api/admin/announcements', {
      type: 'News',
      message: 'From the dashboard',
      start,
      end,
      Uid: 'panel-uid-1',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type: 'News', message: 'From the dashboard', duration: 2 });
    const empty = await call(p, op, 'POST', '/api/admin/announcements', { type: 'News', message: '', start, end, Uid: 'panel-uid-1' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: { message: ['message is not allowed to be empty'] } });
  });

  it('refuses a user and answers bad input in the error envelope', async () => {
    const user = await signedIn(p, { name: 'Una User' });
    expect((await call(p, user, 'GET', '/api/admin/dashboard')).status).toBe(403);
    // the panel's roaming Uid passes; anything else is refused
    expect((await call(p, op, 'GET', '/api/admin/dashboard?Uid=abc')).status).toBe(200);
    const bad = await call(p, op, 'GET', '/api/admin/dashboard?days=7');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { days: [expect.any(String)] } });
  });
});

describe('GET /api/admin/dashboard without jobs', () => {
  it('answers null for the next task when no node runs jobs', async () => {
    const p = await startTestPlatform();
    try {
      const res = await call(p, await operator(p), 'GET', '/api/admin/dashboard');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ connections: 0, nextTaskInSeconds: null });
    } finally {
      await p.stop();
    }
  });
});
