/**
 * Global script errors (board.md §8: "global script errors … logged to the server"): an error no
 * code caught, or a promise rejection no one handled, on the hosted board page goes to
 * POST /api/logs/clients as level 'error', context 'script' — each distinct one once, at most
 * MAX_SCRIPT_ERRORS a page. Only where the board is the page: on a host's page, its errors are
 * the host's.
 */
export const MAX_SCRIPT_ERRORS = 10;

export interface ClientLog {
  level: 'error';
  context: 'script';
  message: string;
  data: { source?: string; stack?: string; kind: 'error' | 'rejection' };
}

export function reportScriptErrors(send: (log: ClientLog) => Promise<unknown>, target: Window = window): () => void {
  const seen = new Set<string>();
  const report = (log: ClientLog) => {
    const key = `${log.message}|${log.data.source ?? ''}`;
    if (seen.has(key) || seen.size >= MAX_SCRIPT_ERRORS) return;
    seen.add(key);
    void send(log).catch(() => undefined);
  };
  const stackOf = (error: unknown) => (error instanceof Error && error.stack ? error.stack.slice(0, 3000) : undefined);
  const onError = (e: ErrorEvent) =>
    report({
      level: 'error',
      context: 'script',
      message: String(e.message || 'Script error').slice(0, 1000),
      data: {
        kind: 'error',
        source: e.filename ? `${e.filename.split('?')[0]}:${e.lineno}:${e.colno}` : undefined,
        stack: stackOf(e.error),
      },
    });
  const onRejection = (e: PromiseRejectionEvent) =>
    report({
      level: 'error',
      context: 'script',
      message: String(e.reason instanceof Error ? e.reason.message : (e.reason ?? 'Unhandled rejection')).slice(0, 1000),
      data: { kind: 'rejection', stack: stackOf(e.reason) },
    });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
