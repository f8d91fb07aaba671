import type { ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../ui';

export type DetailValue = ReactNode | string | number | boolean | null | undefined;

/** A value as an operator reads it: Yes/No, dates as dates, '—' when absent. */
export function show(value: unknown, kind?: 'date' | 'bytes'): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'date') return formatDateTime(value as string);
  if (kind === 'bytes') return formatBytes(Number(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Label/value lines of a detail dialog. */
export function DetailList({ items }: { items: Array<[label: string, value: DetailValue]> }) {
  return (
    <dl className="a-dl">
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
