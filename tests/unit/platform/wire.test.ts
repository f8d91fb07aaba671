import { describe, expect, it } from 'vitest';
// ws's own frame parser: what every websocket client does with our bytes
import * as ws from 'ws';

const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => import('node:stream').Writable };
import { prepareEvent, textFrame } from '../../../platform/realtime/wire';

/** Parses websocket frames with ws's Receiver (client side: unmasked frames from a server). */
function receive(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) => messages.push(isBinary ? 'BINARY' : data.toString('utf8')));
    receiver.on('error', reject);
    receiver.write(bytes, () => resolve(messages));
  });
}

describe('the hub event writer (platform/realtime/wire.ts)', () => {
  it('frames payloads of every length class (7-bit, 16-bit, 64-bit) as single final text frames', async () => {
    for (const n of [0, 5, 125, 126, 200, 65535, 65536, 70_000]) {
      const payload = Buffer.from('x'.repeat(n));
      const frame = textFrame(payload);
      expect(frame[0]).toBe(0x81);
      expect(frame.length).toBe(n + (n < 126 ? 2 : n < 65536 ? 4 : 10));
      expect(await receive(frame)).toEqual([payload.toString()]);
    }
  });

  it('a train of prepared events parses back to the nes update messages, in order', async () => {
    const events = [prepareEvent('onCommand', { seq: 1, id: 'a', text: 'é💥' }), prepareEvent('onUserLeft', { uid: 'u' }), prepareEvent('onCommand', { seq: 2, big: 'y'.repeat(300) })];
    const parsed = (await receive(Buffer.concat(events.map((e) => e.frame)))).map((m) => JSON.parse(m));
    expect(parsed).toEqual([
      { type: 'update', message: { event: 'onCommand', data: { seq: 1, id: 'a', text: 'é💥' } } },
      { type: 'update', message: { event: 'onUserLeft', data: { uid: 'u' } } },
      { type: 'update', message: { event: 'onCommand', data: { seq: 2, big: 'y'.repeat(300) } } },
    ]);
  });
});
