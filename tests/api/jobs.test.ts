/**
 * Jobs (platform/core/jobs; docs/operations.md "Jobs"; issue 30 item 4): one mechanism for every
 * scheduled and one-off job, run once across nodes.
 *  - a due scheduled job runs once and records its run; the next run is one period later;
 *  - a claim whose node stopped answering (stale heartbeat) is taken over, its run recorded as
 *    abandoned; a fresh claim of another node is left alone;
 *  - GET /api/admin/dashboard's nextTaskInSeconds is read from the table, 0 while a job runs;
 *    GET /api/admin/jobs/scheduled lists the jobs;
 *  - stop waits for a running job; one that outlives the grace is recorded as abandoned;
 *  - the admin actions (storage recalc of all / a user / a workspace, extensions rebuild, indexes
 *    rebuild in the background) answer the spec's toasts with their run, are audited, listed by
 *    GET /api/admin/jobs (JSON and CSV), and run one at a time (409);
 *  - with TEST_DB=pg, two nodes on one database ticking at the same moment run a due job once, and
 *    an action asked on both at once runs once (PGlite is one process: skipped there, visibly).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { registerJob, runAction, type JobRunner } from '../../platform/core/jobs/index';
import { openDb } from '../../platform/db/index';
import { createPlatform, type Platform } from '../../platform/server';
import { freshDatabase } from '../helpers/database';
import { startTestPlatform, testDbKind, type TestPlatform } from '../helpers/platform';
import { describeWithServices } from '../helpers/suites';
import { operator } from './admin-fixtures';
import { add, call, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

/** A promise and its resolve, to hold a job running until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runnerOf = (p: Platform): JobRunner => p.server.app.jobs!;
/** Timings for tests: no timer ticks (the tests tick), quick heartbeats, a short stale limit. */
const TEST_TIMINGS = { tickMs: 3_600_000, heartbeatMs: 100, staleMs: 2_000 };

async function runsOf(p: Platform, name: string) {
  return p.db('job_runs').where({ name }).orderBy('started_at');
}

