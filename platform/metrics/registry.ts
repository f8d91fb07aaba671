import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index';

/**
 * The platform's Prometheus metrics (docs/operations.md "Metrics"). One registry per platform,
 * never prom-client's global one: tests start many platforms in one process, and each must count
 * its own requests, sockets and commands. Domains reach it through `server.app.metrics` (set by
 * createPlatform before any plugin registers) and call the recording methods below; none of them
 * imports another domain for it.
 *
 * Process metrics (CPU, memory, handles, GC, event-loop delay from perf_hooks'
 * monitorEventLoopDelay: `nodejs_eventloop_lag_seconds`, `…_p50/_p90/_p99_seconds`…) belong to
 * the process, not to a platform: they live in one registry per process, created at the first
 * scrape (prom-client's collectors start an event-loop monitor and a GC observer that are never
 * stopped, so they must not be made once per platform).
 */
export interface PlatformMetrics {
  readonly registry: Registry;
  /** one HTTP request answered: its route template (never the raw URL), method and status */
  httpRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** a hub websocket connected / disconnected on this node */
  hubConnected(): void;
  hubDisconnected(): void;
  /** a command appended to a board's log (not a retried duplicate), and how long from its arrival until it was published */
  commandAppended(seconds: number): void;
  /** a board message from another node reached this node's hub: its age since it was published there */
  fanoutDelivered(seconds: number): void;
  /** the exposition text: this platform's metrics and the process's */
  render(): Promise<string>;
  readonly contentType: string;
}

/** Request-latency buckets (seconds): 5 ms … 10 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Append and fan-out buckets (seconds): 1 ms … 5 s. */
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | null = null;

/** The process-wide registry of prom-client's default metrics, made once on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

export function createMetrics(options: { db?: Db } = {}): PlatformMetrics {
  const registry = new Registry();
  const registers = [registry];

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by route template, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const hub = new Gauge({ name: 'tabula_hub_connections', help: 'Websocket connections open on this node’s hub.', registers });
  const commands = new Counter({
    name: 'tabula_commands_appended_total',
    help: 'Board commands appended to a log by this node (retried duplicates not counted).',
    registers,
  });
  const append = new Histogram({
    name: 'tabula_command_append_seconds',
    help: 'From a command’s arrival on this node to its publication on the board bus (validation, authorization, the sequenced insert, the local publish).',
    buckets: FAST_BUCKETS,
    registers,
  });
  const fanout = new Histogram({
    name: 'tabula_fanout_latency_seconds',
    help: 'Age of a board message published by another node when this node’s bus delivers it to the hub (Redis bus only; clocks of the two nodes).',
    buckets: FAST_BUCKETS,
    registers,
  });
  const db = options.db;
  new Gauge({
    name: 'tabula_db_pool_connections',
    help: 'Database pool connections by state (used, free, pending acquires). The embedded PGlite is a pool of one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = poolOf(db);
      this.set({ state: 'used' }, pool?.numUsed() ?? 0);
      this.set({ state: 'free' }, pool?.numFree() ?? 0);
      this.set({ state: 'pending' }, pool?.numPendingAcquires() ?? 0);
    },
  });
  new Gauge({
    name: 'tabula_db_pool_max',
    help: 'Largest number of database connections this node opens (DATABASE_POOL_MAX; 1 for PGlite).',
    registers,
    collect() {
      this.set(poolOf(db)?.max ?? 0);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    httpRequest(route, method, statusCode, seconds) {
      http.observe({ route, method: method.toUpperCase(), status_code: String(statusCode) }, seconds);
    },
    hubConnected() {
      hub.inc();
    },
    hubDisconnected() {
      hub.dec();
    },
    commandAppended(seconds) {
      commands.inc();
      append.observe(seconds);
    },
    fanoutDelivered(seconds) {
      // clocks of two machines: a negative age is skew, counted as 0
      fanout.observe(Math.max(0, seconds));
    },
    async render() {
      const [own, proc] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${own}\n${proc}`;
    },
  };
}

/** knex's tarn pool (knex-pglite's is a pool of one), or null before it exists or after destroy. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(db: Db | undefined): TarnPool | null {
  const pool = (db?.client as { pool?: Partial<TarnPool> } | undefined)?.pool;
  return pool && typeof pool.numUsed === 'function' && typeof pool.numFree === 'function' && typeof pool.numPendingAcquires === 'function'
    ? (pool as TarnPool)
    : null;
}
