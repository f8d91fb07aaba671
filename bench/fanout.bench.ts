/**
 * Fan-out: 200 nes clients on one board, 20 of them sending 10 commands/s each (200 commands/s,
 * ~40,000 deliveries/s). Delivery latency = from the sender's sendCommand call to the arrival of
 * onCommand at another client (clients run in BENCH_FANOUT_WORKERS processes, default 4, on this
 * machine: one clock; see bench/fanout-clients.ts). Measured on one
 * node, then on two nodes sharing PostgreSQL with the Redis bus (100 clients and 10 senders on
 * each). Goals: p99 < 50 ms on one node, < 80 ms on two.
 * Baselines in the same run: one sender and one receiver on an idle node, and the full load on a
 * node that writes every event-loop turn (HUB_FLUSH_MS=0) instead of at most every 5 ms.
 * The machine is split (SPLIT below): one node and the clients on separate cores; two nodes on one core each.
 *
 * Nodes are real processes (`tsx platform/main.ts`) on a fresh PostgreSQL database
 * (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL or
 * redis://127.0.0.1:6379). BENCH_FANOUT_SECONDS sets the measured time (default 15),
 * BENCH_FANOUT_NODES=1 skips the two-node part, BENCH_FANOUT_URL=http://host:port measures a node
 * you started yourself (printed only).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../tests/e2e/support/server';
import { pause } from '../tests/helpers/hub';
import type { FromWorker, ToWorker, WorkerClient } from './fanout-clients';
import { report } from './report';
import { freshDatabase } from '../tests/helpers/database';

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 200);
const SENDERS = Number(process.env.BENCH_FANOUT_SENDERS ?? 20);
const RATE = 10; // commands per second per sender
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** BENCH_FANOUT_NODES=1 measures one node only */
const TWO_NODES = process.env.BENCH_FANOUT_NODES !== '1';

interface Result {
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
}

/** Full-load rows are run this many times; the row shown is the run with the median p99. */
const REPEAT = Math.max(1, Number(process.env.BENCH_FANOUT_REPEAT ?? 3));

/**
 * Runs a load REPEAT times and keeps the run with the median p99, with every run's p99: on a
 * shared 2-core machine a single run's tail moves by tens of ms from one run to the next
 * (scheduling, the VM), and one figure would say more about the machine than about the node.
 */
async function repeated(once: () => Promise<Result>): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await once());
  const sorted = [...runs].sort((x, y) => x.p99 - y.p99);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, p99s: runs.map((r) => r.p99), missing: runs.reduce((n, r) => n + r.missing, 0) };
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The processes of the node listening on `port` (`tsx platform/main.ts` and its node), via Linux /proc. */
function nodePids(port: number): string[] {
  const pids: string[] = [];
  try {
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('platform/main.ts')) continue;
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
const SPLIT = (() => {
  const cores = os.cpus().length;
  if (process.env.BENCH_FANOUT_SPLIT === '0' || cores < 2 || spawnSync('taskset', ['-V']).status !== 0) return null;
  return { nodes: cores === 2 ? '0' : `0-${cores - 2}`, clients: String(cores - 1) };
})();

function pinNode(node: TestServer, cpus = SPLIT?.nodes): void {
  if (!SPLIT || !cpus) return;
  for (const pid of nodePids(node.port)) spawnSync('taskset', ['-a', '-p', '-c', cpus, pid], { stdio: 'ignore' });
}


const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);


const httpUrl = (node: TestServer) => `http://127.0.0.1:${node.port}`;

async function newBoard(node: TestServer, uid: string): Promise<string> {
  const res = await fetch(`${httpUrl(node)}/api/boards`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Uid: uid }) });
  if (res.status !== 200) throw new Error(`board not created: ${res.status}`);
  return ((await res.json()) as { code: string }).code;
}

/** Client processes: ~40,000 deliveries/s are more JSON than one process parses in time. */
const WORKERS = Number(process.env.BENCH_FANOUT_WORKERS ?? 4);

function startWorker(split: boolean): { child: ChildProcess; next<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>> } {
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
        child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
      }),
  };
}

/**
 * Runs one load: `clients` sockets spread round-robin over `nodes` and over client processes,
 * `senders` of them (spread over the nodes too) sending RATE commands/s; WARMUP_SECONDS of
 * sending, then `seconds` measured (commands sent in that window).
 */
