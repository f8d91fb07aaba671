import { describe, expect, it } from 'vitest';
import { oversized, SEND_MAX_BYTES } from '../../../sdk/sync/sync-client';
import { PAYLOAD_MAX_BYTES } from '../../../shared/constants';
import type { Command } from '../../../shared/model';

/**
 * The board refuses to send a command whose frame the hub would close the socket for (over
 * PAYLOAD_MAX_BYTES): a reconnect would send it again for ever. Bytes are UTF-8 bytes.
 */
const text = (value: string): Command =>
  ({
    id: 'c1',
    uid: 'g_1',
    status: 'normal',
    timestamp: 1,
    cmd: 'text',
    shape: { id: 's1', cmd: 'text', uid: 'g_1', timestamp: 1, x: 0, y: 0, value },
  }) as unknown as Command;

describe('oversized commands', () => {
  it('leaves room for the frame envelope under the hub cap', () => {
    expect(SEND_MAX_BYTES).toBeLessThan(PAYLOAD_MAX_BYTES);
    expect(SEND_MAX_BYTES).toBeGreaterThan(PAYLOAD_MAX_BYTES - 128 * 1024);
  });

  it('passes an ordinary command and one just under the cap', () => {
    expect(oversized(text('hello'))).toBe(false);
    expect(oversized(text('a'.repeat(SEND_MAX_BYTES - 500)))).toBe(false);
  });

  it('refuses one over the cap, counting UTF-8 bytes rather than characters', () => {
    expect(oversized(text('a'.repeat(SEND_MAX_BYTES + 1)))).toBe(true);
    // 3 bytes each: a third of the cap in characters is already over it in bytes
    expect(oversized(text('€'.repeat(Math.ceil(SEND_MAX_BYTES / 3) + 10)))).toBe(true);
    expect(oversized(text('€'.repeat(Math.floor(SEND_MAX_BYTES / 3) - 200)))).toBe(false);
  });
});
