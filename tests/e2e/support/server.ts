import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../../helpers/database';

/**
 * A real platform process for browser tests: the built server (`node build/main.js`, what
 * `npm start` runs; tests/e2e/global-setup.ts builds it when stale) on a free port with its own data
 * directory. With DATABASE_URL set (CI) it gets a fresh PostgreSQL database, otherwise the embedded
 * PGlite under its data dir; either starts as a copy of the run's migrated template. `restart()` stops and starts the same
 * node on the same port and data (for outage tests); `stop()` ends it and drops its database.
 */
export interface TestServer {
  url: string;
  port: number;
  env: Record<string, string>;
  restart(): Promise<void>;
  /** stops the process: SIGTERM (graceful) by default, SIGKILL for a crash */
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** everything the process printed (JSON log lines) */
  output(): string;
  /** whether the process runs (a test that stopped it may have failed before starting it again) */
  running(): boolean;
  /** SIGKILLs the process at once (synchronous: for a worker's exit handler) */
  killNow(): void;
}

/** The built server, and the migrated embedded data directory made by the global setup. */
export const SERVER_ENTRY = path.resolve('build/main.js');
export const PGDATA_TEMPLATE_ENV = 'TABULA_PGDATA_TEMPLATE';
/** The run's id (set by the global setup): its servers' databases are named after it, and dropped after the run. */
export const E2E_RUN_ENV = 'TABULA_E2E_RUN';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A fresh PostgreSQL database when DATABASE_URL is set (CI), else null: the embedded PGlite. */
async function e2eDatabase() {
  return process.env.DATABASE_URL ? freshDatabase(`tabula_e2e_${process.env[E2E_RUN_ENV] ?? 'x'}`) : null;
}

export async function startServer(extraEnv: Record<string, string> = {}, options: { shareWith?: TestServer } = {}): Promise<TestServer> {
  const port = await freePort();
  const shared = options.shareWith;
  const dataDir = shared?.env.DATA_DIR ?? path.join(os.tmpdir(), `tabula-e2e-${crypto.randomUUID()}`);
  const database = shared ? null : await e2eDatabase();
  const pgdata = process.env[PGDATA_TEMPLATE_ENV];
  if (!shared && !database && pgdata && !fs.existsSync(path.join(dataDir, 'pgdata')))
    fs.cpSync(pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ACCESS_TOKEN_SECRET: 'e2e-access-secret-'.padEnd(48, 'x'),
    COOKIE_SECRET: 'e2e-cookie-secret-'.padEnd(48, 'y'),
    SMTP_URL: '',
    ...(shared
      ? { DATABASE_URL: shared.env.DATABASE_URL ?? '', REDIS_URL: shared.env.REDIS_URL ?? '' }
      : { DATABASE_URL: database?.url ?? '', REDIS_URL: '' }),
    ...extraEnv,
  };
  let child: ChildProcess | null = null;
  let out = '';

  const start = async () => {
    child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`platform exited (${child.exitCode}):\n${out}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return;
      } catch {
        /* not yet listening */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`platform did not start:\n${out}`);
  };
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (c.exitCode === null) c.kill('SIGKILL');
  };

  await start();
  return {
    url: `http://localhost:${port}`,
    port,
    env,
    start,
    kill,
    async restart() {
      await kill();
      await start();
    },
    async stop() {
      await kill();
      await database?.drop();
    },
    output: () => out,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    killNow: () => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Two nodes on one fresh PostgreSQL database (DATABASE_URL) and the Redis at `redisUrl`, started
 * one after the other (migrations run once). `stop()` ends both and drops the database.
 */
export async function startNodePair(
  redisUrl: string,
  prefix = 'tabula_pair',
): Promise<{ a: TestServer; b: TestServer; stop(): Promise<void> }> {
  const db = await freshDatabase(prefix);
  const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, JOBS: 'off', LOG_LEVEL: 'warn' };
  const a = await startServer(env);
  const b = await startServer(env);
  return {
    a,
    b,
    async stop() {
      await a.stop();
      await b.stop();
      await db.drop();
    },
  };
}
