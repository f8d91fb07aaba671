import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { DataGrid, formatDateTime, type Column, type DataGridHandle, type FetchPage, type QuickFilterOption } from '../../ui';
import { DetailList, show } from '../shared/detail-list';
import { useDashboardApi } from './api';
import { formatMs } from './blocks/format';
import type { JobRun } from './statistics-api';

/** The job list's quick filters (GET /api/admin/jobs QuickFilter). */
export const JOB_QUICK_FILTERS: QuickFilterOption[] = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'finished', label: 'Finished' },
  { value: 'failed', label: 'Failed' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'actions', label: 'Actions' },
];

/** How often the list is read again while a run is in progress (ms). */
export const JOBS_POLL_MS = 2000;

export const JOB_STATE_LABELS: Record<JobRun['state'], string> = { running: 'Running', finished: 'Finished', failed: 'Failed' };
/** the badge colours of admin/shared/admin.css: 1 green, 2 red, 3 amber */
const BADGE: Record<string, number> = { finished: 1, failed: 2, running: 3 };

export function JobState({ state }: { state: string }) {
  return <span className={`a-status a-status--${BADGE[state] ?? 3}`}>{JOB_STATE_LABELS[state as JobRun['state']] ?? state}</span>;
}

export const JOB_COLUMNS: Array<Column<JobRun>> = [
  { key: 'name', label: 'Job', sortable: true },
  { key: 'state', label: 'State', sortable: true, render: (r) => <JobState state={r.state} /> },
  { key: 'startedAt', label: 'Started', sortable: true, render: (r) => formatDateTime(r.startedAt) },
  {
    key: 'durationMs',
    label: 'Duration',
    sortable: true,
    align: 'end',
    render: (r) => (r.durationMs === null ? '—' : formatMs(r.durationMs)),
  },
  { key: 'requestedBy', label: 'Requested by', render: (r) => r.requestedBy ?? 'schedule' },
  { key: 'result', label: 'Result', render: (r) => r.error ?? resultSummary(r.result) },
];

/** A result in a few words: its plain figures ('users: 12, workspaces: 3'), a list by its length; the rest is in Details. */
export function resultSummary(result: JobRun['result']): string {
  if (!result) return '—';
  const parts = Object.entries(result).map(([key, value]) =>
    Array.isArray(value) ? `${key}: ${value.length}` : value !== null && typeof value === 'object' ? key : `${key}: ${String(value)}`,
  );
  const text = parts.join(', ');
  return text.length > 48 ? `${text.slice(0, 47)}…` : text || '—';
}

/** A run's Details: every field, the result in full. */
function JobDetail({ run }: { run: JobRun }) {
  return (
    <>
      <DetailList
        items={[
          ['Job', run.name],
          ['Kind', run.kind],
          ['State', <JobState key="state" state={run.state} />],
          ['Started', show(run.startedAt, 'date')],
          ['Finished', show(run.finishedAt, 'date')],
          ['Duration', run.durationMs === null ? '—' : formatMs(run.durationMs)],
          ['Node', show(run.node)],
          ['Requested by', run.requestedBy ?? 'schedule'],
          ['Error', show(run.error)],
        ]}
      />
      <pre className="a-pre">{JSON.stringify(run.result ?? null, null, 2)}</pre>
    </>
  );
}

/**
 * The job runs (GET /api/admin/jobs, list protocol, newest first): running, finished or failed,
 * with their timings. While a run on the page is in progress — or an action was just asked for
 * (`following`) — the page is read again every 2 s.
 */
export function JobList({ handle, following }: { handle: Ref<DataGridHandle>; following: boolean }) {
  const api = useDashboardApi();
  const grid = useRef<DataGridHandle>(null);
  const [running, setRunning] = useState(false);
  useImperativeHandle(handle, () => ({ reload: () => grid.current?.reload() }), []);
  const fetch = useCallback<FetchPage<JobRun>>(
    async (query, signal) => {
      const page = await api.jobs(query, signal);
      setRunning(page.data.some((r) => r.state === 'running'));
      return page;
    },
    [api],
  );
  useEffect(() => {
    if (!running && !following) return;
    const timer = setInterval(() => grid.current?.reload(), JOBS_POLL_MS);
    return () => clearInterval(timer);
  }, [running, following]);
  return (
    <DataGrid<JobRun>
      label="Jobs"
      columns={JOB_COLUMNS}
      fetch={fetch}
      rowKey="id"
      rowLabel={(r) => `${r.name} ${formatDateTime(r.startedAt)}`}
      quickFilters={JOB_QUICK_FILTERS}
      filterPlaceholder="Job, node, operator or error"
      urlKey="jobs"
      handle={grid}
      detail={{ title: (r) => r.name, render: (r) => <JobDetail run={r} /> }}
    />
  );
}