describe('scheduled jobs', () => {
  let p: TestPlatform;
  let op: Who;
  let counted = 0;
  let hold: ReturnType<typeof gate> | null = null;

  beforeAll(async () => {
    p = await startTestPlatform({ jobs: true });
    registerJob(p.server, {
      name: 'test-count',
      everyMs: 3_600_000,
      run: async () => {
        counted++;
        if (hold) await hold.opened;
        return { counted };
      },
    });
    runnerOf(p).timings = { ...TEST_TIMINGS };
    await p.server.start();
    op = await operator(p);
  });
  afterAll(() => p?.stop());

  const makeDue = (name = 'test-count') =>
    p
      .db('jobs')
      .where({ name })
      .update({ next_run_at: p.db.raw("now() - interval '1 second'") });

  it('every node with jobs upserts the jobs of its code at start', async () => {
    const names = await p.db('jobs').orderBy('name').pluck('name');
    expect(names).toEqual(expect.arrayContaining(['asset-sweep', 'billing-renewal', 'board-disposal', 'job-runs-prune', 'test-count']));
    const row = await p.db('jobs').where({ name: 'test-count' }).first();
    expect(row).toMatchObject({ every_ms: 3_600_000, running_since: null });
  });

  it('a job that is not due does not run; a due one runs once, records its run, and is next due one period later', async () => {
    const before = counted;
    await runnerOf(p).tick();
    await runnerOf(p).idle();
    expect(counted).toBe(before);
    await makeDue();
    await runnerOf(p).tick();
    await runnerOf(p).tick();
    await runnerOf(p).idle();
    expect(counted).toBe(before + 1);
    const [run] = (await runsOf(p, 'test-count')).slice(-1);
    expect(run).toMatchObject({
      kind: 'scheduled',
      state: 'finished',
      node: runnerOf(p).node,
      result: { counted: before + 1 },
      error: null,
    });
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    const row = await p.db('jobs').where({ name: 'test-count' }).first();
    expect(row.running_since).toBeNull();
    const ahead = (new Date(row.next_run_at).getTime() - Date.now()) / 1000;
    expect(ahead).toBeGreaterThan(3_500);
    expect(ahead).toBeLessThanOrEqual(3_600);
  });

  it('the dashboard reads the next task from the table, 0 while a job runs; the scheduled list shows it running', async () => {
    await p.db('jobs').update({ next_run_at: p.db.raw("now() + interval '123 seconds'") });
    const waiting = await call(p, op, 'GET', '/api/admin/dashboard');
    expect(waiting.status).toBe(200);
    expect(waiting.body.nextTaskInSeconds).toBeGreaterThanOrEqual(121);
    expect(waiting.body.nextTaskInSeconds).toBeLessThanOrEqual(123);

    hold = gate();
    await makeDue();
    await runnerOf(p).tick();
    try {
      expect((await call(p, op, 'GET', '/api/admin/dashboard')).body).toMatchObject({ nextTaskInSeconds: 0 });
      const scheduled = await call(p, op, 'GET', '/api/admin/jobs/scheduled');
      expect(scheduled.status).toBe(200);
      expect(scheduled.body.nextTaskInSeconds).toBe(0);
      expect(scheduled.body.jobs.find((j: { name: string }) => j.name === 'test-count')).toMatchObject({
        state: 'running',
        node: runnerOf(p).node,
        everyMs: 3_600_000,
      });
      expect(scheduled.body.jobs.find((j: { name: string }) => j.name === 'board-disposal')).toMatchObject({
        state: 'waiting',
        everyMs: 600_000,
      });
      const running = await call(p, op, 'GET', '/api/admin/jobs?QuickFilter=running');
      expect(running.body.data.map((r: { name: string }) => r.name)).toContain('test-count');
      // the heartbeat keeps the claim and the run fresh while the job runs past the stale limit
      await sleep(TEST_TIMINGS.staleMs + 300);
      await runnerOf(p).tick();
      const later = await call(p, op, 'GET', '/api/admin/jobs/scheduled');
      expect(later.body.jobs.find((j: { name: string }) => j.name === 'test-count')).toMatchObject({
        state: 'running',
        node: runnerOf(p).node,
      });
      expect(await p.db('job_runs').where({ name: 'test-count', state: 'running' })).toHaveLength(1);
    } finally {
      hold.open();
      hold = null;
      await runnerOf(p).idle();
    }
    const after = await call(p, op, 'GET', '/api/admin/dashboard');
    expect(after.body.nextTaskInSeconds).toBeGreaterThan(100);
  });

  it("a claim whose node stopped answering is taken over; its run is recorded as abandoned; another node's fresh claim is left alone", async () => {
    const before = counted;
    // a fresh claim of another node: not taken
    await p
      .db('jobs')
      .where({ name: 'test-count' })
      .update({
        running_since: p.db.raw('now()'),
        heartbeat_at: p.db.raw('now()'),
        node: 'other-node',
        next_run_at: p.db.raw("now() - interval '1 minute'"),
      });
    await runnerOf(p).tick();
    await runnerOf(p).idle();
    expect(counted).toBe(before);
    // the other node dies: its claim and its run go stale
    const [dead] = await p
      .db('job_runs')
      .insert({
        name: 'test-count',
        kind: 'scheduled',
        state: 'running',
        node: 'other-node',
        heartbeat_at: p.db.raw("now() - interval '10 minutes'"),
      })
      .returning('id');
    await p
      .db('jobs')
      .where({ name: 'test-count' })
      .update({ heartbeat_at: p.db.raw("now() - interval '10 minutes'") });
    await runnerOf(p).tick();
    await runnerOf(p).idle();
    expect(counted).toBe(before + 1);
    const abandoned = await p.db('job_runs').where({ id: dead.id }).first();
    expect(abandoned).toMatchObject({ state: 'failed', error: 'abandoned: its node (other-node) stopped answering' });
    expect(abandoned.finished_at).not.toBeNull();
    const [latest] = (await runsOf(p, 'test-count')).slice(-1);
    expect(latest).toMatchObject({ state: 'finished', node: runnerOf(p).node });
    expect(await p.db('jobs').where({ name: 'test-count' }).first()).toMatchObject({ running_since: null, node: runnerOf(p).node });
  });

  it('a failing job records its error and the next run comes at its time', async () => {
    registerJobLate(p);
    await p.db('jobs').insert({ name: 'test-fail', every_ms: 60_000, next_run_at: p.db.raw('now()') });
    await runnerOf(p).tick();
    await runnerOf(p).idle();
    const [run] = await runsOf(p, 'test-fail');
    expect(run).toMatchObject({ state: 'failed', error: 'the job broke', result: null });
    expect((await p.db('jobs').where({ name: 'test-fail' }).first()).running_since).toBeNull();
  });
});

/** A job defined after the start (its row inserted by the test): the runner claims what it defines. */
function registerJobLate(p: TestPlatform) {
  runnerOf(p).define({
    name: 'test-fail',
    everyMs: 60_000,
    run: async () => {
      throw new Error('the job broke');
    },
  });
}

