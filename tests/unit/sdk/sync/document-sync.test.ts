/**
 * The board's document sync (sdk/sync/document-sync.ts, through the SyncClient that composes it)
 * driven over the in-memory transport, without a server: catch-up from lastSeq after a reconnect,
 * a live event lost on the wire (the missing range is fetched, no reconnect), duplicates, the
 * outbox replayed after a reconnect, and a 429 retried rather than dropped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HubEventMessage } from '../../../../shared/hub';
import type { Command } from '../../../../shared/model';
import { cmd, session, tooMany, until } from './memory-board';

const seqIs = (seq: number) => (m: HubEventMessage) => m.event === 'onCommand' && (m.data as Command).seq === seq;

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function online(s = session()) {
  stop = () => s.sync.destroy();
  await s.sync.connect();
  expect(s.sync.phase).toBe('online');
  return s;
}

describe('document sync over the in-memory transport', () => {
  it('after a reconnect, catches up from its lastSeq: the commands missed while away arrive once, in order', async () => {
    const { board, target, sync, transport, notices } = await online();
    board.remote(cmd('c1'));
    board.remote(cmd('c2'));
    expect(sync.lastSeq).toBe(2);
    transport.drop();
    expect(sync.phase).toBe('reconnecting');
    board.remote(cmd('c3')); // lost: the socket is away
    board.remote(cmd('c4'));
    transport.restore();
    await until(() => sync.phase === 'online' && sync.lastSeq === 4, 'caught up');
    const reconnects = transport.requests.filter((r) => r.method === 'reconnect');
    expect(reconnects).toHaveLength(1);
    expect(reconnects[0]!.args[1]).toBe(2); // the lastSeq it held
    expect(target.seqs).toEqual([1, 2, 3, 4]);
    expect(target.applied.map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(board.loads).toEqual([undefined]); // the catch-up came with onReconnected, nothing fetched
    expect(notices.map((n) => n.key)).toEqual(['connection', 'restored']);
  });

  it('a live event lost on the wire: fetches exactly the missing range without reconnecting, and applies in order', async () => {
    const { board, target, sync, transport } = await online();
    transport.dropNext(seqIs(2));
    board.remote(cmd('c1'));
    board.remote(cmd('c2')); // never reaches the client
    board.remote(cmd('c3'));
    expect(target.seqs).toEqual([1]); // 3 waits behind the gap
    expect(sync.lastSeq).toBe(1);
    await until(() => sync.lastSeq === 3, 'the gap filled');
    expect(board.loads).toEqual([undefined, 1]); // the board, then the commands after seq 1
    expect(target.seqs).toEqual([1, 2, 3]);
    expect(transport.connects).toBe(1);
    expect(transport.requests.map((r) => r.method)).toEqual(['joinBoard']);
    expect(sync.phase).toBe('online');
  });

  it('a command that arrives twice (live and again) is applied once', async () => {
    const { board, target, sync, transport } = await online();
    transport.duplicateNext(seqIs(2));
    board.remote(cmd('c1'));
    board.remote(cmd('c2'));
    board.remote(cmd('c3'));
    transport.deliver({ event: 'onCommand', data: { ...board.log[0]! } }); // an old one again
    await new Promise((r) => setTimeout(r, 400)); // past the gap wait: nothing to fetch
    expect(target.seqs).toEqual([1, 2, 3]);
    expect(sync.lastSeq).toBe(3);
    expect(board.loads).toEqual([undefined]);
  });

  it('replays the outbox after a reconnect: no command lost, none stored twice', async () => {
    const { board, target, sync, transport } = await online();
    sync.send(cmd('a', 'me'));
    await until(() => sync.pending().length === 0, 'a confirmed');
    // b reaches the server, but the socket drops before its answer comes back
    transport.answer('sendCommand', (args) => {
      board.append(args[1] as Command);
      transport.drop();
      throw Object.assign(new Error('Disconnected'), { type: 'disconnect' });
    });
    sync.send(cmd('b', 'me'));
    await until(() => sync.phase === 'reconnecting', 'the drop');
    sync.send(cmd('c', 'me')); // queued while away
    board.remote(cmd('x')); // someone else's, while away
    expect(sync.pending().map((c) => c.id)).toEqual(['b', 'c']);
    transport.answer('sendCommand', (args) => board.append(args[1] as Command));
    transport.restore();
    await until(() => sync.phase === 'online' && sync.pending().length === 0 && sync.lastSeq === 4, 'the outbox sent');
    expect(board.log.map((c) => c.id)).toEqual(['a', 'b', 'x', 'c']);
    expect(target.confirms).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 4],
    ]);
    expect(target.applied.map((c) => c.id)).toEqual(['x']); // own commands are confirmed, not applied again
    expect(transport.requests.filter((r) => r.method === 'sendCommand').map((r) => (r.args[1] as Command).id)).toEqual(['a', 'b', 'c']);
  });

  it('a 429 answer is retried later, not dropped', async () => {
    const { board, target, sync, transport, notices } = await online();
    transport.answer('sendCommand', () => {
      throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
    });
    board.postFailures.push(tooMany()); // the first retry (over HTTP) is refused too
    sync.send(cmd('a', 'me'));
    await new Promise((r) => setTimeout(r, 20));
    expect(sync.pending().map((c) => c.id)).toEqual(['a']);
    await until(() => sync.pending().length === 0, 'a stored', 5000);
    expect(board.log.map((c) => c.id)).toEqual(['a']);
    expect(target.confirms).toEqual([['a', 1]]);
    expect(notices.filter((n) => n.key === 'retrying')).toHaveLength(2);
    expect(notices.some((n) => n.key.startsWith('rejected-') || n.key === 'not-saved')).toBe(false);
  });

  it('commands made while the socket is down wait in the outbox; after the reconnect attempts, "Changes not saved" with Reload and Retry', async () => {
    const reloads: number[] = [];
    const { board, sync, transport, notices } = await online(
      session(undefined, { reconnectDelay: 20, reload: () => void reloads.push(1) }),
    );
    transport.drop();
    expect(sync.phase).toBe('reconnecting');
    sync.send(cmd('a', 'me'));
    sync.send(cmd('b', 'me'));
    // nothing goes over the dead socket, nothing is dropped: the two wait
    expect(transport.requests.filter((r) => r.method === 'sendCommand')).toEqual([]);
    expect(sync.pending().map((c) => c.id)).toEqual(['a', 'b']);
    // three reconnect periods (3 × 20 ms here) later, the spec's persistent error
    await until(() => notices.some((n) => n.key === 'not-saved'), 'the notice');
    const notSaved = notices.find((n) => n.key === 'not-saved')!;
    expect(notSaved).toMatchObject({ kind: 'error', text: 'Changes not saved due to network error.', persistent: true });
    expect(notSaved.actions!.map((a) => a.label)).toEqual(['Reload', 'Retry']);
    expect(notices.filter((n) => n.key === 'not-saved')).toHaveLength(1);
    notSaved.actions![0]!.run();
    expect(reloads).toEqual([1]);
    // Retry while still down: another wait, then the notice again
    notSaved.actions![1]!.run();
    await until(() => notices.filter((n) => n.key === 'not-saved').length === 2, 'the notice again');
    // the socket comes back: both are sent, in order, and the notice goes
    const dismissed: string[] = [];
    sync.notices$.subscribe((n) => 'dismiss' in n && dismissed.push(n.dismiss));
    transport.restore();
    await until(() => sync.phase === 'online' && sync.pending().length === 0, 'the outbox sent');
    expect(board.log.map((c) => c.id)).toEqual(['a', 'b']);
    expect(dismissed).toContain('not-saved');
  });

  it('the browser going offline takes the board off the socket at once: commands wait, and go once it is back', async () => {
    // the browser's window, as far as the network events go
    const window = new EventTarget();
    Object.assign(globalThis, { window });
    const { board, sync, transport } = await online(session(undefined, { reconnectDelay: 20 }));
    stop = async () => {
      await sync.destroy();
      delete (globalThis as { window?: unknown }).window;
    };
    window.dispatchEvent(new Event('offline'));
    expect(sync.phase).toBe('reconnecting');
    sync.send(cmd('a', 'me'));
    expect(transport.requests.filter((r) => r.method === 'sendCommand')).toEqual([]);
    expect(sync.pending()).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    transport.restore();
    await until(() => sync.phase === 'online' && sync.pending().length === 0, 'sent after the network came back');
    expect(board.log.map((c) => c.id)).toEqual(['a']);
  });
});
