/**
 * Scale-out, judged by the board each client ends up drawing (scaleout-nodes.test.ts judges the
 * seqs): two platform processes on one PostgreSQL database and one Redis, clients on each node
 * sending a mix of commands — adds, moves, undo of their own moves, the owner's clear and its undo. Every client folds what it holds (its own commands with the seqs and effects it was answered, the
 * others' from onCommand / onReconnected) through shared/reducer in seq order; that must equal the
 * board a fresh visitor opens (snapshot + tail from GET …/commands). Each socket receives each seq
 * at most once, in order.
 *  - a Redis restart while BOTH nodes keep writing: fan-out resumes and nothing is missing;
 *  - a node killed (SIGKILL) mid-stream: its clients reconnect to the other node, its writers
 *    resend what was unanswered (same ids), and every client ends with the same board.
 * Each run uses its own redis-server on a free port (restarting the machine's shared Redis would
 * break other runs). Runs with TEST_DB=pg (PGlite is one process) and a redis-server binary
 * (tests/helpers/suites.ts): listed as skipped in the PGlite pass; a missing service fails in CI
 * and is listed as skipped, with the reason, locally.
 */
import crypto from 'node:crypto';
import { guestKey } from '../../platform/core/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendCommandAnswer } from '../../shared/hub';
import type { Command, Shape } from '../../shared/model';
import { BoardDoc } from '../../shared/reducer';
import { startNodePair, type TestServer } from '../e2e/support/server';
import { allCaughtUp, HubClient, pause, startTestRedis, type TestRedis } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { describeWithServices } from '../helpers/suites';
import { add, clear, move, rect, undo } from './boards-fixtures';

const httpUrl = (node: TestServer) => `http://127.0.0.1:${node.port}`;