describe('stopping a node with a running job', () => {
  it('stop waits for the running job to finish', async () => {
    const p = await startTestPlatform({ jobs: true });
    let finishedAt = 0;
    let sawSignal = false;
    registerJob(p.server, {
      name: 'test-slow',
      everyMs: 3_600_000,
      run: async (_app, signal) => {
        await sleep(400);
        sawSignal = signal.aborted;
        finishedAt = Date.now();
        return { done: true };
      },
    });
    runnerOf(p).timings = { ...TEST_TIMINGS };
    await p.server.start();
    await p
      .db('jobs')
      .where({ name: 'test-slow' })
      .update({ next_run_at: p.db.raw('now()') });
    await runnerOf(p).tick();
    expect(runnerOf(p).runningHere()).toEqual(['test-slow']);
    await p.stop();
    const stoppedAt = Date.now();
    expect(finishedAt).toBeGreaterThan(0);
    expect(finishedAt).toBeLessThanOrEqual(stoppedAt);
    // the job was told the node is stopping (its AbortSignal) and could end early
    expect(sawSignal).toBe(true);
  });

  it('a job that outlives the grace is recorded as abandoned and its claim given up; no tick or action starts after stop', async () => {
    const p = await startTestPlatform({ jobs: true });
    const never = gate();
    registerJob(p.server, { name: 'test-stuck', everyMs: 3_600_000, run: () => never.opened });
    runnerOf(p).timings = { ...TEST_TIMINGS };
    await p.server.start();
    try {
      await p
        .db('jobs')
        .where({ name: 'test-stuck' })
        .update({ next_run_at: p.db.raw('now()') });
      await runnerOf(p).tick();
      const started = Date.now();
      await runnerOf(p).stop(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      const [run] = await runsOf(p, 'test-stuck');
      expect(run).toMatchObject({ state: 'failed', error: 'abandoned: the node stopped before the run finished' });
      expect((await p.db('jobs').where({ name: 'test-stuck' }).first()).running_since).toBeNull();
      await expect(runAction(p.server.app, 'test-late', async () => ({}), null)).rejects.toMatchObject({ output: { statusCode: 503 } });
    } finally {
      never.open();
      await p.stop();
    }
  });
});

describe('admin actions as jobs', () => {
  let p: TestPlatform;
  let op: Who;
  let owner: Who;
  let workspaceId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    op = await operator(p, { name: 'Jo Jobs' });
    owner = await signedIn(p, { name: 'Wanda Workspace' });
    const board = await newBoard(p, owner, { name: 'storage board' });
    const uid = owner.actor.uid;
    expect((await send(p, owner, board.code, add(uid, rect('s1', uid)))).status).toBe(200);
    workspaceId = (await p.db('boards').where({ code: board.code }).first('workspace_id')).workspace_id;
  });
  afterAll(() => p?.stop());

  it('recalculates storage: every account and workspace, one account, one workspace; audited; 404 for an unknown id', async () => {
    const all = await call(p, op, 'POST', '/api/admin/storage/recalc', {});
    expect(all.status, all.raw).toBe(200);
    expect(all.body).toMatchObject({
      message: 'storage has been recalculated',
      run: {
        name: 'storage-recalc',
        kind: 'action',
        state: 'finished',
        requestedBy: op.user!.username,
        error: null,
        result: { target: 'all' },
      },
    });
    expect(all.body.run.result.users).toBeGreaterThanOrEqual(2);
    expect(all.body.run.result.workspaces).toBeGreaterThanOrEqual(1);
    expect(all.body.run.durationMs).toBeGreaterThanOrEqual(0);

    const ws = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: workspaceId });
    expect(ws.body.run.result).toMatchObject({ target: 'workspace', users: 0, workspaces: 1 });
    expect(ws.body.run.result.storage).toBeGreaterThan(50);
    expect(Number((await p.db('workspaces').where({ id: workspaceId }).first('storage_bytes')).storage_bytes)).toBe(
      ws.body.run.result.storage,
    );

    const user = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: owner.user!.id });
    expect(user.body.run.result).toMatchObject({ target: 'user', users: 1, workspaces: 0 });
    expect(user.body.run.result.storage).toBe(ws.body.run.result.storage);

    const unknown = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const bad = await call(p, op, 'POST', '/api/admin/storage/recalc', { id: 'not-an-id' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['id']]);

    const audit = await p.db('operator_audit').where({ action: 'storage.recalc' }).orderBy('at');
    expect(audit.map((a) => [a.target_type, a.target_id])).toEqual([
      [null, null],
      ['workspace', workspaceId],
      ['user', owner.user!.id],
    ]);
    expect(audit[1].details).toMatchObject({ run: ws.body.run.id, storage: ws.body.run.result.storage });
  });

  it('rebuilds extensions: stored choices of unknown extensions go, the rest is counted', async () => {
    await p.db('workspace_extensions').insert([
      { workspace_id: workspaceId, extension_id: 'app-gone', plugged: false },
      { workspace_id: workspaceId, extension_id: 'app-comment', plugged: false },
      { workspace_id: workspaceId, extension_id: 'app-frame', plugged: true },
    ]);
    const res = await call(p, op, 'POST', '/api/admin/extensions/rebuild', {});
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      message: 'rebuild extensions done',
      run: {
        name: 'extensions-rebuild',
        state: 'finished',
        result: {
          unknownRemoved: 1,
          unknownIds: ['app-gone'],
          rows: 2,
          workspacesWithUnplugged: 1,
          unplugged: { 'app-comment': 1, 'app-frame': 0 },
        },
      },
    });
    expect(await p.db('workspace_extensions').where({ extension_id: 'app-gone' }).first()).toBeUndefined();
    expect((await call(p, op, 'POST', '/api/admin/extensions/rebuild?Uid=panel-uid')).status).toBe(200);
    expect((await call(p, op, 'POST', '/api/admin/extensions/rebuild', { other: 1 })).status).toBe(400);
  });

  it('rebuilds indexes in the background: the answer comes at once, the run records each table', async () => {
    const res = await call(p, op, 'POST', '/api/admin/sys/indexes', {});
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ message: 'rebuild indexes sent', run: { name: 'sys-indexes', kind: 'action' } });
    expect(['running', 'finished']).toContain(res.body.run.state);
    await runnerOf(p).idle();
    const run = await call(p, op, 'GET', `/api/admin/jobs/${res.body.run.id}`);
    expect(run.body).toMatchObject({ state: 'finished', result: { concurrently: testDbKind() === 'pg', droppedInvalid: [] } });
    expect(run.body.result.tables.map((t: { table: string }) => t.table)).toEqual([
      'commands',
      'snapshots',
      'board_members',
      'boards',
      'board_activity',
      'users',
      'user_audits',
    ]);
    for (const t of run.body.result.tables) {
      expect(t.indexes).toBeGreaterThanOrEqual(1);
      expect(t.reindexMs).toBeGreaterThanOrEqual(0);
      expect(t.analyzeMs).toBeGreaterThanOrEqual(0);
    }
    expect(await p.db('operator_audit').where({ action: 'sys.indexes' }).first()).toMatchObject({ details: { run: res.body.run.id } });
  });

  it('one run of an action at a time: a second ask answers 409 while the first runs', async () => {
    const hold = gate();
    const first = await runAction(p.server.app, 'extensions-rebuild', () => hold.opened.then(() => ({ held: true })), op.user!.id, {
      background: true,
    });
    expect(first.state).toBe('running');
    const second = await call(p, op, 'POST', '/api/admin/extensions/rebuild', {});
    expect(second.status).toBe(409);
    hold.open();
    await runnerOf(p).idle();
    expect((await call(p, op, 'POST', '/api/admin/extensions/rebuild', {})).status).toBe(200);
  });

  it('a failing action is recorded as failed and its error answered', async () => {
    await expect(
      runAction(
        p.server.app,
        'test-broken',
        async () => {
          throw new Error('nothing to do');
        },
        op.user!.id,
      ),
    ).rejects.toThrow('nothing to do');
    expect(await p.db('job_runs').where({ name: 'test-broken' }).first()).toMatchObject({
      state: 'failed',
      error: 'nothing to do',
      kind: 'action',
    });
  });

  it('GET /api/admin/jobs lists the runs, newest first, with filters and CSV; GET /api/admin/jobs/{id} one run', async () => {
    const list = await call(p, op, 'GET', '/api/admin/jobs');
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBeGreaterThanOrEqual(7);
    expect(list.body.data).toHaveLength(10 > list.body.totalCount ? list.body.totalCount : 10);
    const first = list.body.data[0];
    expect(Object.keys(first).sort()).toEqual(
      ['durationMs', 'error', 'finishedAt', 'id', 'kind', 'name', 'node', 'requestedBy', 'result', 'startedAt', 'state'].sort(),
    );
    const starts = list.body.data.map((r: { startedAt: string }) => r.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);

    const storage = await call(p, op, 'GET', '/api/admin/jobs?Filter=storage&QuickFilter=actions&Take=50');
    expect(storage.body.totalCount).toBe(3);
    expect(
      storage.body.data.every(
        (r: { name: string; requestedBy: string }) => r.name === 'storage-recalc' && r.requestedBy === op.user!.username,
      ),
    ).toBe(true);
    const failed = await call(p, op, 'GET', '/api/admin/jobs?QuickFilter=failed');
    expect(failed.body.data.map((r: { name: string }) => r.name)).toContain('test-broken');
    const bySlowest = await call(p, op, 'GET', '/api/admin/jobs?Orders=durationMs%20Desc&Take=3');
    expect(bySlowest.status).toBe(200);
    expect((await call(p, op, 'GET', '/api/admin/jobs?QuickFilter=nope')).status).toBe(400);

    const csv = await p.server.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { authorization: `Bearer ${op.token}`, accept: 'text/csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.payload.split('\n')[0]).toBe('id,name,kind,state,startedAt,finishedAt,durationMs,node,requestedBy,result,error');

    const one = await call(p, op, 'GET', `/api/admin/jobs/${first.id}`);
    expect(one.body).toEqual(first);
    expect((await call(p, op, 'GET', `/api/admin/jobs/${crypto.randomUUID()}`)).status).toBe(404);
    const user = await signedIn(p, { name: 'Nora Nonop' });
    expect((await call(p, user, 'GET', '/api/admin/jobs')).status).toBe(403);
    expect((await call(p, user, 'POST', '/api/admin/sys/indexes', {})).status).toBe(403);
    expect((await call(p, null, 'POST', '/api/admin/extensions/rebuild', {})).status).toBe(401);
  });
});