async function run(label: string, nodes: TestServer[], clients: number, senders: number, seconds: number): Promise<Result> {
  // one node: the clients on their own core; two nodes: one core each, the clients wherever
  const split = nodes.length === 1;
  const owner = `g${crypto.randomBytes(6).toString('hex')}`;
  const code = await newBoard(nodes[0]!, owner);
  const all: WorkerClient[] = Array.from({ length: clients }, (_, i) => ({
    url: httpUrl(nodes[i % nodes.length]!),
    uid: `c${i}-${owner}`,
    sender: i < senders,
    phase: i < senders ? i / senders : 0,
  }));
  const workers = Array.from({ length: Math.min(WORKERS, clients) }, () => startWorker(split));
  try {
    workers.forEach((w, k) => w.child.send({ type: 'start', code, clients: all.filter((_, i) => i % workers.length === k), rate: RATE } satisfies ToWorker));
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
    const serverCpu = cpuBefore.every((c) => c !== null) && cpuAfter.every((c) => c !== null) ? cpuAfter.reduce((t, c, i) => t + c! - cpuBefore[i]!, 0) : null;
    const latencies = parts.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const acks = parts.flatMap((r) => r.acks).sort((a, b) => a - b);
    const sent = parts.reduce((n, r) => n + r.sent, 0);
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
    };
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
  }
}

const results: Result[] = [];
const cpus = os.cpus().length;
const load = os.loadavg()[0]!.toFixed(1);
const LOAD_LABEL = `${CLIENTS} clients, ${SENDERS} senders × ${RATE}/s`;
const PER_TURN_LABEL = `${LOAD_LABEL}, baseline: a write every event-loop turn (HUB_FLUSH_MS=0)`;
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const us = (x: number | null) => (x !== null && Number.isFinite(x) ? x.toFixed(1) : '–');
const show = (r: Result) =>
  console.log(
    `${r.label} on ${r.nodes} node(s): ${r.delivered}/${r.expected} delivered, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms${r.p99s ? ` (runs: ${r.p99s.map(ms).join(', ')})` : ''}, max ${ms(r.max)} ms, ` +
      `ack p50 ${ms(r.ackP50)} / p99 ${ms(r.ackP99)} ms, CPU per delivery: nodes ${us(r.serverUsPerDelivery)} µs, clients ${us(r.clientUsPerDelivery)} µs, missing ${r.missing}`,
  );

if (process.env.BENCH_FANOUT_URL) {
  // a node you started yourself (e.g. under --cpu-prof): one load, printed, docs untouched
  const external = { port: Number(new URL(process.env.BENCH_FANOUT_URL).port) } as TestServer;
  pinNode(external);
  show(await run(LOAD_LABEL, [external], CLIENTS, SENDERS, SECONDS));
  process.exit(0);
}

const db = await freshDatabase('tabula_fanout');
const env = { DATABASE_URL: db.url, REDIS_URL, JOBS: 'off', LOG_LEVEL: 'warn' };
let a: TestServer | null = null;
let b: TestServer | null = null;
try {
  const light = Math.max(1, Math.round(SENDERS / 4));
  a = await startServer(env);
  pinNode(a);
  results.push(await run('baseline: 1 sender → 1 receiver', [a], 2, 1, Math.min(SECONDS, 5)));
  results.push(await run(`${CLIENTS} clients, ${light} senders × ${RATE}/s (a quarter of the load)`, [a], CLIENTS, light, Math.min(SECONDS, 8)));
  {
    const one = a;
    results.push(await repeated(() => run(LOAD_LABEL, [one], CLIENTS, SENDERS, SECONDS)));
  }
  const perTurn = await startServer({ ...env, HUB_FLUSH_MS: '0' });
  pinNode(perTurn);
  try {
    results.push(await repeated(() => run(PER_TURN_LABEL, [perTurn], CLIENTS, SENDERS, SECONDS)));
  } finally {
    await perTurn.kill();
  }
  if (TWO_NODES) {
    b = await startServer(env);
    // two hosts, one node each: a stays on the nodes' core(s), b takes the clients' core, and the
    // clients run wherever the scheduler puts them
    pinNode(b, SPLIT?.clients);
    results.push(await run('baseline: 1 sender → 1 receiver (other node)', [a, b], 2, 1, Math.min(SECONDS, 5)));
    results.push(await run(`${CLIENTS} clients, ${light} senders × ${RATE}/s (a quarter of the load)`, [a, b], CLIENTS, light, Math.min(SECONDS, 8)));
    const [one, two] = [a, b];
    results.push(await repeated(() => run(LOAD_LABEL, [one, two], CLIENTS, SENDERS, SECONDS)));
  }
} finally {
  await b?.kill();
  await a?.kill();
  await db.drop();
}
results.forEach(show);

