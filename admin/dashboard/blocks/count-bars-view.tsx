import { useCallback, useMemo } from 'react';
import { colourFor } from '../../shared/chart/palette';
import { ChartTable } from '../../shared/chart/chart-table';
import { BarChart, type BarSeries } from '../charts/bar-chart';
import { Legend } from '../charts/legend';
import type { EmailCountRow, NameCountRow } from '../statistics-api';
import { formatCount, formatPercent } from './format';
import { SHARE_BLOCKS, STATISTIC_TEXTS } from './texts';
import type { ViewProps } from './view';

/** The part of a whole, in percent (0 when the whole is 0). */
const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * name-count and email-count rows (backoffice.md §3), in the server's order:
 * - with a row named 'All', the other rows are bars with their percent of All, and All is the
 *   figure above them (boards frequency);
 * - in a block of shares (feedback), one bar stacked from the rows, each with its percent of the sum;
 * - otherwise a ranked bar list (countries, top features, templates, extensions, …).
 */
export function CountBarsView({ entry, block, rows }: ViewProps<NameCountRow | EmailCountRow>) {
  const named = useMemo(() => rows.map((r) => ({ name: 'name' in r ? r.name : r.email, count: Number(r.count) || 0 })), [rows]);
  const { allRow, items } = useMemo(() => {
    const all = named.find((r) => r.name.trim().toLowerCase() === STATISTIC_TEXTS.all.toLowerCase());
    return { allRow: all, items: all ? named.filter((r) => r !== all) : named };
  }, [named]);
  const sum = items.reduce((total, r) => total + r.count, 0);
  const whole = allRow ? allRow.count : sum;
  const shares = SHARE_BLOCKS.has(block) && !allRow;
  const keyLabel = 'name' in (rows[0] ?? {}) ? 'Name' : 'E-mail';

  const categories = useMemo(() => (shares ? [''] : items.map((r) => r.name)), [shares, items]);
  const series = useMemo<BarSeries[]>(
    () =>
      shares
        ? items.map((r, i) => ({ label: r.name, colour: colourFor(r.name, i), values: [r.count] }))
        : [{ label: entry.title, colour: colourFor('', 0), values: items.map((r) => r.count) }],
    [shares, items, entry.title],
  );
  const endLabel = useCallback(
    (i: number) =>
      shares
        ? ''
        : allRow
          ? `${formatCount(items[i]!.count)} (${formatPercent(share(items[i]!.count, whole))})`
          : formatCount(items[i]!.count),
    [shares, allRow, items, whole],
  );
  const segmentLabel = useCallback((k: number) => formatPercent(share(items[k]?.count ?? 0, whole)), [items, whole]);

  const summary = allRow ? `All: ${formatCount(allRow.count)}` : `Total: ${formatCount(sum)}`;
  return (
    <figure className="a-stat__figure" aria-label={`${entry.title}. ${summary}`}>
      <figcaption className="a-stat__summary">{summary}</figcaption>
      <BarChart
        categories={categories}
        series={series}
        endLabel={endLabel}
        segmentLabel={shares ? segmentLabel : undefined}
        rowHeight={shares ? 40 : 26}
      />
      {shares ? (
        <Legend
          items={items.map((r, i) => ({
            label: r.name,
            colour: colourFor(r.name, i),
            figure: `${formatCount(r.count)} (${formatPercent(share(r.count, whole))})`,
          }))}
        />
      ) : null}
      <ChartTable
        caption={entry.title}
        rows={items}
        rowKey={(r, i) => `${r.name}-${i}`}
        columns={[
          { label: keyLabel, value: (r) => r.name || '—' },
          { label: 'Count', value: (r) => formatCount(r.count), numeric: true },
          ...(allRow || shares
            ? [
                {
                  label: allRow ? 'Percent of All' : 'Share',
                  value: (r: { count: number }) => formatPercent(share(r.count, whole)),
                  numeric: true,
                },
              ]
            : []),
        ]}
      />
    </figure>
  );
}