await describeWithServices('jobs on two nodes sharing one database', { sharedDatabase: true }, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const nodes: Platform[] = [];
  const runs: string[] = [];

  async function node(): Promise<Platform> {
    const config = loadConfig(
      {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(os.tmpdir(), `tabula-test-${crypto.randomUUID()}`),
        DATABASE_URL: database.url,
        REDIS_URL: '',
        SMTP_URL: '',
        JOBS: 'on',
      },
      { accessTokenSecret: 'test-secret-'.padEnd(48, 'x'), cookieSecret: 'test-cookie-secret-'.padEnd(48, 'y') },
    );
    const platform = await createPlatform(config, { db: openDb({ databaseUrl: database.url }), logger: pino({ level: 'silent' }) });
    registerJob(platform.server, {
      name: 'test-once',
      everyMs: 3_600_000,
      run: async (app) => {
        runs.push(app.jobs!.node);
        await sleep(50);
        return {};
      },
    });
    platform.server.app.jobs!.timings = { ...TEST_TIMINGS };
    await platform.server.start();
    nodes.push(platform);
    return platform;
  }

  beforeAll(async () => {
    database = await freshDatabase('tabula_jobs');
  });
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await database?.drop();
  });

  it('a due job runs once when both nodes tick at the same moment', async () => {
    const a = await node();
    const b = await node();
    expect(runnerOf(a).node).not.toBe(runnerOf(b).node);
    for (let round = 1; round <= 5; round++) {
      await a
        .db('jobs')
        .where({ name: 'test-once' })
        .update({ next_run_at: a.db.raw("now() - interval '1 second'") });
      await Promise.all([runnerOf(a).tick(), runnerOf(b).tick(), runnerOf(a).tick(), runnerOf(b).tick()]);
      await Promise.all([runnerOf(a).idle(), runnerOf(b).idle()]);
      expect(runs).toHaveLength(round);
    }
    expect(await a.db('job_runs').where({ name: 'test-once' }).count({ n: '*' })).toEqual([{ n: 5 }]);
  });

  it('an action asked on both nodes at once runs once; the other answers 409', async () => {
    const [a, b] = nodes as [Platform, Platform];
    const hold = gate();
    const work = () => hold.opened.then(() => ({ ok: true }));
    const asked = await Promise.allSettled([
      runAction(a.server.app, 'test-action', work, null, { background: true }),
      runAction(b.server.app, 'test-action', work, null, { background: true }),
    ]);
    hold.open();
    await Promise.all([runnerOf(a).idle(), runnerOf(b).idle()]);
    expect(asked.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(asked.find((r) => r.status === 'rejected')).toMatchObject({ reason: { output: { statusCode: 409 } } });
    expect(await a.db('job_runs').where({ name: 'test-action' }).pluck('state')).toEqual(['finished']);
  });
});
