/**
 * Flood: what one node answers to everyone else while guest sockets flood it with commands
 * (issue 9, finding 8: 20,000 commands from one guest socket were all accepted and /health
 * stalled). In the same run, on the same PostgreSQL database:
 *
 *  - at rest: /health probed every 50 ms and an honest member appending one command every 100 ms
 *    on its own board (ack latency);
 *  - under a flood: the same probes while FLOODERS guest sockets, each on a board of its own, send
 *    RATE sendCommand frames per second each, whatever the answers;
 *
 * on a node with the default abuse limits and, as the baseline, on a node whose rate limits are
 * raised out of reach (LIMIT_* env), where every flooded command the socket's queue takes is appended;
 *  - and on the default node, a one-address flood (issue 26): ADDRESS_SOCKETS guest sockets from
 *    one client address (X-Forwarded-For through the loopback proxy, TRUSTED_PROXIES=loopback),
 *    each with its own uid and board, ADDRESS_RATE commands per second each: the per-address
 *    budgets hold them all together to one guest budget while the quiet member (another address,
 *    another board) is probed.
 *
 * Nodes are real processes (`tsx platform/main.ts`) on a fresh PostgreSQL database (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres); with `taskset` the node runs on core 0 and this
 * process (the clients) on the last core. BENCH_FLOOD_SECONDS sets each phase's length (default 8).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { startServer, type BenchServer } from './support/server';
import { freshDatabase } from './support/database';
import { pause } from './support/time';
import { LeanHubClient } from './lean-hub-client';
import { report } from './report';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const FLOODERS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 4);
/** sendCommand frames per second per flooding socket (the issue measured ~2,500 accepted per second from one socket) */
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 2_500);
const ADDRESS_SOCKETS = Number(process.env.BENCH_FLOOD_ADDRESS_SOCKETS ?? 40);
/** per socket: 40 × 25 = 1,000 commands/s from one address (the issue measured 40 sockets writing ~530/s to one board) */
const ADDRESS_RATE = Number(process.env.BENCH_FLOOD_ADDRESS_RATE ?? 25);
/** the flooding client's address (documentation range) */
const FLOOD_ADDRESS = '203.0.113.9';
const HEALTH_EVERY_MS = 50;
const APPEND_EVERY_MS = 100;

/** Rates out of reach: the node behaves as before the limits (the frame and command size caps stay). */
const RAISED = {
  LIMIT_HUB_FRAMES: '100000000/5',
  LIMIT_COMMANDS_SOCKET: '100000000/5',
  LIMIT_COMMANDS_USER: '100000000/5',
  LIMIT_GUEST_COMMANDS_ADDRESS: '100000000/5',
  LIMIT_COMMANDS_BOARD: '100000000/5',
  BOARD_MAX_SHAPES: '100000000',
};
/** the honest member's client address (another documentation range than the flood's): it never shares the flood's address budget */
const HONEST_ADDRESS = '198.51.100.7';

const cores = os.cpus().length;
const SPLIT =
  cores >= 2 && process.env.BENCH_FLOOD_SPLIT !== '0' && spawnSync('taskset', ['-V']).status === 0
    ? { node: '0', clients: String(cores - 1) }
    : null;
if (SPLIT) spawnSync('taskset', ['-a', '-p', '-c', SPLIT.clients, String(process.pid)], { stdio: 'ignore' });

function pinNode(port: number): void {
  if (!SPLIT) return;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('platform/main.ts')) continue;
      if (!`\0${fs.readFileSync(`/proc/${pid}/environ`, 'utf8')}`.includes(`\0PORT=${port}\0`)) continue;
      spawnSync('taskset', ['-a', '-p', '-c', SPLIT.node, pid], { stdio: 'ignore' });
    } catch {
      /* gone meanwhile */
    }
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const httpUrl = (node: BenchServer) => `http://127.0.0.1:${node.port}`;

