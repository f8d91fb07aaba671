/**
 * The charts' colours: each at least 3:1 against white (WCAG 1.4.11, graphical objects) and told
 * apart by more than hue where it matters (the bars carry their figures as text; every chart has
 * a table). Text drawn on the canvas uses INK (15:1) or white on a series colour (≥ 4.5:1).
 */
export const SERIES_COLOURS = ['#1565c0', '#b54708', '#027a48', '#6941c6', '#c11574', '#475467'] as const;
export const INK = '#1d2939';
export const AXIS = '#475467';
export const GRID = '#eaecf0';
/** The axes' and labels' font (canvas), CSS pixels. */
export const CHART_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const colourAt = (i: number): string => SERIES_COLOURS[i % SERIES_COLOURS.length]!;

/** Colours that carry a meaning by the row's name (feedback: positive, neutral, negative). */
const NAMED: Record<string, string> = { positive: '#027a48', neutral: '#475467', negative: '#b42318' };
export const colourFor = (name: string, i: number): string => NAMED[name.trim().toLowerCase()] ?? colourAt(i);
