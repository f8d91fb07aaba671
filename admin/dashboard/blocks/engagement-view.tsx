import { useMemo } from 'react';
import { colourAt } from '../../shared/chart/palette';
import { ChartTable } from '../../shared/chart/chart-table';
import { LineChart, type LineSeries } from '../charts/line-chart';
import type { EngagementRow } from '../statistics-api';
import { formatCount } from './format';
import type { ViewProps } from './view';

/** The engagement figures, in the order of the lines and the table's columns. */
export const ENGAGEMENT_FIGURES: Array<{ key: Exclude<keyof EngagementRow, 'period'>; label: string }> = [
  { key: 'users', label: 'Users' },
  { key: 'newUsers', label: 'New users' },
  { key: 'boards', label: 'Boards' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'edits', label: 'Edits' },
  { key: 'collaborations', label: 'Collaborations' },
];

/** '2026-11-27' → 'Nov 27, 2026'; '2026-11' → 'Nov 2026' (UTC, as the server counts). */
export function formatPeriod(period: string): string {
  const month = period.length === 7;
  const date = new Date(month ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric', ...(month ? {} : { day: 'numeric' }) });
}

/** engagement rows: a line per figure over the days or months, oldest first. */
export function EngagementView({ entry, rows }: ViewProps<EngagementRow>) {
  const sorted = useMemo(() => [...rows].sort((a, b) => a.period.localeCompare(b.period)), [rows]);
  const periods = useMemo(() => sorted.map((r) => r.period), [sorted]);
  const series = useMemo<LineSeries[]>(
    () => ENGAGEMENT_FIGURES.map((f, i) => ({ label: f.label, colour: colourAt(i), values: sorted.map((r) => Number(r[f.key]) || 0) })),
    [sorted],
  );
  const latest = sorted.at(-1);
  const summary = latest
    ? `${formatPeriod(latest.period)}: ${formatCount(latest.users)} users, ${formatCount(latest.newUsers)} new, ${formatCount(latest.sessions)} sessions, ${formatCount(latest.edits)} edits`
    : '';
  return (
    <figure className="a-stat__figure" aria-label={`${entry.title}. ${summary}`}>
      <figcaption className="a-stat__summary">{summary}</figcaption>
      <LineChart periods={periods} series={series} />
      <ChartTable
        caption={entry.title}
        rows={sorted}
        rowKey={(r) => r.period}
        columns={[
          { label: 'Period', value: (r) => formatPeriod(r.period) },
          ...ENGAGEMENT_FIGURES.map((f) => ({ label: f.label, value: (r: EngagementRow) => formatCount(r[f.key]), numeric: true })),
        ]}
      />
    </figure>
  );
}
