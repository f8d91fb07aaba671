import type { Observable } from 'rxjs';
import { latencyTest, LATENCY_THRESHOLD_MS, type LatencyResult } from './latency';

/**
 * The board's performance records (board.md §7 POST /api/logs/perfs {type, sessionId, board, ver,
 * payload}; the back-office's Performance Logs, backoffice.md §2, filter them by type):
 *
 * | type | when | payload |
 * |---|---|---|
 * | Join | the board first goes online | joinMs (start to online), joinedMs (start to the join answer) |
 * | Speed | 3 s after that: the image latency test | samples, average (ms) |
 * | SlowNetwork | the test averages over 150 ms; or a resource took over 10 s (at most 10 of those a session) | average and threshold; or resource, duration |
 * | Socket | the connection came back after a drop | downMs |
 * | Error | the board failed to load or to reconnect | phase, message |
 * | ReportingMain / ReportingDefault | the browser reported a deprecation or intervention (ReportingObserver) on the hosted board page / on a host's page | type, message, source (at most 10) |
 *
 * A record that cannot be sent is dropped: measuring never gets in the board's way.
 */
export interface PerfRecord {
  type: 'Join' | 'Speed' | 'SlowNetwork' | 'Socket' | 'Error' | 'ReportingMain' | 'ReportingDefault';
  sessionId: string;
  board: string;
  ver: string;
  payload: Record<string, string | number>;
}

export interface PerfLogOptions {
  board: string;
  version: string;
  /** the platform's base url (the latency test's image) */
  server: string;
  /** the board is an element of someone else's page (not the hosted /board page) */
  inHostPage: boolean;
  send: (record: PerfRecord) => Promise<unknown>;
  /** the latency test (a stand-in in unit tests) */
  latency?: (server: string) => Promise<LatencyResult>;
  now?: () => number;
}

export const SLOW_RESOURCE_MS = 10_000;
export const MAX_SLOW_RESOURCES = 10;
export const MAX_REPORTS = 10;
/** The latency test waits this long after the board is online: it must not slow the load. */
export const SPEED_DELAY_MS = 3000;

type Phase = { phase: string; error?: string };

export function startPerfLog(state$: Observable<Phase>, opts: PerfLogOptions): () => void {
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const sessionId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  const record = (type: PerfRecord['type'], payload: PerfRecord['payload']) =>
    void opts.send({ type, sessionId, board: opts.board, ver: opts.version, payload }).catch(() => undefined);

  let online = false;
  let joinedAt: number | null = null;
  let downSince: number | null = null;
  let speedTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const sub = state$.subscribe((s) => {
    if (s.phase === 'joined' && joinedAt === null) joinedAt = now();
    if (s.phase === 'online' && !online) {
      online = true;
      record('Join', { joinMs: Math.round(now() - started), joinedMs: Math.round((joinedAt ?? now()) - started) });
      speedTimer = setTimeout(() => {
        void (opts.latency ?? latencyTest)(opts.server).then((result) => {
          if (stopped) return;
          record('Speed', { samples: result.samples.join(', '), average: result.average });
          if (result.slow) record('SlowNetwork', { average: result.average, threshold: LATENCY_THRESHOLD_MS });
        });
      }, SPEED_DELAY_MS);
    } else if (s.phase === 'online' && downSince !== null) {
      record('Socket', { downMs: Math.round(now() - downSince) });
      downSince = null;
    }
    if (s.phase === 'reconnecting' && downSince === null) downSince = now();
    if (s.phase === 'failed') record('Error', { phase: online ? 'reconnect' : 'load', message: s.error ?? '' });
  });

  const observers: Array<{ disconnect(): void }> = [];
  // resources (pictures, scripts, API calls) that took over 10 s
  if (typeof PerformanceObserver !== 'undefined') {
    let slow = 0;
    try {
      const resources = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.duration <= SLOW_RESOURCE_MS || slow >= MAX_SLOW_RESOURCES) continue;
          slow++;
          record('SlowNetwork', { resource: entry.name.split('?')[0]!.slice(0, 300), duration: Math.round(entry.duration) });
        }
      });
      resources.observe({ type: 'resource', buffered: true });
      observers.push(resources);
    } catch {
      // an old browser without the resource timeline: nothing to watch
    }
  }
  // what the browser itself reports (deprecations, interventions)
  const Reporting = (
    globalThis as { ReportingObserver?: new (cb: (reports: unknown[]) => void, o: object) => { observe(): void; disconnect(): void } }
  ).ReportingObserver;
  if (Reporting) {
    let reports = 0;
    const reporter = new Reporting(
      (list) => {
        for (const report of list as Array<{
          type: string;
          url: string;
          body?: { message?: string; sourceFile?: string; lineNumber?: number };
        }>) {
          if (reports++ >= MAX_REPORTS) return;
          record(opts.inHostPage ? 'ReportingDefault' : 'ReportingMain', {
            type: report.type,
            message: String(report.body?.message ?? '').slice(0, 500),
            source: `${report.body?.sourceFile ?? report.url}${report.body?.lineNumber ? `:${report.body.lineNumber}` : ''}`.slice(0, 300),
          });
        }
      },
      { types: ['deprecation', 'intervention'], buffered: true },
    );
    reporter.observe();
    observers.push(reporter);
  }

  return () => {
    stopped = true;
    sub.unsubscribe();
    if (speedTimer) clearTimeout(speedTimer);
    for (const o of observers) o.disconnect();
  };
}
