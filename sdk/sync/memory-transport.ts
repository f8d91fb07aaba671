import type { HubEventMessage, HubMethod } from '../../shared/hub';
import type { SyncTransport, TransportAuth, TransportConnect, TransportListener } from './transport';

/** How a test answers one hub method: the result, or a throw (`{ statusCode }` for a refusal). */
export type MemoryAnswer = (args: unknown[]) => unknown;

/**
 * A hub socket in memory, for tests of the sync client without a server: the test answers hub
 * methods (`answer`), delivers events (`deliver`), discards or doubles the next event that
 * matches (`dropNext`, `duplicateNext`), makes the next connect fail (`failNextConnect`), drops
 * the socket (`drop`) and brings it back (`restore`, as the automatic reconnect would). It
 * records what was asked of it (`requests`, `connects`, `auths`).
 */
export class MemoryTransport implements SyncTransport {
  /** every hub call, in order */
  readonly requests: Array<{ method: HubMethod; args: unknown[] }> = [];
  /** how many times the socket opened (the first connect and every reconnect) */
  connects = 0;
  /** the tokens handed over: at connect, reauthenticate and for the next reconnect */
  readonly auths: Array<TransportAuth | undefined> = [];
  private socket: string | null = null;
  private listener: TransportListener | null = null;
  private readonly answers = new Map<HubMethod, MemoryAnswer>();
  private readonly filters: Array<{ match: (m: HubEventMessage) => boolean; copies: number }> = [];
  private connectFailure: unknown = null;
  private closedForGood = false;

  get id(): string | null {
    return this.socket;
  }

  listen(listener: TransportListener): void {
    this.listener = listener;
  }

  async connect({ auth }: TransportConnect): Promise<void> {
    this.auths.push(auth);
    if (this.connectFailure) {
      const failure = this.connectFailure;
      this.connectFailure = null;
      throw failure;
    }
    this.closedForGood = false;
    this.open();
  }

  async disconnect(): Promise<void> {
    this.closedForGood = true;
    this.socket = null;
  }

  async request<T>(method: HubMethod, args: unknown[]): Promise<T> {
    this.requests.push({ method, args });
    if (!this.socket) throw Object.assign(new Error('Disconnected'), { type: 'disconnect' });
    const answer = this.answers.get(method);
    if (!answer) throw Object.assign(new Error(`no answer for ${method}`), { statusCode: 404 });
    // answered on a later tick, as a socket would
    await Promise.resolve();
    return (await answer(args)) as T;
  }

  async reauthenticate(auth: TransportAuth): Promise<void> {
    this.auths.push(auth);
  }

  overrideReconnectionAuth(auth: TransportAuth): void {
    this.auths.push(auth);
  }

  /* ---------------- what a test does ---------------- */

  /** Answers `method` from now on. */
  answer(method: HubMethod, answer: MemoryAnswer): this {
    this.answers.set(method, answer);
    return this;
  }

  /** A hub event reaching the socket (unless a dropNext / duplicateNext catches it). */
  deliver(message: HubEventMessage): void {
    if (!this.socket || !this.listener) return;
    const i = this.filters.findIndex((f) => f.match(message));
    const copies = i < 0 ? 1 : this.filters.splice(i, 1)[0]!.copies;
    for (let n = 0; n < copies; n++) this.listener.message(message);
  }

  /** The next event that matches is lost on the wire. */
  dropNext(match: (message: HubEventMessage) => boolean): void {
    this.filters.push({ match, copies: 0 });
  }

  /** The next event that matches arrives twice. */
  duplicateNext(match: (message: HubEventMessage) => boolean): void {
    this.filters.push({ match, copies: 2 });
  }

  /** The next connect is refused with `error` (e.g. `{ statusCode: 401 }`). */
  failNextConnect(error: unknown): void {
    this.connectFailure = error;
  }

  /** The socket drops; `willReconnect` as the client would report it. Requests fail until restore(). */
  drop(willReconnect = true): void {
    if (!this.socket) return;
    this.socket = null;
    this.listener?.disconnected(willReconnect);
  }

  /** The automatic reconnect succeeds: a new socket id, and `connected` again. */
  restore(): void {
    if (!this.socket && !this.closedForGood) this.open();
  }

  private open(): void {
    this.connects += 1;
    this.socket = `memory-${this.connects}`;
    this.listener?.connected();
  }
}
