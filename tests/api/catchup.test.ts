/**
 * Catch-up after a reconnect while the board is busy (hub.test.ts covers a quiet board): writers
 * stream commands over their sockets while a reader drops its socket again and again and comes back
 * with reconnect(boardCode, lastSeq) — the last seq it holds without a gap. Commands that arrive
 * while its catch-up is being read are held and sent after it. Each socket gets every seq at most
 * once and in increasing order, and the reader ends holding every seq of the log. Also: the HTTP
 * catch-up (GET …/commands?after=) agrees with the hub's, and a reconnect onto another board leaves
 * the first one.
 */
import { describe, expect, it } from 'vitest';
import { type HubClient, pause } from '../helpers/hub';
import { add, call, guest, newBoard, rect, signedIn, type Who, uidOf } from './boards-fixtures';
import { hubSuite } from './hub-suite';

const s = hubSuite();
const connect = (who?: Who) => s.connect(who);

/** The seqs one socket was sent, in arrival order: its catch-up (onReconnected) and live onCommand. */
function seqsOf(c: HubClient): number[] {
  const seqs: number[] = [];
  for (const e of c.events) {
    if (e.event === 'onReconnected') for (const cmd of (e.data as { commands: Array<{ seq: number }> }).commands) seqs.push(cmd.seq);
    if (e.event === 'onCommand') seqs.push((e.data as { seq: number }).seq);
  }
  return seqs;
}

describe('catch-up while commands keep coming', () => {
  it('a reader that reconnects five times mid-stream ends with every seq; no socket gets one twice or out of order', async () => {
    const { code } = await newBoard(s.p, s.owner);
    const writers = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const who = await signedIn(s.p, { name: `Writer ${i}` });
        const c = await connect(who);
        await c.call('joinBoard', null, code, null, {});
        return { who, c };
      }),
    );
    const reader = guest();
    const readerSockets: HubClient[] = [];
    const held = new Set<number>();
    /** the lastSeq each reconnect passed */
    const froms: number[] = [];
    const contiguous = () => {
      let k = 0;
      while (held.has(k + 1)) k++;
      return k;
    };
    const first = await connect();
    readerSockets.push(first);
    await first.call('joinBoard', null, code, null, { uid: uidOf(reader) });

    const PER_WRITER = 40;
    const writing = writers.map(async ({ who, c }, w) => {
      for (let i = 0; i < PER_WRITER; i++) await c.call('sendCommand', code, add(who.actor.uid, rect(`w${w}-${i}`, who.actor.uid, i, w)));
    });
    const hopping = (async () => {
      for (let hop = 0; hop < 5; hop++) {
        await pause(40 + hop * 15);
        const current = readerSockets.at(-1)!;
        for (const s of seqsOf(current)) held.add(s);
        await current.close();
        const next = await connect();
        readerSockets.push(next);
        froms.push(contiguous());
        await next.call('reconnect', code, froms.at(-1), { uid: uidOf(reader) });
      }
    })();
    await Promise.all([...writing, hopping]);
    const total = writers.length * PER_WRITER;
    const last = readerSockets.at(-1)!;
    await last.until(
      () => {
        for (const s of seqsOf(last)) held.add(s);
        return contiguous() >= total ? true : undefined;
      },
      10_000,
      `reader holds ${contiguous()} of ${total}`,
    );
    await pause(200);

    expect(readerSockets).toHaveLength(6);
    for (const [i, s] of readerSockets.entries()) {
      const seqs = seqsOf(s);
      expect(seqs, `socket ${i}`).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    }
    expect([...held].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // the reconnects really happened mid-stream: several sockets received commands
    expect(readerSockets.filter((s) => seqsOf(s).length > 0).length).toBeGreaterThan(2);
    // each catch-up is exactly the commands after the seq it named, with nothing missing
    for (const [i, s] of readerSockets.slice(1).entries()) {
      const caught = s.received<{ commands: Array<{ seq: number }>; lastSeq: number }>('onReconnected');
      expect(caught).toHaveLength(1);
      const seqs = caught[0]!.commands.map((c) => c.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, k) => froms[i]! + 1 + k));
      expect(caught[0]!.lastSeq).toBe(seqs.at(-1) ?? froms[i]);
    }
    // writers were never sent their own commands back, and saw everyone else's
    for (const { c } of writers) {
      const seqs = seqsOf(c);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
      expect(seqs).toHaveLength(total - PER_WRITER);
    }
  }, 60_000);

  it('the HTTP catch-up (?after=) gives the same commands as the hub catch-up', async () => {
    const { code } = await newBoard(s.p, s.owner);
    const w = await connect(s.owner);
    await w.call('joinBoard', null, code, null, {});
    for (let i = 0; i < 12; i++) await w.call('sendCommand', code, add(s.owner.actor.uid, rect(`s${i}`, s.owner.actor.uid)));
    const g = guest();
    const r = await connect();
    const answer = await r.call('reconnect', code, 5, { uid: uidOf(g) });
    expect(answer.lastSeq).toBe(12);
    const viaHub = (await r.waitFor('onReconnected')).commands;
    const viaHttp = (await call(s.p, g, 'GET', `/api/boards/${code}/commands?after=5`)).body.commands;
    expect(viaHub.map((c: { seq: number }) => c.seq)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(viaHttp).toEqual(viaHub);
  });

  it('a catch-up from the latest seq is empty, and live commands follow it', async () => {
    const { code } = await newBoard(s.p, s.owner);
    const w = await connect(s.owner);
    await w.call('joinBoard', null, code, null, {});
    for (let i = 0; i < 3; i++) await w.call('sendCommand', code, add(s.owner.actor.uid, rect(`s${i}`, s.owner.actor.uid)));
    const g = guest();
    const r = await connect();
    await r.call('reconnect', code, 3, { uid: uidOf(g) });
    expect(await r.waitFor('onReconnected')).toEqual({ commands: [], lastSeq: 3 });
    await w.call('sendCommand', code, add(s.owner.actor.uid, rect('live', s.owner.actor.uid)));
    expect((await r.waitFor('onCommand')).seq).toBe(4);
  });

  it('a reconnect onto another board leaves the first: the others see it go, its commands stop', async () => {
    const one = await newBoard(s.p, s.owner);
    const two = await newBoard(s.p, s.owner);
    const g = guest();
    const w = await connect(s.owner);
    await w.call('joinBoard', null, one.code, null, {});
    const r = await connect();
    await r.call('joinBoard', null, one.code, null, { uid: uidOf(g) });
    await w.waitFor('onUserJoined', (m) => m.uid === g.actor.uid);
    await r.call('reconnect', two.code, 0, { uid: uidOf(g) });
    expect(await w.waitFor('onUserLeft')).toMatchObject({ uid: g.actor.uid });
    await w.call('sendCommand', one.code, add(s.owner.actor.uid, rect('after', s.owner.actor.uid)));
    await pause(150);
    expect(r.received('onCommand')).toEqual([]);
  });
});
