/**
 * Issue 26 item 8, against a real server: the SDK's SyncClient over the real nes transport, with
 * one live event lost on the wire (a transport wrapper discards the first delivery of seq 2).
 * The client notices the gap when seq 3 arrives, fetches the missing range over HTTP
 * (GET …/commands?after=1) without reconnecting, and ends with every command, in order.
 * Runs on PGlite and on PostgreSQL (TEST_DB=pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Editor } from '../../sdk/editor/editor';
import { boardHttp, type BoardHttp } from '../../sdk/sync/api';
import { NesTransport } from '../../sdk/sync/nes-transport';
import { SyncClient } from '../../sdk/sync/sync-client';
import type { SyncTransport, TransportAuth, TransportConnect, TransportListener } from '../../sdk/sync/transport';
import type { HubEventMessage, HubMethod } from '../../shared/hub';
import type { Command } from '../../shared/model';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, newBoard, rect, signedIn, type Who } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let editor: Who;
beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olga' });
  editor = await signedIn(p, { name: 'Eddie' });
});
afterAll(async () => {
  await p?.stop();
});

const seqOf = (m: HubEventMessage): number | undefined => {
  const data = m.data as { seq?: number; command?: { seq?: number } } | null;
  return data?.command?.seq ?? data?.seq;
};

/** The real transport, except that the first onCommand of seq `lost` never reaches the client; it counts connects and hub calls. */
class LossyTransport implements SyncTransport {
  readonly dropped: number[] = [];
  readonly methods: HubMethod[] = [];
  connects = 0;
  constructor(
    private readonly inner: SyncTransport,
    private readonly lost: number,
  ) {}
  get id(): string | null {
    return this.inner.id;
  }
  listen(listener: TransportListener): void {
    this.inner.listen({
      connected: () => {
        this.connects += 1;
        listener.connected();
      },
      disconnected: (willReconnect) => listener.disconnected(willReconnect),
      message: (message) => {
        if (message.event === 'onCommand' && seqOf(message) === this.lost && !this.dropped.includes(this.lost)) {
          this.dropped.push(this.lost);
          return;
        }
        listener.message(message);
      },
    });
  }
  connect(options: TransportConnect): Promise<void> {
    return this.inner.connect(options);
  }
  disconnect(): Promise<void> {
    return this.inner.disconnect();
  }
  request<T>(method: HubMethod, args: unknown[]): Promise<T> {
    this.methods.push(method);
    return this.inner.request<T>(method, args);
  }
  reauthenticate(auth: TransportAuth): Promise<void> {
    return this.inner.reauthenticate(auth);
  }
  overrideReconnectionAuth(auth: TransportAuth): void {
    this.inner.overrideReconnectionAuth(auth);
  }
}

describe('the SDK fills a seq gap without reconnecting', () => {
  it('one live event dropped on the wire: the client fetches the missing range and ends with every command, in order', async () => {
    const { code } = await newBoard(p, owner);
    const e = await HubClient.connect(p.url, { token: editor.token });
    await e.call('joinBoard', null, code, null, {});
    const o1 = owner.actor.uid,
      e1 = editor.actor.uid;
    const perms = { role: 'Owner', permissions: ['edit_board'], policies: new Set<string>() };
    const ed = new Editor({ container: undefined as unknown as HTMLElement, uid: o1, headless: true, permissions: () => perms });
    const transport = new LossyTransport(new NesTransport(p.url), 2);
    const base = boardHttp({ server: p.url, uid: o1, token: () => owner.token! }, code);
    const loads: Array<number | undefined> = [];
    const http: BoardHttp = { ...base, load: (options) => (loads.push(options?.after), base.load(options)) };
    const sync = new SyncClient({
      server: p.url,
      boardCode: code,
      uid: o1,
      token: () => owner.token!,
      target: ed,
      storage: null,
      transport,
      http,
    });
    const applied: Command[] = [];
    const applyRemote = ed.applyRemote.bind(ed);
    ed.applyRemote = (c: Command) => (applied.push(c), applyRemote(c));
    try {
      await sync.connect();
      expect(sync.phase).toBe('online');
      for (const id of ['A', 'B', 'C']) await e.call('sendCommand', code, add(e1, rect(id, e1)));
      await e.until(() => (sync.lastSeq >= 3 ? true : undefined), 10_000, 'the client at seq 3');
      expect(transport.dropped).toEqual([2]); // seq 2 never came live
      expect(loads).toEqual([undefined, 1]); // the board at join, then the commands after seq 1
      expect(applied.map((c) => c.seq)).toEqual([1, 2, 3]);
      expect(ed.doc.ordered().map((s) => s.id)).toEqual(['A', 'B', 'C']);
      expect(transport.connects).toBe(1);
      expect(transport.methods).not.toContain('reconnect');
      expect(sync.phase).toBe('online');
    } finally {
      await sync.destroy();
      await e.close();
    }
  });
});
