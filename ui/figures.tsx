import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  /** shown as a warning (red), e.g. storage past its limit */
  danger?: boolean;
}

/** Labelled figures side by side (the panel home's overview, the dashboard's server block). */
export function Figures({ items }: { items: readonly Figure[] }) {
  return (
    <dl className="t-figures">
      {items.map((f) => (
        <div key={f.label} className={f.danger ? 't-figures--danger' : undefined}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
