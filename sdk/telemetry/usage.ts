import { merge, type Observable } from 'rxjs';
import { map, skip } from 'rxjs/operators';

/**
 * Feature usage (board.md §7 POST /api/logs/usages {context, data}; the back-office's Feature
 * Audit): which actions and tools a visitor uses on a board. Counted in the page and sent every
 * 5 minutes, when the page is hidden and when the board closes — one record per feature used since
 * the last send (context 'action:undo', 'tool:pen'; data { count, via, board }), at most
 * MAX_RECORDS_PER_FLUSH a send (the rest wait for the next), so a busy board stays far inside the
 * logs budget.
 */
export const USAGE_FLUSH_MS = 5 * 60_000;
export const MAX_RECORDS_PER_FLUSH = 10;

export interface UsageRecord {
  context: string;
  data: { count: number; via: Record<string, number>; board: string };
}

export interface UsageOptions {
  board: string;
  send: (record: UsageRecord) => Promise<unknown>;
  flushMs?: number;
}

/** `performed$`: actions as they run (ActionRegistry.performed$); `tool$`: the current tool. */
export function startUsageLog(
  performed$: Observable<{ id: string; via: string }>,
  tool$: Observable<string>,
  opts: UsageOptions,
): { flush(): void; stop(): void } {
  const counts = new Map<string, { count: number; via: Record<string, number> }>();
  const count = (context: string, via: string) => {
    const entry = counts.get(context) ?? { count: 0, via: {} };
    entry.count++;
    entry.via[via] = (entry.via[via] ?? 0) + 1;
    counts.set(context, entry);
  };
  const sub = merge(
    performed$.pipe(map((a) => ({ context: `action:${a.id}`, via: a.via }))),
    // the first value is the tool the board starts with, not a choice
    tool$.pipe(
      skip(1),
      map((t) => ({ context: `tool:${t}`, via: 'tool' })),
    ),
  ).subscribe(({ context, via }) => count(context, via));

  const flush = () => {
    for (const [context, entry] of [...counts].slice(0, MAX_RECORDS_PER_FLUSH)) {
      counts.delete(context);
      void opts.send({ context, data: { count: entry.count, via: entry.via, board: opts.board } }).catch(() => undefined);
    }
  };
  const timer = setInterval(flush, opts.flushMs ?? USAGE_FLUSH_MS);
  // a tab put away or closed: send now (the logs calls are keepalive, sdk/sync/api.ts)
  const onHide = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') flush();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onHide);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  return {
    flush,
    stop() {
      sub.unsubscribe();
      clearInterval(timer);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onHide);
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
      flush();
    },
  };
}
