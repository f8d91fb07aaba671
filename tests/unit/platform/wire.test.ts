/**
 * The event writer's flushes (platform/realtime/wire.ts): events are written to corked sockets
 * and leave together, at most every HUB_FLUSH_MS; a lazy event (a cursor batch) waits up to
 * LAZY_FLUSH_MS for the next flush, and any other event brings that flush back to its usual
 * time. The clock is vitest's (no waiting).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubSocket } from '../../../platform/realtime/session';
import { DEFAULT_FLUSH_MS, flushNow, LAZY_FLUSH_MS, prepareEvent, sendPrepared } from '../../../platform/realtime/wire';

/** A hub socket whose TCP stream records its corks and what left in each uncork. */
function socket() {
  const state = { corked: 0, buffered: [] as string[], sent: [] as string[][] };
  const hubSocket = {
    isOpen: () => true,
    cork: () => void state.corked++,
    uncork() {
      state.corked--;
      if (state.corked === 0 && state.buffered.length) state.sent.push(state.buffered.splice(0));
    },
    sendFrame(message: Buffer) {
      state.buffered.push(String(message));
    },
  };
  return { socket: hubSocket as unknown as HubSocket, state };
}

const event = (n: number) => prepareEvent('onCommand', { n });
const text = (n: number) => String(event(n).message);

describe('event writer flushes', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
    // a flush another test file left pending happens first; start after any flush spacing
    flushNow();
    await vi.advanceTimersByTimeAsync(100);
  });
  afterEach(() => vi.useRealTimers());

  it('writes a quiet node’s event at the end of the turn, then at most every HUB_FLUSH_MS', async () => {
    const a = socket();
    sendPrepared(a.socket, event(1), 'onCommand', { n: 1 });
    expect(a.state.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.state.sent).toEqual([[text(1)]]);
    sendPrepared(a.socket, event(2), 'onCommand', { n: 2 });
    sendPrepared(a.socket, event(3), 'onCommand', { n: 3 });
    await vi.advanceTimersByTimeAsync(DEFAULT_FLUSH_MS - 1);
    expect(a.state.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.state.sent).toEqual([[text(1)], [text(2), text(3)]]);
  });

  it('lets a lazy event wait for the next flush, at most LAZY_FLUSH_MS', async () => {
    const a = socket();
    const b = socket();
    sendPrepared(a.socket, event(1), 'onEventReceived', { n: 1 }, true);
    await vi.advanceTimersByTimeAsync(LAZY_FLUSH_MS - 1);
    expect(a.state.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.state.sent).toEqual([[text(1)]]);

    // a lazy event, then a command for another socket: both leave with the command, at once
    await vi.advanceTimersByTimeAsync(DEFAULT_FLUSH_MS);
    sendPrepared(a.socket, event(2), 'onEventReceived', { n: 2 }, true);
    sendPrepared(b.socket, event(3), 'onCommand', { n: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.state.sent).toEqual([[text(1)], [text(2)]]);
    expect(b.state.sent).toEqual([[text(3)]]);
  });
});