/** The board as a fresh visitor opens it: latest snapshot + the commands after it. */
async function served(url: string, code: string, uid: string): Promise<Shape[]> {
  const res = await fetch(`${url}/api/boards/${code}/commands?Uid=${uid}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { snapshot: never; commands: Command[] };
  const doc = new BoardDoc(body.snapshot ?? undefined);
  for (const c of body.commands) doc.apply(c);
  return doc.ordered();
}

/** A guest on the board: its sockets in order, what it sent (with answered seqs), what it was sent. */
class Peer {
  /** the guest's secret roaming uid (what it sends), and its key on the board (what commands carry) */
  readonly secret = crypto.randomBytes(16).toString('hex');
  readonly uid = guestKey(this.secret);
  readonly hubs: HubClient[] = [];
  /** own commands as sent, with the seq they were answered */
  readonly own = new Map<string, Command>();
  private moving: Promise<void> | null = null;
  private shapes: string[] = [];
  private lastMove: string | null = null;
  private cleared: Command | null = null;

  constructor(readonly code: string) {}

  get hub(): HubClient {
    return this.hubs[this.hubs.length - 1]!;
  }

  async join(url: string): Promise<void> {
    const hub = await HubClient.connect(url);
    this.hubs.push(hub);
    await hub.call('joinBoard', null, this.code, null, { uid: this.secret, name: this.uid });
  }

  /** Others' commands this peer was sent, by seq (catch-ups and live). */
  received(): Map<number, Command> {
    const got = new Map<number, Command>();
    for (const hub of this.hubs) {
      for (const e of hub.events) {
        const list =
          e.event === 'onCommand' ? [e.data as Command] : e.event === 'onReconnected' ? (e.data as { commands: Command[] }).commands : [];
        for (const c of list) got.set(c.seq!, c);
      }
    }
    return got;
  }

  /** Every command it holds, by seq: what it was sent, and its own sends with their answers. */
  holds(): Map<number, Command> {
    const all = this.received();
    for (const c of this.own.values()) if (!all.has(c.seq!)) all.set(c.seq!, c);
    return all;
  }

  contiguous(): number {
    const held = this.holds();
    let k = 0;
    while (held.has(k + 1)) k++;
    return k;
  }

  /** The board this peer draws: its commands folded in seq order. */
  board(): Shape[] {
    const doc = new BoardDoc();
    for (const [, c] of [...this.holds()].sort(([x], [y]) => x - y)) doc.apply(c);
    return doc.ordered();
  }

  failover(url: string): Promise<void> {
    this.moving ??= (async () => {
      const hub = await HubClient.connect(url);
      this.hubs.push(hub);
      await hub.call('reconnect', this.code, this.contiguous(), { uid: this.secret, name: this.uid });
    })().finally(() => (this.moving = null));
    return this.moving;
  }

  /** The i-th command of this peer's script: new shapes, moves of its own, undo of its last move. */
  private next(i: number, isOwner: boolean): Command {
    const uid = this.uid;
    // the owner clears, and later undoes the clear: the answer carries the undo's effect (it is
    // never sent its own command back), so its fold ends on the server's board too
    if (isOwner && i === 12) return (this.cleared = clear(uid));
    if (isOwner && i === 20 && this.cleared) return undo(uid, this.cleared.id);
    if (i % 5 === 0 || this.shapes.length === 0) {
      const id = `${uid}-s${i}`;
      this.shapes.push(id);
      return add(uid, rect(id, uid, i * 3, i));
    }
    if (i % 5 === 4 && this.lastMove) {
      const ref = this.lastMove;
      this.lastMove = null;
      return undo(uid, ref);
    }
    const m = move(uid, this.shapes[i % this.shapes.length]!, 1, 2);
    this.lastMove = m.id;
    return m;
  }

  /** Sends `count` commands one after another; on a dropped socket moves to `fallback` and resends the same command. */
  async write(count: number, options: { fallback?: string; gapMs?: number; isOwner?: boolean; from?: number } = {}): Promise<void> {
    const from = options.from ?? 0;
    for (let i = from; i < from + count; i++) {
      const command = this.next(i, !!options.isOwner);
      for (let attempt = 0; ; attempt++) {
        try {
          const answer = await this.hub.call<SendCommandAnswer>('sendCommand', this.code, command);
          this.own.set(answer.id, { ...command, seq: answer.seq, ...(answer.effect ? { effect: answer.effect } : {}) } as Command);
          break;
        } catch (err) {
          const type = (err as { type?: string }).type;
          if (!options.fallback || attempt > 5 || (type !== 'disconnect' && type !== 'ws' && type !== 'timeout')) throw err;
          await this.failover(options.fallback);
        }
      }
      if (options.gapMs) await pause(options.gapMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.hubs.map((h) => h.close()));
  }
}

/** Each socket was sent each seq at most once, in increasing order. */
function expectOrderedOnce(peer: Peer): void {
  for (const [i, hub] of peer.hubs.entries()) {
    const seqs: number[] = [];
    for (const e of hub.events) {
      if (e.event === 'onCommand') seqs.push((e.data as Command).seq!);
      if (e.event === 'onReconnected') for (const c of (e.data as { commands: Command[] }).commands) seqs.push(c.seq!);
    }
    expect(seqs, `${peer.uid} socket ${i}`).toEqual([...new Set(seqs)].sort((x, y) => x - y));
  }
}

async function logOf(url: string, code: string, uid: string): Promise<Array<{ id: string; seq: number }>> {
  const res = await fetch(`${url}/api/boards/${code}/commands?after=0&Uid=${uid}`);
  return ((await res.json()) as { commands: Array<{ id: string; seq: number }> }).commands;
}

async function createBoard(url: string, owner: Peer): Promise<void> {
  const res = await fetch(`${url}/api/boards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Uid: owner.secret }),
  });
  expect(res.status).toBe(200);
  (owner as { code: string }).code = ((await res.json()) as { code: string }).code;
}

