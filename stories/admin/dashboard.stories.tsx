import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpError, type FetchPage, type ListQuery } from '../../ui';
import type { AnnouncementType } from '../../shared/announcements';
import { DashboardApiContext, type AnnouncementRow, type DashboardApi, type DashboardFigures } from '../../admin/dashboard/api';
import type { JobRun } from '../../admin/dashboard/statistics-api';
import { SAMPLE_JOBS, SAMPLE_REPORTS, SAMPLE_STATISTICS, sampleStatisticRows } from './dashboard.data';
import { ShellAt } from '../support/shell-at';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9, 0) + minutes * 60_000).toISOString();

const SAMPLE_ANNOUNCEMENTS: AnnouncementRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `a${i}`,
  type: (i % 3 ? 'News' : 'ScheduledMaintenance') as AnnouncementType,
  message: i % 3 ? `Release ${12 - i}: new templates and faster export` : 'Maintenance tonight: boards are read-only for a few minutes',
  start: at(-i * 1440),
  end: at(-i * 1440 + 30),
  duration: 30,
  untilStart: 0,
  publishedAt: at(-i * 1440 - 60),
  publishedBy: 'opal@example.com',
}));

/** How the sample statistics answer: with figures, never (loading), with no rows, or with an error. */
type StatisticsMode = 'ready' | 'loading' | 'empty' | 'failing';

/** The spec's toasts for the admin actions (backoffice.md §8), as the server answers them. */
const ACTION_ANSWERS = {
  recalcStorage: ['storage-recalc', 'storage has been recalculated'],
  rebuildExtensions: ['extensions-rebuild', 'rebuild extensions done'],
  rebuildTemplates: ['templates-rebuild', 'rebuild templates done'],
  installTemplates: ['templates-install', 'install templates done'],
  rebuildIndexes: ['sys-indexes', 'rebuild indexes sent'],
} as const;

/** An in-memory DashboardApi that answers the server's 400s for what it would refuse (no server). */
function sampleDashboardApi(
  rows: AnnouncementRow[] = [...SAMPLE_ANNOUNCEMENTS],
  figures: DashboardFigures = { connections: 42, nextTaskInSeconds: 287 },
  mode: StatisticsMode = 'ready',
): DashboardApi {
  const jobs: JobRun[] = SAMPLE_JOBS.map((j) => ({ ...j }));
  const announcements: FetchPage<AnnouncementRow> = async (q: ListQuery) => ({
    totalCount: rows.length,
    data: rows.slice(q.Skip, q.Skip + q.Take),
  });
  return {
    announcements,
    async publishAnnouncement(input) {
      const errors: Record<string, string[]> = {};
      if (!input.message?.trim()) errors.message = ['message is not allowed to be empty'];
      if (!input.start) errors.start = ['start is required'];
      if (!input.end) errors.end = ['end is required'];
      else if (input.start && input.end <= input.start) errors.end = ['end must be after start'];
      if (Object.keys(errors).length) throw new HttpError(400, { message: Object.values(errors)[0]![0]!, errors }, 'Bad Request');
      const start = input.start!;
      const end = input.end!;
      const row: AnnouncementRow = {
        id: `a${Date.now()}`,
        type: input.type,
        message: input.message.trim(),
        start,
        end,
        duration: Math.round((Date.parse(end) - Date.parse(start)) / 60_000),
        untilStart: 0,
        publishedAt: new Date().toISOString(),
        publishedBy: 'opal@example.com',
      };
      rows.unshift(row);
      return row;
    },
    async withdrawAnnouncement(id) {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      );
      return { id, removed: true };
    },
    figures: async () => figures,
    reports: async () => [...SAMPLE_REPORTS, ...SAMPLE_STATISTICS],
    async statistic(entry, query) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (mode === 'loading') return new Promise(() => undefined);
      if (mode === 'failing') throw new HttpError(500, { message: 'The statistic could not be computed.' }, 'Internal Server Error');
      const data = mode === 'empty' ? [] : sampleStatisticRows(entry.name, query);
      return { totalCount: data.length, data };
    },
    async adminAction(action, body) {
      const [name, message] = ACTION_ANSWERS[action];
      if (action === 'recalcStorage' && body?.id && body.id !== 'u1')
        throw new HttpError(
          400,
          { message: 'user or workspace not found', errors: { id: ['user or workspace not found'] } },
          'Bad Request',
        );
      const run: JobRun = {
        id: `job${Date.now()}`,
        name,
        kind: 'action',
        state: 'running',
        startedAt: new Date().toISOString(),
        finishedAt: null,
        durationMs: null,
        node: 'node-1',
        requestedBy: 'opal@example.com',
        result: null,
        error: null,
      };
      jobs.unshift(run);
      await new Promise((resolve) => setTimeout(resolve, 600));
      // the run ends a moment after the answer: the list follows it
      setTimeout(
        () => Object.assign(run, { state: 'finished', finishedAt: new Date().toISOString(), durationMs: 1_400, result: { ok: true } }),
        800,
      );
      return { message, run: { ...run } };
    },
    async jobs(q: ListQuery) {
      const quick = q.QuickFilter ?? 'all';
      const kept = jobs.filter((j) =>
        quick === 'all'
          ? true
          : quick === 'scheduled'
            ? j.kind === 'scheduled'
            : quick === 'actions'
              ? j.kind === 'action'
              : j.state === quick,
      );
      return { totalCount: kept.length, data: kept.slice(q.Skip, q.Skip + q.Take).map((j) => ({ ...j })) };
    },
    async reportFile(report, format) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (report.name === 'broken') throw new HttpError(500, { message: 'The report could not be computed.' }, 'Internal Server Error');
      return format === 'csv' ? 'id,username\nu1,ada@example.com\n' : JSON.stringify({ totalCount: 1, data: [{ id: 'u1' }] }, null, 2);
    },
  };
}

/** The dashboard inside the signed-in shell at /panel/dashboard, over the in-memory API. */
function DashboardScreen({
  empty = false,
  nextTaskInSeconds = 287,
  statistics = 'ready',
}: {
  empty?: boolean;
  nextTaskInSeconds?: number | null;
  statistics?: StatisticsMode;
}) {
  const api = useMemo(
    () => sampleDashboardApi(empty ? [] : [...SAMPLE_ANNOUNCEMENTS], { connections: 42, nextTaskInSeconds }, statistics),
    [empty, nextTaskInSeconds, statistics],
  );
  return (
    <DashboardApiContext.Provider value={api}>
      <ShellAt path="/panel/dashboard" roles={['admin']} />
    </DashboardApiContext.Provider>
  );
}

const meta = {
  title: 'Admin/Dashboard',
  component: DashboardScreen,
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Connections, next task countdown, every statistic block drawn from its row kind (engagement lines,
 * title-value tiles, bars with percent of All, feedback shares, ranked countries, stacked commands)
 * with their filters and tables, the admin actions with the job list, the announcements form
 * (5-2, Set; errors from the "server") and grid with Withdraw, the reports list with the statistics.
 */
export const Dashboard: Story = { args: {} };
/** The statistics are being read (every block shows its loading state). */
export const StatisticsLoading: Story = { args: { statistics: 'loading' } };
/** The statistics have no rows yet ('No records' in every block). */
export const StatisticsEmpty: Story = { args: { statistics: 'empty' } };
/** The statistics fail (every block shows the error and Try again). */
export const StatisticsFailing: Story = { args: { statistics: 'failing' } };
/** No announcements yet ('No records'), and a scheduled task running now ('Running'). */
export const NoAnnouncementsTaskRunning: Story = { args: { empty: true, nextTaskInSeconds: 0 } };
