/**
 * Boot: the time from starting a node to a listening, migrated server answering /ready (200), for
 * the built server (`node build/main.js`, what `npm start` runs) against the baseline of the same
 * sources run through tsx (`node --import tsx platform/main.ts`, how the platform started before it
 * was built to JavaScript). Cold = a new data directory or database (migrations run); warm = the
 * same one again. Embedded (PGlite under DATA_DIR) and PostgreSQL (a fresh database next to
 * DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres). Goal: warm boot on the embedded
 * default under 3 s. BENCH_BOOT_RUNS (default 3) runs of each; medians.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from './support/database';
import { report } from './report';

const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const starts = {
  built: ['build/main.js'],
  'tsx (baseline)': ['--import', 'tsx', 'platform/main.ts'],
} as const;

let port = 4300 + Math.floor(Math.random() * 500);
/** ms from spawn until /ready answers 200; the node is stopped (SIGTERM) afterwards. */
async function boot(args: readonly string[], env: Record<string, string>): Promise<number> {
  const p = ++port;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', JOBS: 'off', LOG_LEVEL: 'warn', REDIS_URL: '', ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${p}/ready`)).ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: string[] = [];
for (const [how, args] of Object.entries(starts)) {
  const cells: Record<string, number[]> = { 'embedded cold': [], 'embedded warm': [], 'PostgreSQL cold': [], 'PostgreSQL warm': [] };
  for (let i = 0; i < RUNS; i++) {
    const dataDir = path.join(os.tmpdir(), `tabula-boot-${crypto.randomUUID()}`);
    cells['embedded cold']!.push(await boot(args, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    cells['embedded warm']!.push(await boot(args, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    fs.rmSync(dataDir, { recursive: true, force: true });
    const db = await freshDatabase('tabula_boot', { migrated: false });
    try {
      cells['PostgreSQL cold']!.push(await boot(args, { DATA_DIR: dataDir, DATABASE_URL: db.url }));
      cells['PostgreSQL warm']!.push(await boot(args, { DATA_DIR: dataDir, DATABASE_URL: db.url }));
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  rows.push(
    `| ${how} | ${Object.values(cells)
      .map((xs) => `${(median(xs) / 1000).toFixed(2)} s`)
      .join(' | ')} |`,
  );
}

report(
  'boot',
  `### Boot to /ready (median of ${RUNS}; load average ${os.loadavg()[0]!.toFixed(1)})

| start | embedded cold | embedded warm | PostgreSQL cold | PostgreSQL warm |
|---|---|---|---|---|
${rows.join('\n')}

Goal: embedded warm under 3 s with the built server.`,
);
