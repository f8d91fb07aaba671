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
 * Nodes are real processes (the built server, `node build/main.js`) on a fresh PostgreSQL database
 * (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL or
 * redis://127.0.0.1:6379). BENCH_FANOUT_SECONDS sets the measured time (default 15),
 * BENCH_FANOUT_NODES=1 skips the two-node part, BENCH_FANOUT_URL=http://host:port measures a node
 * you started yourself (printed only).
 */
import os from 'node:os';
import { startServer, type BenchServer } from './support/server';
import { freshDatabase } from './support/database';
import {
  CLIENTS,
  ONE_MACHINE_ENV,
  pinNode,
  RATE,
  REDIS_URL,
  repeated,
  REPEAT,
  run,
  SECONDS,
  SENDERS,
  SPLIT,
  TWO_NODES,
  WARMUP_SECONDS,
  WORKERS,
  type Result,
} from './fanout-run';
import { report } from './report';

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
  const external = { port: Number(new URL(process.env.BENCH_FANOUT_URL).port) } as BenchServer;
  pinNode(external);
  show(await run(LOAD_LABEL, [external], CLIENTS, SENDERS, SECONDS));
  process.exit(0);
}

const db = await freshDatabase('tabula_fanout');
const env = { DATABASE_URL: db.url, REDIS_URL, JOBS: 'off', LOG_LEVEL: 'warn', ...ONE_MACHINE_ENV };
let a: BenchServer | null = null;
let b: BenchServer | null = null;
try {
  const light = Math.max(1, Math.round(SENDERS / 4));
  a = await startServer(env);
  pinNode(a);
  results.push(await run('baseline: 1 sender → 1 receiver', [a], 2, 1, Math.min(SECONDS, 5)));
  results.push(
    await run(`${CLIENTS} clients, ${light} senders × ${RATE}/s (a quarter of the load)`, [a], CLIENTS, light, Math.min(SECONDS, 8)),
  );
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
    results.push(
      await run(`${CLIENTS} clients, ${light} senders × ${RATE}/s (a quarter of the load)`, [a, b], CLIENTS, light, Math.min(SECONDS, 8)),
    );
    const [one, two] = [a, b];
    results.push(await repeated(() => run(LOAD_LABEL, [one, two], CLIENTS, SENDERS, SECONDS)));
  }
} finally {
  await b?.kill();
  await a?.kill();
  await db.drop();
}
results.forEach(show);

const goal = (r: Result) =>
  r.label !== LOAD_LABEL ? '' : r.nodes === 1 ? (r.p99 < 50 ? 'met (< 50)' : 'missed (< 50)') : r.p99 < 80 ? 'met (< 80)' : 'missed (< 80)';
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
the sendCommand answer. Nodes are built servers (\`node build/main.js\`) on PostgreSQL; two nodes share it and the
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
