/**
 * Join: what opening a board costs — server time and bytes of GET /api/boards/{code}/commands —
 * for a board of 10k commands and one of 100k commands with the SAME 10k live shapes (the
 * second one's extra 90k commands are moves). Both have a snapshot and a tail of commands after
 * it (as the background refresh leaves it). Goal: < 300 ms, and 100k/10k ratio ≤ 1.2: the join
 * costs the size of the board, not of its history.
 *
 * Real PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created and dropped. Boards are seeded with multi-row inserts.
 */
import { createBoard } from '../platform/boards/service';
import { refreshSnapshot } from '../platform/boards/snapshots';
import { insertUser } from '../platform/users/repo';
import { signAccessToken } from '../platform/core/auth';
import type { Command } from '../shared/model';
import { benchPlatform } from './platform';
import { report } from './report';

const SHAPES = 10_000;
const TAIL = 250;
const RUNS = Number(process.env.BENCH_JOIN_RUNS ?? 9);
const bench = await benchPlatform();
const { name, db, config, platform, app } = bench;

/**
 * The i-th command of a board's history: SHAPES adds of mixed kinds, then moves of those shapes
 * (each shape moved there and back, so both boards end with the same shapes). Shapes are added
 * with modifiedBy/modifiedTimestamp, which the moves set: the live shapes are the same size on
 * both boards, and only the history differs.
 */
function commandAt(uid: string, i: number): Command {
  const t = 1_700_000_000_000 + i;
  if (i < SHAPES) {
    const id = `shape-${i}`;
    const x = (i % 100) * 60;
    const y = Math.floor(i / 100) * 60;
    const common = { id, uid, timestamp: t, modifiedBy: uid, modifiedTimestamp: t };
    const shape =
      i % 3 === 0
        ? { ...common, cmd: 'rectangle', x, y, w: 50, h: 40, stroke: '#1e88e5', lineWidth: 2 }
        : i % 3 === 1
          ? { ...common, cmd: 'stickyNote', text: `note ${i}`, x, y, w: 170, h: 170, color: '#feff9c', size: 'M', fontSize: 35 }
          : {
              ...common,
              cmd: 'pen',
              points: [x, y, x + 5, y + 3, x + 9, y + 8, x + 14, y + 10],
              color: '#000000',
              lineWidth: 2,
              type: 'pen',
            };
    return { id: `cmd-${i}`, uid, status: 'normal', timestamp: t, cmd: shape.cmd, shape } as Command;
  }
  const back = Math.floor((i - SHAPES) / SHAPES) % 2 === 1;
  return {
    id: `cmd-${i}`,
    uid,
    status: 'normal',
    timestamp: t,
    cmd: 'reposition',
    shapePositions: [{ shape: `shape-${i % SHAPES}`, x: back ? -1 : 1, y: 0 }],
  } as Command;
}

async function seed(boardId: string, uid: string, from: number, to: number): Promise<void> {
  const CHUNK = 1000;
  for (let start = from; start < to; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + CHUNK); i++) {
      const c = commandAt(uid, i);
      rows.push({
        board_id: boardId,
        seq: i + 1,
        client_id: c.id,
        uid,
        kind: c.cmd,
        payload: JSON.stringify(c),
        shape_ids: db.raw('?::text[]', [`{shape-${i % SHAPES}}`]),
      });
    }
    await db('commands').insert(rows);
  }
  await db('boards').where({ id: boardId }).update({ last_seq: to });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const user = await insertUser(db, { username: `${name}@example.com`, passwordHash: null, displayName: 'Bench' });
  const actor = { userId: user.id, uid: user.id, claims: null };
  const token = signAccessToken(config, { sub: user.id, id: user.id, role: [], plan: 'essential', lang: 'en', qty: 1 });
  const boards: Array<{ total: number; code: string; snapshotMs: number; historyBytes: number; times: number[]; bytes: number }> = [];
  for (const total of [10_000, 100_000]) {
    const { code, id } = await createBoard(app, actor);
    await seed(id, user.id, 0, total - TAIL);
    const t = performance.now();
    await refreshSnapshot(db, id);
    const snapshotMs = performance.now() - t;
    await seed(id, user.id, total - TAIL, total);
    const historyBytes = Number(
      (await db('commands')
        .where({ board_id: id })
        .sum({ n: db.raw('octet_length(payload::text)') })
        .first())!.n,
    );
    boards.push({ total, code, snapshotMs, historyBytes, times: [], bytes: 0 });
  }
  // the two boards' joins alternate, so both see the same machine load
  for (let run = 0; run < RUNS + 1; run++) {
    for (const b of boards) {
      const t = performance.now();
      const res = await platform.server.inject({ url: `/api/boards/${b.code}/commands`, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`join answered ${res.statusCode}`);
      b.bytes = Number(res.headers['content-length']);
      if (run === 0) {
        // warm-up run (not timed); check the body once
        const body = JSON.parse(res.payload);
        if (!body.snapshot || body.commands.length !== TAIL) throw new Error('unexpected join body');
      } else b.times.push(ms);
    }
  }
  const rows = boards.map((b) => ({
    total: b.total,
    ms: median(b.times),
    bytes: b.bytes,
    snapshotMs: b.snapshotMs,
    historyBytes: b.historyBytes,
  }));
  for (const b of boards)
    console.log(
      `${b.total} commands: join ${median(b.times).toFixed(0)} ms (runs ${b.times.map((x) => x.toFixed(0)).join(', ')}), ${b.bytes} bytes; snapshot build ${b.snapshotMs.toFixed(0)} ms`,
    );
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const ratio = large.ms / small.ms;
  report(
    'join',
    `## Join: opening a board (GET /api/boards/{code}/commands)

Two boards with the same ${SHAPES.toLocaleString('en')} live shapes (rectangles, sticky notes, pen strokes); the second's history
has 90,000 more commands (each shape moved there and back). Each has a snapshot and a tail of ${TAIL} commands after it (as the
background refresh leaves a board). Server time is the median of ${RUNS} requests through hapi (access check, board info, snapshot
and tail read, response streamed), the two boards' requests alternating; real PostgreSQL.

| board | join time | bytes sent | whole history (for comparison) | snapshot build (background) |
|---|---|---|---|---|
| 10,000 commands | ${small.ms.toFixed(0)} ms | ${(small.bytes / 1e6).toFixed(2)} MB | ${(small.historyBytes / 1e6).toFixed(2)} MB | ${small.snapshotMs.toFixed(0)} ms |
| 100,000 commands | ${large.ms.toFixed(0)} ms | ${(large.bytes / 1e6).toFixed(2)} MB | ${(large.historyBytes / 1e6).toFixed(2)} MB | ${large.snapshotMs.toFixed(0)} ms |

100k/10k join-time ratio: **${ratio.toFixed(2)}** (goal ≤ 1.2); goal < 300 ms: **${large.ms < 300 && small.ms < 300 ? 'met' : 'not met'}**.`,
  );
} finally {
  await bench.stop();
}
