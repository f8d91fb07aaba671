import type { Knex } from 'knex';
import type { Db } from '../../db/index';
import type { DbRow } from '../../db/row';
import type { ScheduledRow } from './schedule';

/**
 * The job runner's SQL (tables `jobs` and `job_runs`, migration 025; docs/operations.md "Jobs").
 * Every time is the database's `now()`, so the nodes' clocks never have to agree.
 */

export type JobKind = 'scheduled' | 'action';
export type JobRunState = 'running' | 'finished' | 'failed';

/** A job run as the back-office reads it (GET /api/admin/jobs). */
export interface JobRun {
  id: string;
  name: string;
  kind: JobKind;
  state: JobRunState;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  node: string;
  /** the operator who asked for an action (username); null for a scheduled run or once the account is gone */
  requestedBy: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** now() plus or minus a number of milliseconds */
const fromNow = (db: Db, sign: '+' | '-', value: number) =>
  db.raw(`now() ${sign} ?::integer * interval '1 millisecond'`, [Math.round(value)]);
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const epoch = (value: unknown) => (value == null ? null : new Date(value as string).getTime());

/** The jobs of this node's code: new ones are due one period from now; a shorter period brings the next run nearer. */
export async function upsertJobs(db: Db, jobs: ReadonlyArray<{ name: string; everyMs: number }>): Promise<void> {
  if (!jobs.length) return;
  await db('jobs')
    .insert(jobs.map((j) => ({ name: j.name, every_ms: Math.round(j.everyMs), next_run_at: fromNow(db, '+', j.everyMs) })))
    .onConflict('name')
    .merge({ every_ms: db.raw('excluded.every_ms'), next_run_at: db.raw('least(jobs.next_run_at, excluded.next_run_at)') });
}

/**
 * Claims the due jobs among `names` for `node`: one UPDATE … RETURNING, so when several nodes
 * tick at once each job goes to one of them (the others' UPDATE finds the row claimed). A claim
 * whose heartbeat is older than `staleMs` (its node died) is taken over. The next run is set
 * one period from now.
 */
export async function claimDue(db: Db, names: readonly string[], node: string, staleMs: number): Promise<string[]> {
  if (!names.length) return [];
  const rows = (await db('jobs')
    .whereIn('name', names)
    .where('next_run_at', '<=', db.fn.now())
    .where((w) => void w.whereNull('running_since').orWhere('heartbeat_at', '<', fromNow(db, '-', staleMs)))
    .update({
      running_since: db.fn.now(),
      heartbeat_at: db.fn.now(),
      node,
      next_run_at: db.raw("now() + every_ms * interval '1 millisecond'"),
    })
    .returning('name')) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

/** Gives up `node`'s claim of a job (its run ended); a claim another node took over is left alone. */
export async function releaseJob(db: Db, name: string, node: string): Promise<void> {
  await db('jobs').where({ name, node }).whereNotNull('running_since').update({ running_since: null, heartbeat_at: null });
}

/** Runs whose node stopped answering (heartbeat older than `staleMs`) are recorded as failed: abandoned. */
export async function reapStaleRuns(db: Db, staleMs: number, name?: string): Promise<number> {
  const q = db('job_runs')
    .where({ state: 'running' })
    .where('heartbeat_at', '<', fromNow(db, '-', staleMs));
  if (name) q.where({ name });
  // returning(): knex-pglite answers a bare update with the driver's result object, not a count
  const rows = await q
    .update({
      state: 'failed',
      finished_at: db.fn.now(),
      duration_ms: db.raw('(extract(epoch from (now() - started_at)) * 1000)::integer'),
      error: db.raw("'abandoned: its node (' || node || ') stopped answering'"),
    })
    .returning('id');
  return rows.length;
}

/** A new run in state running; null when a run of the same name is running already (one at a time, across nodes). */
export async function insertRun(
  db: Db,
  run: { name: string; kind: JobKind; node: string; requestedBy: string | null },
): Promise<string | null> {
  try {
    const [row] = (await db('job_runs')
      .insert({ name: run.name, kind: run.kind, state: 'running', node: run.node, requested_by: run.requestedBy })
      .returning('id')) as Array<{ id: string }>;
    return row!.id;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return null;
    throw err;
  }
}

export async function finishRun(
  db: Db,
  id: string,
  outcome: { state: 'finished' | 'failed'; durationMs: number; result?: Record<string, unknown> | null; error?: string | null },
): Promise<void> {
  await db('job_runs')
    .where({ id })
    .update({
      state: outcome.state,
      finished_at: db.fn.now(),
      duration_ms: Math.max(0, Math.round(outcome.durationMs)),
      result: outcome.result == null ? null : JSON.stringify(outcome.result),
      error: outcome.error ?? null,
    });
}

/** The node is alive: fresh heartbeats on its running runs and on the claims it holds. */
export async function beat(db: Db, runIds: readonly string[], jobNames: readonly string[], node: string): Promise<void> {
  if (runIds.length) await db('job_runs').whereIn('id', runIds).where({ state: 'running' }).update({ heartbeat_at: db.fn.now() });
  if (jobNames.length)
    await db('jobs').whereIn('name', jobNames).where({ node }).whereNotNull('running_since').update({ heartbeat_at: db.fn.now() });
}

/** The `jobs` table and the database's clock. */
export async function readScheduled(db: Db): Promise<{ now: number; rows: ScheduledRow[] }> {
  const [clock] = (await db.select(db.raw('now() as now'))) as Array<{ now: Date | string }>;
  const rows = (await db('jobs').orderBy('name').select('*')) as DbRow[];
  return {
    now: new Date(clock!.now).getTime(),
    rows: rows.map((r) => ({
      name: r.name as string,
      everyMs: Number(r.every_ms),
      nextRunAt: epoch(r.next_run_at)!,
      runningSince: epoch(r.running_since),
      heartbeatAt: epoch(r.heartbeat_at),
      node: (r.node as string | null) ?? null,
    })),
  };
}

/** The runs' query for lists: job_runs as `r` with the requester's account as `u`. */
export const runsBase = (db: Db): Knex.QueryBuilder => db('job_runs as r').leftJoin('users as u', 'u.id', 'r.requested_by');

/** The columns of a run for toJobRun. */
export const RUN_COLUMNS = {
  id: 'r.id',
  name: 'r.name',
  kind: 'r.kind',
  state: 'r.state',
  startedAt: 'r.started_at',
  finishedAt: 'r.finished_at',
  durationMs: 'r.duration_ms',
  node: 'r.node',
  requestedBy: 'u.username',
  result: 'r.result',
  error: 'r.error',
} as const;

export function toJobRun(row: DbRow): JobRun {
  const result = typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result;
  return {
    id: String(row.id),
    name: String(row.name),
    kind: row.kind as JobKind,
    state: row.state as JobRunState,
    startedAt: iso(row.startedAt)!,
    finishedAt: iso(row.finishedAt),
    durationMs: row.durationMs == null ? null : Number(row.durationMs),
    node: String(row.node),
    requestedBy: (row.requestedBy as string | null) ?? null,
    result: result && typeof result === 'object' ? (result as Record<string, unknown>) : null,
    error: (row.error as string | null) ?? null,
  };
}

export async function runById(db: Db, id: string): Promise<JobRun | null> {
  const row = (await runsBase(db).where('r.id', id).first(RUN_COLUMNS)) as DbRow | undefined;
  return row ? toJobRun(row) : null;
}

/** Finished and failed runs older than `days` go (the runner's own daily job). */
export async function pruneRuns(db: Db, days: number): Promise<number> {
  const rows = await db('job_runs')
    .whereNot({ state: 'running' })
    .where('started_at', '<', db.raw(`now() - ?::integer * interval '1 day'`, [days]))
    .delete()
    .returning('id');
  return rows.length;
}