async function newBoard(node: BenchServer, uid: string): Promise<string> {
  const res = await fetch(`${httpUrl(node)}/api/boards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Uid: uid }),
  });
  if (res.status !== 200) throw new Error(`board not created: ${res.status}`);
  return ((await res.json()) as { code: string }).code;
}

function command(uid: string, n: number) {
  const id = `${uid.slice(0, 6)}-${n}-${crypto.randomBytes(3).toString('hex')}`;
  const ts = Date.now();
  return {
    id,
    uid,
    status: 'normal',
    timestamp: ts,
    cmd: 'rectangle',
    shape: { id: `s-${id}`, cmd: 'rectangle', uid, timestamp: ts, x: n % 800, y: n % 600, w: 40, h: 30, stroke: '#000000', lineWidth: 2 },
  };
}

/** A member on a board of its own: joined, ready to append (`from`: its client address, else the loopback's). */
async function member(node: BenchServer, from?: string): Promise<{ hub: LeanHubClient; code: string; uid: string }> {
  const uid = crypto.randomBytes(16).toString('hex');
  const code = await newBoard(node, uid);
  const hub = await LeanHubClient.connect(httpUrl(node), { from });
  await hub.call('joinBoard', null, code, null, { uid, name: 'bench' });
  return { hub, code, uid };
}

interface Probes {
  health: number[];
  healthFailed: number;
  acks: number[];
  ackFailed: number;
}

/** /health every HEALTH_EVERY_MS and an honest append every APPEND_EVERY_MS, for `ms`. */
async function probe(node: BenchServer, honest: { hub: LeanHubClient; code: string; uid: string }, ms: number): Promise<Probes> {
  const out: Probes = { health: [], healthFailed: 0, acks: [], ackFailed: 0 };
  const until = performance.now() + ms;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = http.get(`${httpUrl(node)}/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', () => resolve(0));
      });
      if (status === 200) out.health.push(performance.now() - t);
      else out.healthFailed++;
      await pause(HEALTH_EVERY_MS);
    }
  })();
  const appends = (async () => {
    let n = 0;
    while (performance.now() < until) {
      const t = performance.now();
      try {
        await honest.hub.call('sendCommand', honest.code, command(honest.uid, n++));
        out.acks.push(performance.now() - t);
      } catch {
        out.ackFailed++;
      }
      await pause(APPEND_EVERY_MS);
    }
  })();
  await Promise.all([health, appends]);
  agent.destroy();
  return out;
}

interface Flood {
  sent: number;
  accepted: number;
  refused: number;
  /** calls never answered (dropped by the node) or failed otherwise */
  unanswered: number;
}

/**
 * `count` guests (FLOODERS), each on a board of its own, each sending `rate` (RATE) sendCommand
 * frames per second whatever the answers (an attacker does not wait for them), until `stop`;
 * all from the address `from` when given.
 */
