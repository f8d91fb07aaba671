import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart, type ChartOptions, type UPlot } from '../../shared/chart/uplot-chart';
import { AXIS, CHART_FONT, GRID } from '../../shared/chart/palette';

/**
 * Lines over time (the engagement tables): one line per series over days ('2026-11-27') or months
 * ('2026-11'), dates in UTC as the server counts them. uPlot's legend under the chart names the
 * lines (a click hides or shows one); the exact figures are in the chart's table.
 */
export interface LineSeries {
  label: string;
  colour: string;
  values: number[];
}
export interface LineChartProps {
  /** '2026-11-27' or '2026-11', oldest first */
  periods: string[];
  series: LineSeries[];
  height?: number;
}

/** A period's start as Unix seconds (UTC). */
export const periodSeconds = (period: string): number =>
  Date.parse(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`) / 1000;

export function LineChart({ periods, series, height = 220 }: LineChartProps) {
  const data = useMemo<uPlot.AlignedData>(() => [periods.map(periodSeconds), ...series.map((s) => s.values)], [periods, series]);
  const monthly = periods[0]?.length === 7;
  const options = useCallback(
    (lib: UPlot): ChartOptions => {
      const axis = { font: CHART_FONT, stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
      return {
        tzDate: (ts) => lib.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
        axes: [
          { ...axis, values: monthly ? '{MMM} {YYYY}' : '{MMM} {D}' },
          { ...axis, size: 48, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('en-US') : '')) },
        ],
        series: [
          { value: monthly ? '{MMM} {YYYY}' : '{MMM} {D}, {YYYY}' },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            width: 2,
            points: { show: periods.length <= 40, size: 5, fill: s.colour },
          })),
        ],
        legend: { live: false },
      };
    },
    [series, monthly, periods.length],
  );
  return <UPlotChart options={options} data={data} height={height} />;
}
