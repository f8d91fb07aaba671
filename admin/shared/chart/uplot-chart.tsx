import { useEffect, useRef, useState, useInsertionEffect } from 'react';
import type uPlot from 'uplot';
import { injectStyles } from '../../../ui';
import CSS from './chart.css?raw';

/**
 * The back-office's one chart library, uPlot (docs/backoffice.md "Charts"): a canvas chart of
 * ~50 KB (23 KB compressed, no dependencies), loaded on first use as a chunk of its own, so the
 * screens draw their headings, figures and tables at once and the chart follows. It is decoration
 * for sighted readers: the element is aria-hidden, and every chart comes with a readable table of
 * the same figures (./data-table.tsx). Where a canvas cannot be drawn (jsdom in the stories tests)
 * nothing is drawn and the rest of the screen works as usual.
 */
export type UPlot = typeof uPlot;
/** Everything of uPlot's options but the size, which follows the element's width. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

let loading: Promise<UPlot> | null = null;
let loaded: UPlot | null = null;
function loadUPlot(): Promise<UPlot> {
  loading ??= import('uplot').then((m) => (loaded = m.default));
  return loading;
}

/** uPlot needs a 2D canvas and matchMedia (for the screen's pixel ratio). */
function canDraw(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

export interface UPlotChartProps {
  /** the options for the loaded library (its path builders and helpers are static members) */
  options: (lib: UPlot) => ChartOptions;
  data: uPlot.AlignedData;
  /** CSS pixels */
  height: number;
  className?: string;
}

/**
 * A uPlot chart as wide as its element. It is made again when its options or data change (a
 * dashboard chart has at most a few hundred points) and resized with the element.
 */
export function UPlotChart({ options, data, height, className }: UPlotChartProps) {
  useInsertionEffect(() => injectStyles('tabula-admin-chart', CSS), []);
  const element = useRef<HTMLDivElement>(null);
  // a function: React would call the class itself as an initialiser
  const [lib, setLib] = useState<UPlot | null>(() => loaded);
  useEffect(() => {
    if (lib || !canDraw()) return;
    let live = true;
    void loadUPlot().then((l) => live && setLib(() => l));
    return () => {
      live = false;
    };
  }, [lib]);
  useEffect(() => {
    const el = element.current;
    if (!lib || !el) return;
    const plot = new lib({ ...options(lib), width: Math.max(100, el.clientWidth), height }, data, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(100, el.clientWidth);
      if (width === plot.width) return;
      plot.setSize({ width, height });
      // scales that depend on the width (room for the bars' figures) are worked out again
      plot.setData(plot.data);
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [lib, options, data, height]);
  return (
    <div ref={element} className={['a-chart', className].filter(Boolean).join(' ')} style={{ minHeight: height }} aria-hidden="true" />
  );
}