async function flood(node: BenchServer, count = FLOODERS, rate = RATE, from?: string): Promise<{ stop(): Promise<Flood> }> {
  const totals: Flood = { sent: 0, accepted: 0, refused: 0, unanswered: 0 };
  let running = true;
  const sockets = await Promise.all(Array.from({ length: count }, () => member(node, from)));
  const loops = sockets.map(async ({ hub, code, uid }) => {
    let n = 0;
    // every 10 ms, or less often for rates under 100/s
    const tickMs = Math.max(10, Math.round(1000 / rate));
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    while (running) {
      for (let i = 0; i < perTick; i++) {
        totals.sent++;
        hub.call('sendCommand', code, command(uid, n++)).then(
          () => totals.accepted++,
          (err: { statusCode?: number }) => (err.statusCode === 429 ? totals.refused++ : totals.unanswered++),
        );
      }
      await pause(tickMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      // what is still unanswered a second later was dropped
      await pause(1_000);
      await Promise.all(sockets.map((s) => s.hub.close()));
      return totals;
    },
  };
}

interface Row {
  node: string;
  phase: string;
  probes: Probes;
  flood?: Flood;
  seconds: number;
}

async function measure(label: string, node: BenchServer, oneAddress = false): Promise<Row[]> {
  pinNode(node.port);
  const honest = await member(node, HONEST_ADDRESS);
  // warm-up: the honest path and the probes once
  await probe(node, honest, 1_000);
  const rest = await probe(node, honest, SECONDS * 1000);
  const f = await flood(node);
  const t = performance.now();
  const under = await probe(node, honest, SECONDS * 1000);
  const totals = await f.stop();
  const seconds = (performance.now() - t) / 1000;
  const rows: Row[] = [
    { node: label, phase: 'at rest', probes: rest, seconds: SECONDS },
    {
      node: label,
      phase: `under a flood: ${FLOODERS} guest sockets × ${RATE.toLocaleString('en-US')} commands/s`,
      probes: under,
      flood: totals,
      seconds,
    },
  ];
  if (oneAddress) {
    await pause(1_000);
    const quiet = await probe(node, honest, SECONDS * 1000);
    const f1 = await flood(node, ADDRESS_SOCKETS, ADDRESS_RATE, FLOOD_ADDRESS);
    const t1 = performance.now();
    const underOne = await probe(node, honest, SECONDS * 1000);
    const totals1 = await f1.stop();
    rows.push(
      { node: label, phase: 'at rest (again)', probes: quiet, seconds: SECONDS },
      {
        node: label,
        phase: `under a one-address flood: ${ADDRESS_SOCKETS} guest sockets from one address × ${ADDRESS_RATE.toLocaleString('en-US')} commands/s`,
        probes: underOne,
        flood: totals1,
        seconds: (performance.now() - t1) / 1000,
      },
    );
  }
  await honest.hub.close();
  return rows;
}

const db = await freshDatabase('tabula_flood');
const env = { DATABASE_URL: db.url, REDIS_URL: '', JOBS: 'off', LOG_LEVEL: 'warn' };
const load = os.loadavg()[0]!.toFixed(1);
const rows: Row[] = [];
try {
  // the default node trusts the loopback proxy: the one-address flood names its address in X-Forwarded-For
  const limited = await startServer({ ...env, TRUSTED_PROXIES: 'loopback' });
  try {
    rows.push(...(await measure('default limits', limited, true)));
  } finally {
    await limited.kill();
  }
  const raised = await startServer({ ...env, ...RAISED });
  try {
    rows.push(...(await measure('baseline: rate limits raised out of reach', raised)));
  } finally {
    await raised.kill();
  }
} finally {
  await db.drop();
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${ms(percentile(s, 0.5))} / ${ms(percentile(s, 0.99))} / ${ms(s.at(-1) ?? NaN)}`;
};
const perSecond = (n: number, seconds: number) => Math.round(n / seconds).toLocaleString('en-US');
for (const r of rows) {
  console.log(
    `${r.node}, ${r.phase}: /health p50/p99/max ${stats(r.probes.health)} ms (${r.probes.health.length} ok, ${r.probes.healthFailed} failed); ` +
      `honest append ack ${stats(r.probes.acks)} ms (${r.probes.acks.length} ok, ${r.probes.ackFailed} failed)` +
      (r.flood
        ? `; flood ${perSecond(r.flood.sent, r.seconds)}/s sent, ${perSecond(r.flood.accepted, r.seconds)}/s accepted, ${perSecond(r.flood.refused, r.seconds)}/s refused (429), ${perSecond(r.flood.unanswered, r.seconds)}/s unanswered`
        : ''),
  );
}
const table = rows.map(
  (r) =>
    `| ${r.node} | ${r.phase} | ${stats(r.probes.health)} | ${r.probes.healthFailed} | ${stats(r.probes.acks)} | ${r.probes.ackFailed} | ${r.flood ? `${perSecond(r.flood.sent, r.seconds)} / ${perSecond(r.flood.accepted, r.seconds)} / ${perSecond(r.flood.refused, r.seconds)} / ${perSecond(r.flood.unanswered, r.seconds)}` : ''} |`,
);
report(
  'flood',
  `## Flood: /health and another board under a command flood (bench/flood.bench.ts)

One node (the built server, \`node build/main.js\`, PostgreSQL${SPLIT ? `; the node on core ${SPLIT.node}, the clients on core ${SPLIT.clients}` : ''}; ${cores} cores, load average ${load} at the start).
Probes, in the same run: GET /health every ${HEALTH_EVERY_MS} ms, and an honest member appending one command every ${APPEND_EVERY_MS} ms on a board of its own
(sendCommand ack; a guest from its own client address, ${HONEST_ADDRESS}, through the loopback proxy), for ${SECONDS} s at rest and ${SECONDS} s while ${FLOODERS} guest sockets, each on its own board, send ${RATE.toLocaleString('en-US')} sendCommand frames per second each, whatever the answers.
The baseline node raises the rate limits out of reach (\`${Object.entries(RAISED)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}\`): no budget refuses anything
(the frame size cap and the per-socket fairness — 4 frames of a socket handled at once, ≤ 256 waiting, the rest answered 429, platform/realtime/frame-guard.ts — stay on).
On the default node, then, ${ADDRESS_SOCKETS} guest sockets from one client address (X-Forwarded-For from the loopback proxy; each its own uid and board) send ${ADDRESS_RATE.toLocaleString('en-US')} sendCommand frames per second each: the per-address budgets (LIMIT_GUEST_COMMANDS_ADDRESS, LIMIT_HUB_SOCKETS_ADDRESS, LIMIT_HUB_OPENS_ADDRESS) hold them together.
Goal: under a flood with the default limits, /health and the honest member's appends keep their at-rest latency (same order of magnitude, none failed).

| node | phase | /health p50 / p99 / max ms | /health failed | honest append ack p50 / p99 / max ms | appends failed | flood commands/s: sent / accepted / refused (429) / unanswered (dropped) |
|---|---|---:|---:|---:|---:|---:|
${table.join('\n')}`,
);
process.exit(0);
