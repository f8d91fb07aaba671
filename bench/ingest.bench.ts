/**
 * Ingest: persisted commands per second on ONE board through the board service's
 * appendCommand (validation, access check, authorization, seq assignment in the insert's
 * statement, shape index, publish) — and, not part of the goal, WRITERS writers at once, against a plain INSERT loop of the same JSON rows into
 * the same PostgreSQL in the same run. Goal: ratio ≥ 0.5.
 *
 * Real PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created and dropped.
 */
import { appended } from '../platform/boards/appended';
import { appendCommand, createBoard } from '../platform/boards/service';
import { insertUser } from '../platform/users/repo';
import type { Command } from '../shared/model';
import { benchPlatform } from './platform';
import { report } from './report';

const N = Number(process.env.BENCH_INGEST_N ?? 2000);
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
const BLOCK = 50;
/** Writers of the concurrent row: each appends its share of N one command after another. */
const WRITERS = 20;
const bench = await benchPlatform();
const { name, db, app } = bench;

try {
  const user = await insertUser(db, { username: `${name}@example.com`, passwordHash: null, displayName: 'Bench' });
  const actor = { userId: user.id, uid: user.id, claims: null };
  await db.raw(
    'create table plain_inserts (board_id uuid not null, seq bigint not null, client_id text not null, uid text not null, kind text not null, payload jsonb not null, primary key (board_id, seq))',
  );

  const command = (i: number, round: number): Command => {
    const id = `r${round}-${i}`;
    return i % 4 === 0
      ? ({
          id,
          uid: user.id,
          status: 'normal',
          timestamp: Date.now(),
          cmd: 'rectangle',
          shape: {
            id: `s${round}-${i}`,
            cmd: 'rectangle',
            uid: user.id,
            timestamp: Date.now(),
            x: i,
            y: i,
            w: 50,
            h: 40,
            stroke: '#000000',
            lineWidth: 2,
          },
        } as Command)
      : ({
          id,
          uid: user.id,
          status: 'normal',
          timestamp: Date.now(),
          cmd: 'reposition',
          shapePositions: [{ shape: `s${round}-${i - (i % 4)}`, x: 1, y: 1 }],
        } as Command);
  };

  const results: Array<{ service: number; plain: number; concurrent: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { code } = await createBoard(app, actor);
    const boardId = (await db('boards').where({ code }).first('id')).id as string;
    const cmds = Array.from({ length: N }, (_, i) => command(i, round));
    // warm-up outside the timing
    for (let i = 0; i < 20; i++) await appendCommand(app, code, actor, command(N + i, round));

    // interleaved blocks, so both paths see the same machine load
    let serviceMs = 0;
    let plainMs = 0;
    for (let from = 0; from < N; from += BLOCK) {
      const block = cmds.slice(from, from + BLOCK);
      let t = performance.now();
      for (const c of block) await appendCommand(app, code, actor, c);
      serviceMs += performance.now() - t;
      t = performance.now();
      for (const [k, c] of block.entries()) {
        await db('plain_inserts').insert({
          board_id: boardId,
          seq: round * N + from + k + 1,
          client_id: c.id,
          uid: c.uid,
          kind: c.cmd,
          payload: JSON.stringify(c),
        });
      }
      plainMs += performance.now() - t;
    }
    const service = N / (serviceMs / 1000);
    const plain = N / (plainMs / 1000);
    // WRITERS senders at once on a second board: their appends share statements (group commit)
    const other = await createBoard(app, actor);
    const burst = Array.from({ length: N }, (_, i) => command(i, round + ROUNDS));
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = w; i < N; i += WRITERS) await appendCommand(app, other.code, actor, burst[i]!);
      }),
    );
    const concurrent = N / ((performance.now() - t0) / 1000);
    results.push({ service, plain, concurrent });
    console.log(
      `round ${round + 1}: appendCommand ${service.toFixed(0)}/s, plain INSERT ${plain.toFixed(0)}/s, ratio ${(service / plain).toFixed(2)}; ${WRITERS} writers ${concurrent.toFixed(0)}/s`,
    );
  }
  const stored = Number((await db('commands').count('* as n').first())!.n);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const service = median(results.map((r) => r.service));
  const plain = median(results.map((r) => r.plain));
  const ratio = median(results.map((r) => r.service / r.plain));
  const concurrent = median(results.map((r) => r.concurrent));
  // what recording usage adds to an append (the back-office's usage counts, platform/admin/usage):
  // the observers appendCommand calls for each stored command, timed on their own in this run
  const sample = Array.from({ length: 1000 }, (_, i) => command(i, ROUNDS * 2));
  const CALLS = 200_000;
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) appended(app, sample[i % sample.length]!, actor);
  const usageUs = ((performance.now() - t) * 1000) / CALLS;
  const appendUs = 1e6 / service;
  const usageShare = (usageUs / appendUs) * 100;
  console.log(
    `usage recording: ${usageUs.toFixed(2)} µs per append, ${usageShare.toFixed(2)} % of appendCommand's ${appendUs.toFixed(0)} µs`,
  );
  report(
    'ingest',
    `## Ingest: commands persisted per second on one board

One writer, ${N} commands per round (a quarter adds, the rest repositions), ${ROUNDS} rounds, medians; real PostgreSQL
(synchronous commit) on this machine. Baseline: a plain single-row INSERT loop of the same rows into the same database in the same run,
interleaved with the service in blocks of ${BLOCK} so both see the same machine load. Background snapshots (snapshotDue) run during the service's timing.
The last row is not part of the goal: ${WRITERS} writers appending to one board at once, whose appends share statements and WAL flushes
(group commit per board, platform/boards/append-queue.ts).

| path | commands/s |
|---|---|
| appendCommand (validate, access check — rows remembered ≤ 1 s —, authorize, seq in the insert's statement, shape ids, publish) | ${service.toFixed(0)} |
| plain INSERT loop (baseline) | ${plain.toFixed(0)} |
| **ratio** (goal ≥ 0.5) | **${ratio.toFixed(2)}** |
| appendCommand, ${WRITERS} writers at once on one board (group commit) | ${concurrent.toFixed(0)} |

Usage recording (the back-office's command counts, platform/admin/usage: appendCommand's observers, timed on their own over
${CALLS.toLocaleString('en-US')} calls in this run): **${usageUs.toFixed(2)} µs** per append, **${usageShare.toFixed(2)} %** of appendCommand's ${appendUs.toFixed(0)} µs (goal < 5 %).

Rows stored by appendCommand: ${stored} (every one with its own seq, dense per board).`,
  );
} finally {
  await bench.stop();
}
