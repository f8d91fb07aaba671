import crypto from 'node:crypto';
import os from 'node:os';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import * as repo from './repo';
import { DEFAULT_TIMINGS, errorText, type JobTimings } from './schedule';

/**
 * The job runner of one node (docs/operations.md "Jobs"): every scheduled job and every one-off
 * action goes through it, so each runs once across the nodes, on PostgreSQL and PGlite alike.
 *
 * Scheduled: each job is a row of `jobs`. With `config.jobs` the node upserts its jobs' rows at
 * start and ticks every `tickMs`: runs stale of dead nodes are recorded as abandoned, then one
 * UPDATE … RETURNING claims the due jobs (only one node wins each), and each claimed job runs
 * with a `job_runs` row. Actions: `runAction` records a run (one running run per name across
 * nodes: a partial unique index) and runs it here, the caller awaiting it or not. While anything
 * runs the node refreshes heartbeats every `heartbeatMs`; a claim or run silent for `staleMs` is
 * taken over. `stop` (onPreStop) stops ticking, signals the running jobs to stop, waits for them
 * up to a grace, and records what is still running as abandoned.
 */
export type JobApp = ServerApplicationState;
export type JobResult = Record<string, unknown> | void;
export type JobWork = (app: JobApp, signal: AbortSignal) => Promise<JobResult>;

export interface JobDefinition {
  /** unique among jobs and actions: lower-case words joined by '-', e.g. 'board-disposal' */
  name: string;
  /** the period, from the start of one run to the next */
  everyMs: number;
  run: JobWork;
}

interface Active {
  name: string;
  kind: repo.JobKind;
  controller: AbortController;
  /** performance.now() at its start */
  startedAt: number;
  done: Promise<void>;
  abandoned: boolean;
}

const NAME = /^[a-z][a-z0-9-]{0,79}$/;

export class JobRunner {
  /** this node's name in `jobs.node` and `job_runs.node`: host, process and a per-runner suffix */
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  readonly definitions = new Map<string, JobDefinition>();
  timings: JobTimings = { ...DEFAULT_TIMINGS };
  private readonly active = new Map<string, Active>();
  private ticker: NodeJS.Timeout | undefined;
  private beater: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private started = false;
  private stopping = false;

  constructor(private readonly app: JobApp) {}

