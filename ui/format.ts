/**
 * Display formats shared by the grids and screens of panel and admin (backoffice.md §9 and
 * panel.md §9: "Bytes shown with units from Bytes to YB, 2 decimals"; dates as the grids show them).
 * Pure functions: no React, no I/O.
 */

export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A byte count with its unit, 1024 to the step, from Bytes to YB: `1536` → '1.50 KB',
 * `1073741824` → '1.00 GB'. Whole bytes have no decimals ('512 Bytes'); a value that rounds up
 * to 1024 of a unit moves to the next ('1.00 MB', never '1024.00 KB'); beyond YB the count
 * stays in YB. Not-a-number and missing values give ''.
 */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  if (value < 1024) return `${sign}${Math.round(value)} Bytes`;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  let text = value.toFixed(decimals);
  if (Number(text) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
    text = value.toFixed(decimals);
  }
  return `${sign}${text} ${BYTE_UNITS[unit]}`;
}

export type DateInput = Date | string | number | null | undefined;

export interface DateFormatOptions {
  /** BCP 47 locale; default 'en-US' (the product's texts are English) */
  locale?: string;
  /** IANA time zone; default the viewer's */
  timeZone?: string;
}

/** A Date from what the API sends (ISO text, epoch milliseconds or a Date); null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'dateTime', { locale = 'en-US', timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      kind === 'date' ? { dateStyle: 'medium', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone },
    );
    formatters.set(key, f);
  }
  return f;
}

/** 'Nov 23, 2026' ('' when missing or invalid). */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date ? formatter('date', options).format(date) : '';
}

/** 'Nov 23, 2026, 8:14 PM' ('' when missing or invalid). */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date ? formatter('dateTime', options).format(date) : '';
}

/** '2026-11-23' in the given time zone (default the viewer's), e.g. for file names and date inputs. */
export function formatIsoDate(value: DateInput, options: Pick<DateFormatOptions, 'timeZone'> = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: options.timeZone,
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago (or how far ahead) a moment is: 'just now' under a minute, then '5 minutes ago',
 * 'yesterday', 'in 3 days', 'last month', '2 years ago' ('' when missing or invalid).
 */
export function formatRelative(value: DateInput, now: DateInput = Date.now(), options: Pick<DateFormatOptions, 'locale'> = {}): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return '';
  let amount = (date.getTime() - reference.getTime()) / 1000;
  if (Math.abs(amount) < 60) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(options.locale ?? 'en-US', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return '';
}
