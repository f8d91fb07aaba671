import { useEffect, useState } from 'react';
import { busy$ } from './http';
import { useUiStyles } from './styles';

/** A round spinner. Decorative unless `label` is given (then announced as a status). */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  useUiStyles();
  const style = { width: size, height: size };
  if (!label) return <span className="t-spinner" style={style} aria-hidden="true" />;
  return (
    <span role="status" style={{ display: 'inline-flex' }}>
      <span className="t-spinner" style={style} aria-hidden="true" />
      <span className="t-sr-only">{label}</span>
    </span>
  );
}

/** true while any request of the HTTP layer is in flight. */
export function useBusy(): boolean {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const sub = busy$.subscribe(setBusy);
    return () => sub.unsubscribe();
  }, []);
  return busy;
}

/**
 * The busy indicator fed by the HTTP layer's in-flight counter: a thin progress bar across
 * the top of the window (and, with `inline`, a small spinner where it is placed).
 */
export function BusyIndicator({ inline = false }: { inline?: boolean }) {
  useUiStyles();
  const busy = useBusy();
  if (!busy) return null;
  if (inline) return <Spinner size={18} label="Loading" />;
  return <div className="t-busybar" role="progressbar" aria-label="Loading" />;
}
