import type { Server } from '@hapi/hapi';
import * as repo from './repo';
import { JobRunner, type JobApp, type JobDefinition, type JobWork } from './runner';
import { DEFAULT_TIMINGS, nextTaskInSeconds, requestGraceMs, scheduledState, stopGraceMs, type ScheduledState } from './schedule';

/**
 * Jobs, the one mechanism for every scheduled and one-off job (docs/operations.md "Jobs"). A
 * plugin schedules its own work with `registerJob(server, { name, everyMs, run })` at register;
 * an operator's action runs with `runAction(app, name, work, requestedBy)`. The node's runner is
 * `server.app.jobs` (like `db`, `logger` and `bus`: what every plugin reaches through its app),
 * made by the first `useJobs(server)`, which also ties it to the server's life: with `config.jobs`
 * the scheduled jobs start after onPostStart; at onPreStop they stop and are awaited. Core knows
 * no domain: the jobs are the plugins'; the runner's own is the pruning of old runs.
 */

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /** this node's job runner (platform/core/jobs), made by the first useJobs(server) */
    jobs?: JobRunner;
  }
}

export type { JobApp, JobDefinition, JobResult, JobWork } from './runner';
export type { JobRun, JobKind, JobRunState } from './repo';
export { JobRunner } from './runner';
export { RUN_COLUMNS, runById, runsBase, toJobRun } from './repo';

/** How long finished runs are kept (the runner's own daily job prunes older ones). */
export const JOB_RUNS_KEEP_DAYS = 90;

/** The node's runner, made and tied to the server's start and stop on first use. */
export function useJobs(server: Server): JobRunner {
  const app = server.app;
  if (app.jobs) return app.jobs;
  const runner = new JobRunner(app);
  app.jobs = runner;
  runner.define({
    name: 'job-runs-prune',
    everyMs: 86_400_000,
    run: async ({ db }) => ({ removed: await repo.pruneRuns(db, JOB_RUNS_KEEP_DAYS) }),
  });
  server.ext('onPostStart', async () => {
    if (app.config.jobs) await runner.start();
  });
  server.ext('onPreStop', async () => {
    const timeout = app.config.shutdownTimeoutMs;
    await runner.stop(stopGraceMs(timeout, requestGraceMs(timeout)));
  });
  return runner;
}

/** Schedules `definition.run` every `everyMs` on the nodes with `config.jobs`, once across them. */
export function registerJob(server: Server, definition: JobDefinition): void {
  useJobs(server).define(definition);
}

/** The runner of a server whose plugins set it up (useJobs at register). */
export function runnerOf(app: JobApp): JobRunner {
  if (!app.jobs) throw new Error('jobs are not set up on this server: call useJobs(server) when registering');
  return app.jobs;
}

/** An operator's one-off job, recorded in job_runs and run on this node (JobRunner.runAction). */
export function runAction(
  app: JobApp,
  name: string,
  work: JobWork,
  requestedBy: string | null,
  options: { background?: boolean } = {},
): Promise<repo.JobRun> {
  return runnerOf(app).runAction(name, work, requestedBy, options);
}

/** A scheduled job as the back-office reads it (GET /api/admin/jobs/scheduled). */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  nextRunAt: string;
  runningSince: string | null;
  /** the node that holds the claim, or last held it */
  node: string | null;
  state: ScheduledState;
}

/** Every scheduled job of the `jobs` table (all nodes) and the seconds until the next task (the dashboard's figure). */
export async function scheduledJobs(app: JobApp): Promise<{ nextTaskInSeconds: number | null; jobs: ScheduledJob[] }> {
  const { now, rows } = await repo.readScheduled(app.db);
  const staleMs = app.jobs?.timings.staleMs ?? DEFAULT_TIMINGS.staleMs;
  return {
    nextTaskInSeconds: nextTaskInSeconds(rows, now, staleMs),
    jobs: rows.map((r) => ({
      name: r.name,
      everyMs: r.everyMs,
      nextRunAt: new Date(r.nextRunAt).toISOString(),
      runningSince: r.runningSince === null ? null : new Date(r.runningSince).toISOString(),
      node: r.node,
      state: scheduledState(r, now, staleMs),
    })),
  };
}
