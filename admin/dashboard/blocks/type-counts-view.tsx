import { useCallback, useMemo } from 'react';
import { colourAt } from '../../shared/chart/palette';
import { ChartTable } from '../../shared/chart/chart-table';
import { BarChart, type BarSeries } from '../charts/bar-chart';
import { Legend } from '../charts/legend';
import type { TypeCountsRow } from '../statistics-api';
import { formatCount } from './format';
import type { ViewProps } from './view';

export const TYPE_COUNT_TEXTS = { registered: 'Registered', guests: 'Guests', total: 'Total', type: 'Type' } as const;

/** type-counts rows (backoffice.md §3 type/count/regCount/nRegCount): a bar per type, stacked signed-in users and guests. */
export function TypeCountsView({ entry, rows }: ViewProps<TypeCountsRow>) {
  const categories = useMemo(() => rows.map((r) => r.type || '—'), [rows]);
  const series = useMemo<BarSeries[]>(
    () => [
      { label: TYPE_COUNT_TEXTS.registered, colour: colourAt(0), values: rows.map((r) => Number(r.regCount) || 0) },
      { label: TYPE_COUNT_TEXTS.guests, colour: colourAt(1), values: rows.map((r) => Number(r.nRegCount) || 0) },
    ],
    [rows],
  );
  const endLabel = useCallback((i: number) => formatCount(rows[i]!.count), [rows]);
  const segmentLabel = useCallback(
    (k: number, i: number) => {
      const v = k ? rows[i]!.nRegCount : rows[i]!.regCount;
      return v ? formatCount(v) : null;
    },
    [rows],
  );
  const sum = (pick: (r: TypeCountsRow) => number) => rows.reduce((total, r) => total + (Number(pick(r)) || 0), 0);
  const summary = `Total: ${formatCount(sum((r) => r.count))}`;
  return (
    <figure className="a-stat__figure" aria-label={`${entry.title}. ${summary}`}>
      <figcaption className="a-stat__summary">{summary}</figcaption>
      <BarChart categories={categories} series={series} endLabel={endLabel} segmentLabel={segmentLabel} />
      <Legend
        items={[
          { label: TYPE_COUNT_TEXTS.registered, colour: colourAt(0), figure: formatCount(sum((r) => r.regCount)) },
          { label: TYPE_COUNT_TEXTS.guests, colour: colourAt(1), figure: formatCount(sum((r) => r.nRegCount)) },
        ]}
      />
      <ChartTable
        caption={entry.title}
        rows={rows}
        rowKey={(r, i) => `${r.type}-${i}`}
        columns={[
          { label: TYPE_COUNT_TEXTS.type, value: (r) => r.type || '—' },
          { label: TYPE_COUNT_TEXTS.registered, value: (r) => formatCount(r.regCount), numeric: true },
          { label: TYPE_COUNT_TEXTS.guests, value: (r) => formatCount(r.nRegCount), numeric: true },
          { label: TYPE_COUNT_TEXTS.total, value: (r) => formatCount(r.count), numeric: true },
        ]}
      />
    </figure>
  );
}
