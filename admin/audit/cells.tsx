import type { ReactNode } from 'react';

/** "username" over "unique id", as the audits show who (backoffice.md §2). */
export function Who({ name, id }: { name: string | null; id: string | null }): ReactNode {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{name ?? 'guest'}</span>
      {id ? <small style={{ color: '#4a5466' }}>{id}</small> : null}
    </span>
  );
}

/** A JSON value in one short line. */
export function compact(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