const goal = (r: Result) => (r.label !== LOAD_LABEL ? '' : r.nodes === 1 ? (r.p99 < 50 ? 'met (< 50)' : 'missed (< 50)') : r.p99 < 80 ? 'met (< 80)' : 'missed (< 80)');
/** What the measured CPU cost says about the full load, independent of this run's contention. */
function capacity(): string {
  const full = results.find((r) => r.nodes === 1 && r.label === LOAD_LABEL);
  if (!full || full.serverUsPerDelivery === null) return '';
  const perSecond = SENDERS * RATE * (CLIENTS - 1);
  const share = (full.serverUsPerDelivery * perSecond) / 1e6;
  const clientsShare = (full.clientUsPerDelivery * perSecond) / 1e6;
  return (
    `CPU per delivery is the node processes' CPU time (and the client processes') during the run divided by the commands ` +
    `delivered: it includes the append (validation, access check, PostgreSQL) spread over the ${CLIENTS - 1} receivers. ` +
    `At ${us(full.serverUsPerDelivery)} µs, the full load (${perSecond.toLocaleString('en-US')} deliveries/s) needs ` +
    `${(share * 100).toFixed(0)} % of one core on the node, and the clients ${(clientsShare * 100).toFixed(0)} % more. ` +
    `When the run cannot get that much CPU (here: ${SPLIT ? `core ${SPLIT.nodes} for the node, shared with PostgreSQL and Redis` : `${cpus} cores shared with PostgreSQL, Redis and the clients`}, ` +
    `and whatever else runs), commands queue and the latencies measure the queue. ` +
    (results.every((r) => r.missing === 0)
      ? 'Every client received every stored command but its own, exactly as many as expected, once the backlog drained.'
      : `Deliveries still missing a minute after sending stopped: ${results.map((r) => r.missing).join(', ')} (per row).`)
  );
}

const rows = results.map(
  (r) =>
    `| ${r.nodes} | ${r.label} | ${r.sent} | ${r.delivered.toLocaleString('en-US')} / ${r.expected.toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.p99s ? r.p99s.map(ms).join(', ') : ''} | ${ms(r.max)} | ${ms(r.ackP50)} / ${ms(r.ackP99)} | ${us(r.serverUsPerDelivery)} / ${us(r.clientUsPerDelivery)} | ${goal(r)} |`,
);
report(
  'fanout',
  `## Realtime fan-out (bench/fanout.bench.ts)

${CLIENTS} hub clients on one board, ${SENDERS} of them sending ${RATE} commands/s each for ${SECONDS} s (after ${WARMUP_SECONDS} s of
warm-up); the full-load rows are each the median (by p99) of ${REPEAT} runs, every run's p99 shown. The clients speak the nes protocol over bare
websockets and read each event's send time from its raw frame (bench/lean-hub-client.ts), so the load generator costs less than the node. Latency = sender's sendCommand call → onCommand at another client (one machine, one clock); ack =
the sendCommand answer. Nodes are \`tsx platform/main.ts\` processes on PostgreSQL; two nodes share it and the
Redis bus, clients and senders split evenly (the baseline's receiver sits on the other node). The clients run in
${WORKERS} processes on the same machine as the nodes (${cpus} cores; load average ${load} when the run
started, ${os.loadavg()[0]!.toFixed(1)} when it ended). ${
    SPLIT
      ? `The machine is split with \`taskset\`: with one node, the client processes (standing in for the users' machines) run on core ${SPLIT.clients} and the node on core ${SPLIT.nodes}; with two, each node has a core of its own (${SPLIT.nodes} and ${SPLIT.clients}) and the clients run where the scheduler puts them. PostgreSQL and Redis run where the scheduler puts them. Loopback TCP still charges each delivery's receive work to the sending node.`
      : 'The clients share the CPU with the nodes, so their JSON parsing competes with the nodes and is part of the figures.'
  } Nodes flush their websocket writes at most every 5 ms (HUB_FLUSH_MS); the baseline row below is the same load on a node that writes every event-loop turn.

${capacity()}

| nodes | load | commands | deliveries (got / expected) | p50 ms | p99 ms | p99 of each run ms | max ms | ack p50 / p99 ms | CPU µs per delivery: nodes / clients | goal p99 |
|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---|
${rows.join('\n')}`,
);
process.exit(0);
