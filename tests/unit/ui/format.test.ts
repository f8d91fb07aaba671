import { describe, expect, it } from 'vitest';
import { BYTE_UNITS, formatBytes, formatDate, formatDateTime, formatIsoDate, formatRelative, toDate } from '../../../ui/format';

describe('formatBytes (Bytes to YB, 2 decimals)', () => {
  it('uses 1024 steps and two decimals', () => {
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(10_000)).toBe('9.77 KB');
    expect(formatBytes(10_000_000)).toBe('9.54 MB');
    // the panel's storage warning threshold (panel.md §9: 1 GiB)
    expect(formatBytes(1_073_741_824)).toBe('1.00 GB');
    expect(formatBytes(1.5 * 1024 ** 4)).toBe('1.50 TB');
  });

  it('shows whole bytes without decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
  });

  it('names every unit up to YB and stays in YB beyond it', () => {
    expect(BYTE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
    BYTE_UNITS.slice(1).forEach((unit, i) => expect(formatBytes(2 * 1024 ** (i + 1))).toBe(`2.00 ${unit}`));
    expect(formatBytes(2048 * 1024 ** 8)).toBe('2048.00 YB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatBytes(1024 * 1023.5)).toBe('1023.50 KB');
  });

  it('keeps the sign, honours other decimals, and gives "" for missing or non-numbers', () => {
    expect(formatBytes(-1536)).toBe('-1.50 KB');
    expect(formatBytes(1536, 0)).toBe('2 KB');
    expect(formatBytes(1536, 3)).toBe('1.500 KB');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(undefined)).toBe('');
  });
});

describe('date formats', () => {
  const moment = '2026-11-23T20:14:05.000Z';

  it('reads ISO text, epoch milliseconds and Dates; missing or invalid is null', () => {
    expect(toDate(moment)?.toISOString()).toBe(moment);
    expect(toDate(Date.parse(moment))?.toISOString()).toBe(moment);
    expect(toDate(new Date(moment))?.toISOString()).toBe(moment);
    for (const bad of [null, undefined, '', 'not a date', Number.NaN]) expect(toDate(bad)).toBeNull();
  });

  it('formats a date and a date with time in the given zone', () => {
    expect(formatDate(moment, { timeZone: 'UTC' })).toBe('Nov 23, 2026');
    expect(formatDate(moment, { timeZone: 'Asia/Tokyo' })).toBe('Nov 24, 2026');
    expect(formatDateTime(moment, { timeZone: 'UTC' }).replace(/\s/g, ' ')).toBe('Nov 23, 2026, 8:14 PM');
    expect(formatDateTime(moment, { timeZone: 'UTC', locale: 'en-GB' })).toBe('23 Nov 2026, 20:14');
    expect(formatIsoDate(moment, { timeZone: 'UTC' })).toBe('2026-11-23');
    expect(formatIsoDate(moment, { timeZone: 'Asia/Tokyo' })).toBe('2026-11-24');
  });

  it('gives "" for missing or invalid dates', () => {
    for (const f of [formatDate, formatDateTime, formatIsoDate]) {
      expect(f(null)).toBe('');
      expect(f('garbage')).toBe('');
    }
    expect(formatRelative(undefined)).toBe('');
  });

  it('says how long ago, or how far ahead', () => {
    const now = Date.parse(moment);
    const ago = (seconds: number) => now - seconds * 1000;
    expect(formatRelative(ago(20), now)).toBe('just now');
    expect(formatRelative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(86_400), now)).toBe('yesterday');
    expect(formatRelative(ago(14 * 86_400), now)).toBe('2 weeks ago');
    expect(formatRelative(ago(400 * 86_400), now)).toBe('last year');
    expect(formatRelative(now + 3 * 86_400 * 1000, now)).toBe('in 3 days');
  });
});