await describeWithServices('scale-out: every client ends with the same board', { sharedDatabase: true, redisServer: true }, () => {
  let redis: TestRedis;
  let pair: Awaited<ReturnType<typeof startNodePair>>;
  beforeAll(async () => {
    redis = await startTestRedis();
    pair = await startNodePair(redis.url, 'tabula_state');
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
    await redis?.stop();
  });

  it('Redis restarts while both nodes keep writing: fan-out resumes, nothing missing, same board everywhere', async () => {
    const [a, b] = [httpUrl(pair.a), httpUrl(pair.b)];
    const owner = new Peer('');
    await createBoard(a, owner);
    const code = owner.code;
    const peers = [owner, new Peer(code), new Peer(code), new Peer(code)];
    for (const [i, peer] of peers.entries()) await peer.join(i % 2 ? b : a);
    const [onA1, onB1, onA2, onB2] = peers as [Peer, Peer, Peer, Peer];

    await Promise.all([onA1.write(8, { isOwner: true }), onB1.write(8)]);
    await allCaughtUp(peers, 16);

    await redis.stop();
    // both nodes accept commands while neither hears the other
    await Promise.all([onA1.write(8, { isOwner: true, from: 8 }), onB1.write(8, { from: 8 }), onA2.write(4), onB2.write(4)]);
    await redis.start();
    // what each node accepted during the outage reaches the other (read from the log on resume)
    await allCaughtUp(peers, 40);
    // fan-out through Redis works again: one node alone writes, and nothing on the other node
    // could reveal a gap, so only Redis can bring these over
    await onB1.write(6, { from: 16 });
    await allCaughtUp(peers, 46, 15_000);
    await onA1.write(6, { isOwner: true, from: 16 });
    await allCaughtUp(peers, 52, 15_000);
    await Promise.all([onA2.write(4, { from: 4 }), onB2.write(4, { from: 4 })]);

    const log = await logOf(a, code, owner.secret);
    const total = 16 + 24 + 20;
    expect(log.map((c) => c.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    await allCaughtUp(peers, total);
    await pause(300);
    const board = await served(b, code, owner.secret);
    expect(board.length).toBeGreaterThan(0);
    for (const peer of peers) {
      expectOrderedOnce(peer);
      expect(peer.board(), peer.uid).toEqual(board);
    }
    expect(await served(a, code, owner.secret)).toEqual(board);
    await Promise.all(peers.map((p) => p.close()));
  }, 120_000);

  it('a node killed mid-stream: its clients move to the other node, resend, and end with the same board', async () => {
    const [a, b] = [httpUrl(pair.a), httpUrl(pair.b)];
    const owner = new Peer('');
    await createBoard(a, owner);
    const code = owner.code;
    const onA = [owner, new Peer(code), new Peer(code)];
    const onB = [new Peer(code), new Peer(code), new Peer(code)];
    for (const peer of onA) await peer.join(a);
    for (const peer of onB) await peer.join(b);
    for (const peer of onB) peer.hub.client.onDisconnect = () => void peer.failover(a);

    const PER = 30;
    const writing = [
      owner.write(PER, { fallback: a, gapMs: 15, isOwner: true }),
      onA[1]!.write(PER, { fallback: a, gapMs: 15 }),
      onB[0]!.write(PER, { fallback: a, gapMs: 15 }),
      onB[1]!.write(PER, { fallback: a, gapMs: 15 }),
    ];
    await pause(400);
    await pair.b.kill('SIGKILL');
    await Promise.all(writing);

    const log = await logOf(a, code, owner.secret);
    expect(log).toHaveLength(4 * PER);
    expect(new Set(log.map((c) => c.id)).size).toBe(4 * PER);
    const peers = [...onA, ...onB];
    await allCaughtUp(peers, log.length);
    await pause(300);
    const board = await served(a, code, owner.secret);
    expect(board.length).toBeGreaterThan(0);
    for (const peer of peers) {
      expectOrderedOnce(peer);
      expect(peer.board(), peer.uid).toEqual(board);
      // what each was answered agrees with the log
      for (const c of peer.own.values()) expect(log.find((l) => l.id === c.id)?.seq).toBe(c.seq);
    }
    expect(onB.every((p) => p.hubs.length === 2)).toBe(true);
    await Promise.all(peers.map((p) => p.close()));
    // the killed node comes back and serves the same board
    await pair.b.start();
    expect(await served(b, code, owner.secret)).toEqual(board);
  }, 120_000);
});

describe("one node: the clients' model of the board", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
  });
  afterAll(async () => {
    await p?.stop();
  });

  it("folding own commands (as sent, with their answered seqs) and the others' (as received) gives the served board", async () => {
    const owner = new Peer('');
    await createBoard(p.url, owner);
    const peers = [owner, new Peer(owner.code), new Peer(owner.code)];
    for (const peer of peers) await peer.join(p.url);
    await Promise.all([owner.write(30, { isOwner: true }), peers[1]!.write(30), peers[2]!.write(30)]);
    await allCaughtUp(peers, 90);
    const board = await served(p.url, owner.code, owner.secret);
    expect(board.length).toBeGreaterThan(0);
    for (const peer of peers) {
      expectOrderedOnce(peer);
      expect(peer.board(), peer.uid).toEqual(board);
    }
    await Promise.all(peers.map((peer) => peer.close()));
  });
});
