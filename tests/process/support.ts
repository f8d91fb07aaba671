import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server';

/**
 * The built server as a process, started the way operators start it (`npm start`, or `node
 * build/main.js` under a supervisor), on a free port with its own embedded data directory.
 */
export interface Started {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>;
  /** the pids of the process and every descendant, read from /proc */
  tree(): number[];
}

export async function start(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<Started> {
  const chosen = options.port || (await freePort());
  const dataDir = path.join(os.tmpdir(), `tabula-process-${crypto.randomUUID()}`);
  const child = spawn(cmd, args, {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      JOBS: 'off',
      LOG_LEVEL: 'info',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let signalledAt = 0;
  const kill = child.kill.bind(child);
  child.kill = (signal?: NodeJS.Signals | number) => {
    signalledAt ||= Date.now();
    return kill(signal);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, afterMs: signalledAt ? Date.now() - signalledAt : 0 })),
  );
  return { child, port: chosen, dataDir, output: () => out, exited, tree: () => descendants(child.pid!) };
}

/** Waits until /health answers 200 (or the process ends). */
export async function healthy(s: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}):\n${s.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${s.port}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not become healthy:\n${s.output()}`);
}

/** pid and all its descendants, from /proc (Linux). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return all;
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
};

/** Size in bytes of everything under a directory. */
export function sizeOf(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const p = path.join(dir, e.name);
    return sum + (e.isDirectory() ? sizeOf(p) : fs.statSync(p).size);
  }, 0);
}
