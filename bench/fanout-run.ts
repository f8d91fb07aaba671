/**
 * The fan-out load runner shared by bench/fanout.bench.ts (commands) and
 * bench/fanout-cursors.bench.ts (commands while cursors move): nodes, client processes
 * (bench/fanout-clients.ts), one load run and its figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchServer } from './support/server';
import { pause } from './support/time';
import type { FromWorker, ToWorker, WorkerClient } from './fanout-clients';

export const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 200);
export const SENDERS = Number(process.env.BENCH_FANOUT_SENDERS ?? 20);
export const RATE = 10; // commands per second per sender
export const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 15);
export const WARMUP_SECONDS = 3;
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/**
 * The bench's clients all connect from this machine, yet stand for as many people at as many
 * addresses: the per-address budgets (docs/security.md "Abuse limits") are raised out of their reach.
 */
export const ONE_MACHINE_ENV = {
  LIMIT_HUB_SOCKETS_ADDRESS: '1000000',
  LIMIT_HUB_OPENS_ADDRESS: '1000000/60',
  LIMIT_GUEST_COMMANDS_ADDRESS: '100000000/5',
};
/** BENCH_FANOUT_NODES=1 measures one node only */
export const TWO_NODES = process.env.BENCH_FANOUT_NODES !== '1';

export interface Result {
  label: string;
  nodes: number;
  clients: number;
  sent: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  ackP50: number;
  ackP99: number;
  /** CPU per delivered command, µs: the nodes' (null when not measurable) and the clients' */
  serverUsPerDelivery: number | null;
  clientUsPerDelivery: number;
  /** deliveries of stored commands that never arrived (whole run, not only the window) */
  missing: number;
  /** the p99 of every repetition, when the row is the median of several (`repeated`) */
  p99s?: number[];
  /** with cursor movers: cursor moves sent (in the measured window), refused by the 50 ms throttle, and delivered to the others */
  cursorsSent?: number;
  cursorsDropped?: number;
  cursorsDelivered?: number;
  /** the onEventReceived frames that carried them (a batch carries several moves) */
  cursorFrames?: number;
  /** move → receipt at another client, ms (a sample of the receivers) */
  cursorP50?: number;
  cursorP99?: number;
}

/** Full-load rows are run this many times; the row shown is the run with the median p99. */
export const REPEAT = Math.max(1, Number(process.env.BENCH_FANOUT_REPEAT ?? 3));

/**
 * Runs a load REPEAT times and keeps the run with the median p99, with every run's p99: on a
 * shared 2-core machine a single run's tail moves by tens of ms from one run to the next
 * (scheduling, the VM), and one figure would say more about the machine than about the node.
 */
export async function repeated(once: () => Promise<Result>): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await once());
  const sorted = [...runs].sort((x, y) => x.p99 - y.p99);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, p99s: runs.map((r) => r.p99), missing: runs.reduce((n, r) => n + r.missing, 0) };
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The processes of the node listening on `port` (the built server `build/main.js`, or `tsx platform/main.ts` and its node), via Linux /proc. */
function nodePids(port: number): string[] {
  const pids: string[] = [];
  try {
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!/platform\/main\.ts|build\/main\.js/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
        if (`\0${fs.readFileSync(`/proc/${pid}/environ`, 'utf8')}`.includes(`\0PORT=${port}\0`)) pids.push(pid);
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    /* not Linux */
  }
  return pids;
}

/** CPU time (ms) used so far by the node listening on `port`, or null. */
function nodeCpuMs(port: number): number | null {
  const pids = nodePids(port);
  if (!pids.length) return null;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks / CLK_TCK) * 1000;
}

/**
 * The machine split in two hosts: the client processes stand in for the users' machines on the
 * last core, the nodes get the others (PostgreSQL and Redis run where the scheduler puts them).
 * Without it the clients' own work (receiving and parsing ~40,000 messages/s) takes the nodes'
 * CPU and the figures measure the contention. BENCH_FANOUT_SPLIT=0 turns it off; null when the
 * machine has one core or no taskset.
 */
export const SPLIT = (() => {
  const cores = os.cpus().length;
  if (process.env.BENCH_FANOUT_SPLIT === '0' || cores < 2 || spawnSync('taskset', ['-V']).status !== 0) return null;
  return { nodes: cores === 2 ? '0' : `0-${cores - 2}`, clients: String(cores - 1) };
})();

export function pinNode(node: BenchServer, cpus = SPLIT?.nodes): void {
  if (!SPLIT || !cpus) return;
  for (const pid of nodePids(node.port)) spawnSync('taskset', ['-a', '-p', '-c', cpus, pid], { stdio: 'ignore' });
}

export const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

export const httpUrl = (node: BenchServer) => `http://127.0.0.1:${node.port}`;

