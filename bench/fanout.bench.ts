/**
 * Fan-out: 200 nes clients on one board, 20 of them sending 10 commands/s each (200 commands/s,
 * ~40,000 deliveries/s). Delivery latency = from the sender's sendCommand call to the arrival of
 * onCommand at another client (all clients live in this process, so one clock). Measured on one
 * node, then on two nodes sharing PostgreSQL with the Redis bus (100 clients and 10 senders on
 * each). Goals: p99 < 50 ms on one node, < 80 ms on two.
 * Baseline in the same run: one sender and one receiver on an idle node.
 *
 * Nodes are real processes (`tsx platform/main.ts`) on a fresh PostgreSQL database
 * (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL or
 * redis://127.0.0.1:6379). BENCH_FANOUT_SECONDS sets the measured time (default 15).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startServer, type TestServer } from '../tests/e2e/support/server';
import { HubClient, pause } from '../tests/helpers/hub';
import type { Command } from '../shared/model';
import { report } from './report';

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 200);
const SENDERS = Number(process.env.BENCH_FANOUT_SENDERS ?? 20);
const RATE = 10; // commands per second per sender
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const BASE_DB = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
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
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tabula_fanout_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_DB });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_DB);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BASE_DB });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const httpUrl = (node: TestServer) => `http://127.0.0.1:${node.port}`;

async function newBoard(node: TestServer, uid: string): Promise<string> {
  const res = await fetch(`${httpUrl(node)}/api/boards`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Uid: uid }) });
  if (res.status !== 200) throw new Error(`board not created: ${res.status}`);
  return ((await res.json()) as { code: string }).code;
}

let counter = 0;
function command(uid: string): Command {
  const id = `b${++counter}-${crypto.randomBytes(4).toString('hex')}`;
  const now = Date.now();
  return { id, uid, status: 'normal', timestamp: now, cmd: 'rectangle', shape: { id: `s-${id}`, cmd: 'rectangle', uid, timestamp: now, x: counter % 1000, y: 10, w: 40, h: 30, stroke: '#000000', lineWidth: 2 } } as Command;
}

/**
 * Runs one load: `clients` sockets spread round-robin over `nodes`, the first `senders` of
 * them sending RATE commands/s for WARMUP_SECONDS + `seconds`; latencies of the warm-up are dropped.
 */
async function run(label: string, nodes: TestServer[], clients: number, senders: number, seconds: number): Promise<Result> {
  const owner = `g${crypto.randomBytes(6).toString('hex')}`;
  const code = await newBoard(nodes[0]!, owner);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const acks: number[] = [];
  let measuring = false;
  let delivered = 0;

  const hubs: HubClient[] = [];
  for (let i = 0; i < clients; i++) {
    const hub = await HubClient.connect(httpUrl(nodes[i % nodes.length]!));
    await hub.call('joinBoard', null, code, null, { uid: `c${i}-${owner}`, name: `Client ${i}` });
    hub.client.onUpdate = (message) => {
      const m = message as { event: string; data: { id?: string } };
      if (m.event !== 'onCommand' || !m.data?.id) return;
      const t0 = sentAt.get(m.data.id);
      if (t0 === undefined) return;
      if (measuring) {
        latencies.push(performance.now() - t0);
        delivered++;
      }
    };
    hubs.push(hub);
  }
  await pause(500);

  let sent = 0;
  let stop = false;
  const senderLoops = hubs.slice(0, senders).map(async (hub, i) => {
    const uid = `c${i}-${owner}`;
    await pause((1000 / RATE) * (i / senders)); // senders evenly out of phase
    let next = performance.now();
    while (!stop) {
      const c = command(uid);
      const t0 = performance.now();
      sentAt.set(c.id, t0);
      const counted = measuring;
      if (counted) sent++;
      hub
        .call('sendCommand', code, c)
        .then(() => counted && acks.push(performance.now() - t0))
        .catch(() => {});
      next += 1000 / RATE;
      await pause(Math.max(0, next - performance.now()));
    }
  });

  await pause(WARMUP_SECONDS * 1000);
  measuring = true;
  await pause(seconds * 1000);
  // commands sent until now still count; let their deliveries arrive
  const sentMeasured = sent;
  stop = true;
  await Promise.all(senderLoops);
  measuring = false;
  // deliveries of the last measured commands may still be in flight: give them a moment
  const before = Date.now();
  while (Date.now() - before < 3000 && delivered < sentMeasured * (clients - 1)) await pause(100);
  await Promise.all(hubs.map((h) => h.close()));

  latencies.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    label,
    nodes: nodes.length,
    clients,
    sent: sentMeasured,
    delivered,
    expected: sentMeasured * (clients - 1),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    ackP50: percentile(acks, 0.5),
    ackP99: percentile(acks, 0.99),
  };
}

const results: Result[] = [];
const db = await freshDatabase();
const env = { DATABASE_URL: db.url, REDIS_URL, JOBS: 'off', LOG_LEVEL: 'warn' };
let a: TestServer | null = null;
let b: TestServer | null = null;
try {
  a = await startServer(env);
  results.push(await run('baseline: 1 sender → 1 receiver', [a], 2, 1, Math.min(SECONDS, 5)));
  results.push(await run(`${CLIENTS} clients, ${SENDERS} senders × ${RATE}/s`, [a], CLIENTS, SENDERS, SECONDS));
  if (TWO_NODES) b = await startServer(env);
  if (b) results.push(await run('baseline: 1 sender → 1 receiver (other node)', [a, b], 2, 1, Math.min(SECONDS, 5)));
  if (b) results.push(await run(`${CLIENTS} clients, ${SENDERS} senders × ${RATE}/s`, [a, b], CLIENTS, SENDERS, SECONDS));
} finally {
  await b?.kill();
  await a?.kill();
  await db.drop();
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const goal = (r: Result) => (r.clients < CLIENTS ? '' : r.nodes === 1 ? (r.p99 < 50 ? 'met (< 50)' : 'missed (< 50)') : r.p99 < 80 ? 'met (< 80)' : 'missed (< 80)');
const rows = results.map(
  (r) =>
    `| ${r.nodes} | ${r.label} | ${r.sent} | ${r.delivered.toLocaleString('en-US')} / ${r.expected.toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.ackP50)} / ${ms(r.ackP99)} | ${goal(r)} |`,
);
report(
  'fanout',
  `## Realtime fan-out (bench/fanout.bench.ts)

${CLIENTS} nes clients on one board, ${SENDERS} of them sending ${RATE} commands/s each for ${SECONDS} s (after ${WARMUP_SECONDS} s of
warm-up). Latency = sender's sendCommand call → onCommand at another client (same process, one clock); ack =
the sendCommand answer. Nodes are \`tsx platform/main.ts\` processes on PostgreSQL; two nodes share it and the
Redis bus, clients and senders split evenly (the baseline's receiver sits on the other node). All clients run in
the bench process on the same machine as the nodes, so their JSON parsing is part of the figures.

| nodes | load | commands | deliveries (got / expected) | p50 ms | p99 ms | max ms | ack p50 / p99 ms | goal p99 |
|---:|---|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}`,
);
process.exit(0);
