/**
 * The pure part of the job runner (docs/operations.md "Jobs"): what a row of the `jobs` table
 * says at a given moment, the dashboard's "time until the next scheduled task", and how long a
 * stopping node waits for its running jobs. No I/O here (tests/unit/platform/jobs-schedule.test.ts).
 */

/** The runner's timings (milliseconds). */
export interface JobTimings {
  /** how often a node with jobs looks for due jobs */
  tickMs: number;
  /** how often a node refreshes the heartbeat of what it runs */
  heartbeatMs: number;
  /** a claim or a run whose heartbeat is older than this belongs to a node that died: taken over */
  staleMs: number;
}

export const DEFAULT_TIMINGS: JobTimings = { tickMs: 5_000, heartbeatMs: 10_000, staleMs: 60_000 };

/** A row of the `jobs` table, dates as epoch milliseconds. */
export interface ScheduledRow {
  name: string;
  everyMs: number;
  nextRunAt: number;
  runningSince: number | null;
  heartbeatAt: number | null;
  node: string | null;
}

/**
 * What a scheduled job is doing now:
 *  - `running`: a node holds its claim and its heartbeat is fresh;
 *  - `waiting`: its next run is ahead;
 *  - `due`: its time has come, a node with jobs takes it on its next tick;
 *  - `idle`: due for longer than the stale limit, or claimed by a node that stopped answering and
 *    not taken over since: no node runs jobs now.
 */
export type ScheduledState = 'running' | 'waiting' | 'due' | 'idle';

export function scheduledState(row: ScheduledRow, now: number, staleMs: number): ScheduledState {
  const claimed = row.runningSince !== null;
  const fresh = claimed && row.heartbeatAt !== null && now - row.heartbeatAt <= staleMs;
  if (fresh) return 'running';
  if (!claimed && row.nextRunAt > now) return 'waiting';
  // due, or claimed by a dead node: a ticking node takes it within a tick (a dead claim once it is stale)
  const since = claimed ? (row.heartbeatAt ?? row.runningSince!) + staleMs : row.nextRunAt;
  return now - since <= staleMs ? 'due' : 'idle';
}

/**
 * Seconds until the next scheduled task across the nodes (backoffice.md §2 Dashboard; "0 is shown
 * as Running"): 0 while a job runs or is due, else the nearest next run. Jobs no node runs
 * (`idle`) do not count; null when none is left (no node runs jobs, or none ever did).
 */
export function nextTaskInSeconds(rows: readonly ScheduledRow[], now: number, staleMs: number): number | null {
  let next: number | null = null;
  for (const row of rows) {
    const state = scheduledState(row, now, staleMs);
    if (state === 'idle') continue;
    const seconds = state === 'waiting' ? Math.floor((row.nextRunAt - now) / 1000) : 0;
    next = next === null ? seconds : Math.min(next, seconds);
  }
  return next;
}

/**
 * How long a stopping node waits for its running jobs (onPreStop) before it records them as
 * abandoned: what SHUTDOWN_TIMEOUT_MS leaves after the requests' grace (`requestGraceMs`, also
 * taken from it: platform/server.ts) and a margin for closing Redis and the database; 250 ms at
 * least, 10 s at most. The node never outlives its stop deadline waiting for a job.
 */
export function stopGraceMs(shutdownTimeoutMs: number, requestGraceMs: number): number {
  if (!Number.isFinite(shutdownTimeoutMs)) return 5_000;
  return Math.min(10_000, Math.max(250, shutdownTimeoutMs - requestGraceMs - 1_500));
}

/** The requests' grace of platform/server.ts's stop(), from the same setting. */
export function requestGraceMs(shutdownTimeoutMs: number): number {
  return Number.isFinite(shutdownTimeoutMs) ? Math.min(5000, Math.max(500, shutdownTimeoutMs - 2000)) : 5000;
}

/** An error as the run records it: its message, at most 2000 characters. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