async function newBoard(node: BenchServer, uid: string): Promise<string> {
  const res = await fetch(`${httpUrl(node)}/api/boards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Uid: uid }),
  });
  if (res.status !== 200) throw new Error(`board not created: ${res.status}`);
  return ((await res.json()) as { code: string }).code;
}

/** Client processes: ~40,000 deliveries/s are more JSON than one process parses in time. */
export const WORKERS = Number(process.env.BENCH_FANOUT_WORKERS ?? 4);

function startWorker(split: boolean): {
  child: ChildProcess;
  next<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>>;
} {
  const script = [process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'fanout-clients.ts')];
  const [command, ...args] = SPLIT && split ? ['taskset', '-c', SPLIT.clients, ...script] : script;
  const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const queue: FromWorker[] = [];
  const waiting: Array<(m: FromWorker) => void> = [];
  child.on('message', (m: FromWorker) => (waiting.length ? waiting.shift()!(m) : queue.push(m)));
  return {
    child,
    next: (type) =>
      new Promise((resolve, reject) => {
        const take = (m: FromWorker) => (m.type === type ? resolve(m as never) : reject(new Error(`expected ${type}, got ${m.type}`)));
        if (queue.length) take(queue.shift()!);
        else waiting.push(take);
        // 'close', not 'exit': 'exit' can come before the child's last IPC message is read, and a
        // client process exits right after sending its result
        child.once('close', (code) => setImmediate(() => reject(new Error(`client process exited (${code})`))));
      }),
  };
}

/**
 * Runs one load: `clients` sockets spread round-robin over `nodes` and over client processes,
 * `senders` of them (spread over the nodes too) sending RATE commands/s; WARMUP_SECONDS of
 * sending, then `seconds` measured (commands sent in that window).
 */
export async function run(
  label: string,
  nodes: BenchServer[],
  clients: number,
  senders: number,
  seconds: number,
  load: { cursors?: number; cursorRate?: number } = {},
): Promise<Result> {
  const cursors = load.cursors ?? 0;
  // one node: the clients on their own core; two nodes: one core each, the clients wherever
  const split = nodes.length === 1;
  const owner = `g${crypto.randomBytes(6).toString('hex')}`;
  const code = await newBoard(nodes[0]!, owner);
  const all: WorkerClient[] = Array.from({ length: clients }, (_, i) => ({
    url: httpUrl(nodes[i % nodes.length]!),
    uid: `c${i}-${owner}`,
    sender: i < senders,
    // the cursor movers are the clients after the senders (people pointing while others draw)
    cursor: i >= senders && i < senders + cursors,
    phase: i < senders ? i / senders : i < senders + cursors ? (i - senders) / cursors : 0,
  }));
  const workers = Array.from({ length: Math.min(WORKERS, clients) }, () => startWorker(split));
  try {
    workers.forEach((w, k) =>
      w.child.send({
        type: 'start',
        code,
        clients: all.filter((_, i) => i % workers.length === k),
        rate: RATE,
        cursorRate: load.cursorRate ?? 20,
      } satisfies ToWorker),
    );
    await Promise.all(workers.map((w) => w.next('ready')));
    const from = performance.timeOrigin + performance.now() + WARMUP_SECONDS * 1000;
    const until = from + seconds * 1000;
    const cpuBefore = nodes.map((n) => nodeCpuMs(n.port));
    for (const w of workers) w.child.send({ type: 'go', measureFrom: from, measureUntil: until } satisfies ToWorker);
    await pause(WARMUP_SECONDS * 1000 + seconds * 1000);
    for (const w of workers) w.child.send({ type: 'stop' } satisfies ToWorker);
    const cpuAfter = nodes.map((n) => nodeCpuMs(n.port));
    const totalSent = (await Promise.all(workers.map((w) => w.next('stopped')))).reduce((n, r) => n + r.sentAll, 0);
    for (const w of workers) w.child.send({ type: 'drain', totalSent } satisfies ToWorker);
    const parts = await Promise.all(workers.map((w) => w.next('result')));
    const missing = parts.reduce((n, r) => n + r.missing, 0);
    const refused = parts.reduce((n, r) => n + r.errors, 0);
    if (refused) console.log(`${label}: ${refused} sends refused, e.g. ${[...new Set(parts.flatMap((r) => r.errorSamples))].join(' | ')}`);
    const receivedAll = parts.reduce((n, r) => n + r.receivedAll, 0);
    const serverCpu =
      cpuBefore.every((c) => c !== null) && cpuAfter.every((c) => c !== null)
        ? cpuAfter.reduce((t, c, i) => t + c! - cpuBefore[i]!, 0)
        : null;
    const latencies = parts.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const acks = parts.flatMap((r) => r.acks).sort((a, b) => a - b);
    const sent = parts.reduce((n, r) => n + r.sent, 0);
    const cursorLatencies = cursors ? parts.flatMap((r) => r.cursorLatencies).sort((a, b) => a - b) : [];
    return {
      label,
      nodes: nodes.length,
      clients,
      sent,
      delivered: latencies.length,
      expected: sent * (clients - 1),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      ackP50: percentile(acks, 0.5),
      ackP99: percentile(acks, 0.99),
      // with few deliveries the figure is the nodes' background work (timers, GC), not delivery
      serverUsPerDelivery: serverCpu === null || receivedAll < 1000 ? null : (serverCpu * 1000) / receivedAll,
      clientUsPerDelivery: receivedAll < 1000 ? NaN : (parts.reduce((t, r) => t + r.cpuMs, 0) * 1000) / receivedAll,
      missing,
      ...(cursors
        ? {
            cursorsSent: parts.reduce((n, r) => n + r.cursorsSent, 0),
            cursorsDropped: parts.reduce((n, r) => n + r.cursorsDropped, 0),
            cursorsDelivered: parts.reduce((n, r) => n + r.cursorsReceived, 0),
            cursorFrames: parts.reduce((n, r) => n + r.cursorFrames, 0),
            cursorP50: percentile(cursorLatencies, 0.5),
            cursorP99: percentile(cursorLatencies, 0.99),
          }
        : {}),
    };
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
  }
}
