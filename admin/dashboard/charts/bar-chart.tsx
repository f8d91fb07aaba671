import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart, type ChartOptions, type UPlot } from '../../shared/chart/uplot-chart';
import { AXIS, CHART_FONT, INK } from '../../shared/chart/palette';

/**
 * Horizontal bars, one row per category, first on top — a ranked bar list with one series, stacked
 * segments with several (commands: signed-in and guests; feedback: one bar of shares). Each bar
 * carries its figure as text after its end (`endLabel`), and a segment wide enough its own
 * (`segmentLabel`, white on the series colour), so the chart reads without a value axis.
 */
export interface BarSeries {
  label: string;
  colour: string;
  values: number[];
}
export interface BarChartProps {
  categories: string[];
  series: BarSeries[];
  endLabel?: (index: number) => string;
  segmentLabel?: (series: number, index: number) => string | null;
  /** CSS pixels per category (default 26) */
  rowHeight?: number;
}

const MAX_LABEL_PX = 180;

/** The category labels' width, and each label cut with '…' to fit it. */
function fitLabels(categories: string[]): { width: number; labels: string[] } {
  if (categories.every((c) => !c)) return { width: 0, labels: categories };
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return { width: MAX_LABEL_PX, labels: categories };
  ctx.font = CHART_FONT;
  const labels = categories.map((c) => {
    if (ctx.measureText(c).width <= MAX_LABEL_PX) return c;
    let cut = c;
    while (cut.length > 1 && ctx.measureText(`${cut}…`).width > MAX_LABEL_PX) cut = cut.slice(0, -1);
    return `${cut}…`;
  });
  return { width: Math.ceil(Math.max(24, ...labels.map((l) => ctx.measureText(l).width))) + 12, labels };
}

/** The widest of these texts in the chart's font (CSS pixels). */
function textWidth(texts: string[]): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 80;
  ctx.font = CHART_FONT;
  return Math.ceil(Math.max(0, ...texts.map((t) => ctx.measureText(t).width)));
}

const scaledFont = (lib: UPlot, weight = 400) => `${weight} ${Math.round(12 * lib.pxRatio)}px ${CHART_FONT.replace(/^\d+px /, '')}`;

export function BarChart({ categories, series, endLabel, segmentLabel, rowHeight = 26 }: BarChartProps) {
  // uPlot draws series in order: the running totals, widest first, so each segment shows in front
  const cumulative = useMemo(() => {
    const sums: number[][] = [];
    series.forEach((s, k) => sums.push(s.values.map((v, i) => (k ? sums[k - 1]![i]! : 0) + (Number(v) || 0))));
    return sums;
  }, [series]);
  const data = useMemo<uPlot.AlignedData>(() => [categories.map((_, i) => i), ...[...cumulative].reverse()], [categories, cumulative]);
  const options = useCallback(
    (lib: UPlot): ChartOptions => {
      const { width, labels } = fitLabels(categories);
      const totals = cumulative.at(-1) ?? [];
      const labelWidth = textWidth(categories.map((_, i) => endLabel?.(i) ?? ''));
      const max = Math.max(0, ...totals);
      const order = series.map((_, k) => k).reverse();
      return {
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        padding: [4, 8, 4, 0],
        scales: {
          x: { time: false, ori: 1, dir: -1, range: [-0.5, categories.length - 0.5] },
          // room after the bars for their figures, at the chart's present width
          y: {
            ori: 0,
            dir: 1,
            range: (u) => {
              const plot = u.bbox.width ? u.bbox.width / lib.pxRatio : 400;
              const room = Math.min(0.6, (labelWidth + 12) / plot);
              return [0, max > 0 ? max / (1 - room) : 1];
            },
          },
        },
        axes: [
          {
            scale: 'x',
            side: 3,
            show: width > 0,
            size: width,
            gap: 6,
            font: CHART_FONT,
            stroke: AXIS,
            grid: { show: false },
            ticks: { show: false },
            splits: () => categories.map((_, i) => i),
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          { scale: 'y', side: 2, show: false },
        ],
        series: [
          {},
          ...order.map((k) => ({
            label: series[k]!.label,
            fill: series[k]!.colour,
            stroke: series[k]!.colour,
            width: 0,
            points: { show: false },
            paths: lib.paths.bars!({ size: [0.72, 22], align: 0 }),
          })),
        ],
        hooks: {
          draw: [
            (u) => {
              const ctx = u.ctx;
              const px = lib.pxRatio;
              ctx.save();
              ctx.textBaseline = 'middle';
              categories.forEach((_, i) => {
                const y = u.valToPos(i, 'x', true);
                if (segmentLabel && series.length > 1) {
                  ctx.font = scaledFont(lib, 600);
                  ctx.fillStyle = '#fff';
                  ctx.textAlign = 'center';
                  series.forEach((_s, k) => {
                    const text = segmentLabel(k, i);
                    if (!text) return;
                    const from = u.valToPos(k ? cumulative[k - 1]![i]! : 0, 'y', true);
                    const to = u.valToPos(cumulative[k]![i]!, 'y', true);
                    if (to - from > ctx.measureText(text).width + 8 * px) ctx.fillText(text, (from + to) / 2, y);
                  });
                }
                const text = endLabel?.(i);
                if (text) {
                  ctx.font = scaledFont(lib);
                  ctx.fillStyle = INK;
                  ctx.textAlign = 'left';
                  ctx.fillText(text, u.valToPos(totals[i] ?? 0, 'y', true) + 6 * px, y);
                }
              });
              ctx.restore();
            },
          ],
        },
      };
    },
    [categories, series, cumulative, endLabel, segmentLabel],
  );
  return <UPlotChart options={options} data={data} height={Math.max(1, categories.length) * rowHeight + 8} />;
}
