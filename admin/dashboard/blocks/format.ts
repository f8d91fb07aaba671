import { formatBytes } from '../../../ui';
import type { TitleValueRow } from '../statistics-api';

/**
 * How the statistic blocks write their figures: counts with thousands separators, bytes from Bytes
 * to YB with 2 decimals (backoffice.md §9), durations in their unit, percents with one decimal.
 */
const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatCount = (n: number): string => counts.format(Number(n) || 0);

export const formatPercent = (n: number): string => `${(Math.round((Number(n) || 0) * 10) / 10).toFixed(1)}%`;

/** 95 → '95 ms', 1534 → '1.53 s'. */
export function formatMs(ms: number): string {
  return Math.abs(ms) < 1000 ? `${formatCount(Math.round(ms))} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** 42 → '42 s', 3725 → '1 h 2 min', 90061 → '1 d 1 h'. */
export function formatSeconds(seconds: number): string {
  const s = Math.round(Number(seconds) || 0);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86_400)} d${Math.floor((s % 86_400) / 3600) ? ` ${Math.floor((s % 86_400) / 3600)} h` : ''}`;
}

export function formatValue(value: number, unit: TitleValueRow['unit']): string {
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'ms':
      return formatMs(value);
    case 'seconds':
      return formatSeconds(value);
    case 'percent':
      return formatPercent(value);
    default:
      return formatCount(value);
  }
}
