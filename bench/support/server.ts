import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real platform process for a benchmark: the built server (`node build/main.js`, what `npm start`
 * runs) on a free port with its own data directory, configured by `env` (a benchmark passes its
 * DATABASE_URL and REDIS_URL). bench/'s own copy of the part of tests/e2e/support/server.ts it
 * used (bench/ never imports tests/: docs/architecture.md "Layer rules"); unlike the browser
 * tests' helper it makes no database of its own: the benchmark owns and drops its database.
 */
export interface BenchServer {
  url: string;
  port: number;
  /** the node's process id (memory readings from /proc) */
  pid: number;
  env: Record<string, string>;
  /** stops the process: SIGTERM (graceful) by default, SIGKILL for a crash */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** everything the process printed (JSON log lines) */
  output(): string;
}

/** The built server (npm run build). */
export const SERVER_ENTRY = path.resolve('build/main.js');

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

export async function startServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), `tabula-bench-${crypto.randomUUID()}`),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_SECRET: 'bench-access-secret-'.padEnd(48, 'x'),
    COOKIE_SECRET: 'bench-cookie-secret-'.padEnd(48, 'y'),
    SMTP_URL: '',
    // never the inherited DATABASE_URL (the server's maintenance database): the benchmark passes its own
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extraEnv,
  };
  let out = '';
  // BENCH_CPU_PROF=dir: each node writes a V8 CPU profile there when it stops (where a bench's time goes)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`platform exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`platform did not start:\n${out}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { url: `http://localhost:${port}`, port, pid: child.pid!, env, kill, output: () => out };
}
