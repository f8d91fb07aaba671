import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { ChartTable } from './chart-table';
import { AXIS, CHART_FONT, colourAt, GRID } from './palette';
import { UPlotChart, type ChartOptions, type UPlot } from './uplot-chart';

/**
 * A series of named points (e.g. commands per day) as columns on a value axis, with its text
 * summary (first and last point, highest value) and a table of the points for screen readers.
 */
export function ColumnChart({
  title,
  points: given,
  height = 140,
}: {
  title: string;
  points: Array<{ name: string; value: number }>;
  height?: number;
}) {
  // the same points from a new array draw nothing new
  const key = JSON.stringify(given);
  const points = useMemo(() => JSON.parse(key) as typeof given, [key]);
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const data = useMemo<uPlot.AlignedData>(() => [points.map((_, i) => i), points.map((p) => p.value)], [points]);
  const options = useCallback(
    (lib: UPlot): ChartOptions => ({
      legend: { show: false },
      cursor: { show: false },
      padding: [8, 8, 0, 0],
      scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, y: { range: [0, Math.max(1, max) * 1.1] } },
      axes: [
        {
          font: CHART_FONT,
          stroke: AXIS,
          grid: { show: false },
          ticks: { show: false },
          // a label every few columns: the first, then one per 7
          splits: () => points.map((_, i) => i).filter((i) => i % 7 === 0),
          values: (_u, splits) => splits.map((i) => points[i]?.name.slice(5, 10) ?? ''),
        },
        {
          font: CHART_FONT,
          stroke: AXIS,
          size: 44,
          grid: { stroke: GRID, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('en-US') : '')),
        },
      ],
      series: [
        {},
        {
          label: title,
          fill: colourAt(0),
          stroke: colourAt(0),
          width: 0,
          points: { show: false },
          paths: lib.paths.bars!({ size: [0.7, 16] }),
        },
      ],
    }),
    [points, max, title],
  );
  return (
    <figure style={{ margin: 0 }} aria-label={`${title}: ${points.length} points, total ${total}, highest ${max}`}>
      <UPlotChart options={options} data={data} height={height} />
      <figcaption style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#475467' }}>
        <span>{points[0]?.name ?? ''}</span>
        <span>max {max}</span>
        <span>{points[points.length - 1]?.name ?? ''}</span>
      </figcaption>
      <ChartTable
        caption={title}
        rows={points}
        rowKey={(p) => p.name}
        columns={[
          { label: 'Date', value: (p) => p.name },
          { label: 'Value', value: (p) => p.value, numeric: true },
        ]}
      />
    </figure>
  );
}