  define(definition: JobDefinition): void {
    if (!NAME.test(definition.name)) throw new Error(`job name ${definition.name}: lower-case words joined by '-'`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    if (!(definition.everyMs >= 1) || definition.everyMs > 2 ** 31 - 1) throw new Error(`job ${definition.name}: everyMs out of range`);
    this.definitions.set(definition.name, definition);
  }

  /** Starts the scheduled jobs on this node (onPostStart with `config.jobs`). */
  async start(): Promise<void> {
    if (this.started || this.stopping) return;
    this.started = true;
    await repo.upsertJobs(
      this.app.db,
      [...this.definitions.values()].map((d) => ({ name: d.name, everyMs: d.everyMs })),
    );
    this.ticker = setInterval(() => void this.tick(), this.timings.tickMs);
    this.ticker.unref();
  }

  /** One look for due jobs (the timer's; tests call it directly). Resolves once the claimed jobs have started. */
  tick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.ticking ??= this.claimAndLaunch()
      .catch((err) => this.app.logger.error({ err }, 'jobs: tick failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async claimAndLaunch(): Promise<void> {
    const { db } = this.app;
    const abandoned = await repo.reapStaleRuns(db, this.timings.staleMs);
    if (abandoned) this.app.logger.warn({ abandoned }, 'jobs: runs of a node that stopped answering recorded as abandoned');
    const runningHere = new Set([...this.active.values()].map((a) => a.name));
    const names = [...this.definitions.keys()].filter((n) => !runningHere.has(n));
    for (const name of await repo.claimDue(db, names, this.node, this.timings.staleMs)) {
      if (this.stopping) {
        await repo.releaseJob(db, name, this.node);
        continue;
      }
      const started = await this.launch(name, 'scheduled', this.definitions.get(name)!.run, null);
      if (!started) {
        // a run of this name is still recorded as running (its node not stale yet): leave it the claim's period
        this.app.logger.warn({ job: name }, 'jobs: claimed, but a run of it is still recorded as running');
        await repo.releaseJob(db, name, this.node);
      }
    }
  }

  /**
   * Records a run and starts it. Null when a run of the name is running (here or on another
   * node). `done` settles when the run is recorded as finished or failed (it rejects with the
   * job's error).
   */
  private async launch(
    name: string,
    kind: repo.JobKind,
    work: JobWork,
    requestedBy: string | null,
  ): Promise<{ id: string; done: Promise<void> } | null> {
    const { db, logger } = this.app;
    const id = await repo.insertRun(db, { name, kind, node: this.node, requestedBy });
    if (!id) return null;
    const controller = new AbortController();
    const startedAt = performance.now();
    const entry: Active = { name, kind, controller, startedAt, done: Promise.resolve(), abandoned: false };
    const done = (async () => {
      try {
        const result = await work(this.app, controller.signal);
        if (!entry.abandoned)
          await repo.finishRun(db, id, { state: 'finished', durationMs: performance.now() - startedAt, result: result ?? null });
      } catch (err) {
        if (!entry.abandoned) {
          logger.error({ err, job: name, run: id }, 'jobs: run failed');
          await repo.finishRun(db, id, { state: 'failed', durationMs: performance.now() - startedAt, error: errorText(err) });
        }
        throw err;
      } finally {
        if (!entry.abandoned) {
          if (kind === 'scheduled')
            await repo.releaseJob(db, name, this.node).catch((err) => logger.error({ err, job: name }, 'jobs: release failed'));
          this.active.delete(id);
          if (!this.active.size) this.stopBeating();
        }
      }
    })();
    entry.done = done.catch(() => {});
    this.active.set(id, entry);
    this.startBeating();
    return { id, done };
  }

  /**
   * A one-off job (an operator's action): recorded in job_runs (kind 'action', who asked) and run
   * on this node. 409 while a run of the same name is running on any node; 503 once the node
   * stops. `background`: answers the running run at once; otherwise awaits it and answers it
   * finished, or throws the job's error once the failed run is recorded.
   */
  async runAction(name: string, work: JobWork, requestedBy: string | null, options: { background?: boolean } = {}): Promise<repo.JobRun> {
    if (!NAME.test(name)) throw new Error(`action name ${name}: lower-case words joined by '-'`);
    if (this.stopping) throw Boom.serverUnavailable('This node is stopping; try again.');
    const { db } = this.app;
    // a run of this name left running by a node that died does not block it for ever
    await repo.reapStaleRuns(db, this.timings.staleMs, name);
    const started = await this.launch(name, 'action', work, requestedBy);
    if (!started) throw Boom.conflict(`${name} is running already`);
    if (!options.background) await started.done;
    return (await repo.runById(db, started.id))!;
  }

  /** Resolves when nothing runs on this node (tests). */
  async idle(): Promise<void> {
    while (this.active.size) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  /** The jobs running on this node now (names). */
  runningHere(): string[] {
    return [...this.active.values()].map((a) => a.name);
  }

  /**
   * Stops the node's jobs (onPreStop): no more ticks or actions; the running jobs are told to
   * stop (their AbortSignal) and awaited up to `graceMs`; those still running then are recorded
   * as failed (abandoned at stop) and their claims given up, so the next run comes at its time.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.ticker) clearInterval(this.ticker);
    await this.ticking;
    for (const a of this.active.values()) a.controller.abort(new Error('the node is stopping'));
    let timer: NodeJS.Timeout | undefined;
    const settled = Promise.all([...this.active.values()].map((a) => a.done));
    await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    const { db, logger } = this.app;
    for (const [id, a] of [...this.active]) {
      a.abandoned = true;
      this.active.delete(id);
      logger.warn({ job: a.name, run: id }, 'jobs: abandoned at stop');
      await repo
        .finishRun(db, id, {
          state: 'failed',
          durationMs: performance.now() - a.startedAt,
          error: 'abandoned: the node stopped before the run finished',
        })
        .then(() => (a.kind === 'scheduled' ? repo.releaseJob(db, a.name, this.node) : undefined))
        .catch((err) => logger.error({ err, job: a.name }, 'jobs: could not record the abandoned run'));
    }
    this.stopBeating();
  }

  private startBeating(): void {
    if (this.beater) return;
    this.beater = setInterval(() => {
      const runs = [...this.active.keys()];
      const claims = [...this.active.values()].filter((a) => a.kind === 'scheduled').map((a) => a.name);
      repo.beat(this.app.db, runs, claims, this.node).catch((err) => this.app.logger.error({ err }, 'jobs: heartbeat failed'));
    }, this.timings.heartbeatMs);
    this.beater.unref();
  }

  private stopBeating(): void {
    if (this.beater) clearInterval(this.beater);
    this.beater = undefined;
  }
}
