/**
 * The job runner's pure part (platform/core/jobs/schedule.ts; docs/operations.md "Jobs"): what a
 * row of the jobs table says at a moment, the dashboard's seconds until the next task ("0 is shown
 * as Running"), and how long a stopping node waits for its jobs.
 */
import { describe, expect, it } from 'vitest';
import {
  errorText,
  nextTaskInSeconds,
  requestGraceMs,
  scheduledState,
  stopGraceMs,
  type ScheduledRow,
} from '../../../platform/core/jobs/schedule';

const STALE = 60_000;
const NOW = 1_000_000_000;
const row = (over: Partial<ScheduledRow> = {}): ScheduledRow => ({
  name: 'a',
  everyMs: 600_000,
  nextRunAt: NOW + 300_000,
  runningSince: null,
  heartbeatAt: null,
  node: null,
  ...over,
});

describe('scheduledState', () => {
  it('waiting before its time, due at it, idle when due for longer than the stale limit (no node ticks)', () => {
    expect(scheduledState(row(), NOW, STALE)).toBe('waiting');
    expect(scheduledState(row({ nextRunAt: NOW }), NOW, STALE)).toBe('due');
    expect(scheduledState(row({ nextRunAt: NOW - STALE }), NOW, STALE)).toBe('due');
    expect(scheduledState(row({ nextRunAt: NOW - STALE - 1 }), NOW, STALE)).toBe('idle');
  });

  it('running while its claim has a fresh heartbeat; a stale claim is due (taken over next tick), then idle', () => {
    const claimed = { runningSince: NOW - 500_000, node: 'n1' };
    expect(scheduledState(row({ ...claimed, heartbeatAt: NOW - 1_000 }), NOW, STALE)).toBe('running');
    expect(scheduledState(row({ ...claimed, heartbeatAt: NOW - STALE }), NOW, STALE)).toBe('running');
    expect(scheduledState(row({ ...claimed, heartbeatAt: NOW - STALE - 1 }), NOW, STALE)).toBe('due');
    expect(scheduledState(row({ ...claimed, heartbeatAt: NOW - 2 * STALE - 1 }), NOW, STALE)).toBe('idle');
  });
});

describe('nextTaskInSeconds', () => {
  it('is the nearest next run in whole seconds', () => {
    expect(nextTaskInSeconds([row(), row({ name: 'b', nextRunAt: NOW + 90_500 })], NOW, STALE)).toBe(90);
  });

  it('is 0 while a job runs or is due (the screen shows Running)', () => {
    expect(nextTaskInSeconds([row(), row({ name: 'b', runningSince: NOW - 5, heartbeatAt: NOW - 5 })], NOW, STALE)).toBe(0);
    expect(nextTaskInSeconds([row(), row({ name: 'b', nextRunAt: NOW - 1_000 })], NOW, STALE)).toBe(0);
  });

  it('leaves out the jobs no node runs, and is null when none is left or there are none', () => {
    expect(nextTaskInSeconds([row(), row({ name: 'b', nextRunAt: NOW - 10 * STALE })], NOW, STALE)).toBe(300);
    expect(nextTaskInSeconds([row({ nextRunAt: NOW - 10 * STALE })], NOW, STALE)).toBeNull();
    expect(nextTaskInSeconds([], NOW, STALE)).toBeNull();
  });
});

describe('stopGraceMs', () => {
  it('fits the jobs, the requests and the closing into SHUTDOWN_TIMEOUT_MS', () => {
    for (const timeout of [1_000, 3_000, 10_000, 30_000, 120_000]) {
      const requests = requestGraceMs(timeout);
      const jobs = stopGraceMs(timeout, requests);
      expect(jobs).toBeGreaterThanOrEqual(250);
      expect(jobs).toBeLessThanOrEqual(10_000);
      if (timeout >= 3_000) expect(jobs + requests).toBeLessThan(timeout);
    }
    expect(stopGraceMs(10_000, requestGraceMs(10_000))).toBe(3_500);
    expect(requestGraceMs(10_000)).toBe(5_000);
  });
});

describe('errorText', () => {
  it("is the error's message, at most 2000 characters", () => {
    expect(errorText(new Error('broken'))).toBe('broken');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(new Error('x'.repeat(5000)))).toHaveLength(2000);
  });
});
