/**
 * The server side of a board for the sync client's unit tests, in memory: its command log
 * (seq-numbered, idempotent by command id, as platform/boards/append.ts keeps it), answering the
 * hub methods the client calls over a MemoryTransport (joinBoard, sendCommand, reconnect — which
 * sends onReconnected with the commands after the client's lastSeq first, as the hub does) and
 * the board's HTTP calls (GET …/commands[?after], POST …/commands). A target records what the
 * client put on the screen.
 */
import { HttpError, type BoardHttp, type BoardLoad } from '../../../../sdk/sync/api';
import { MemoryTransport } from '../../../../sdk/sync/memory-transport';
import { SyncClient, type SyncOptions } from '../../../../sdk/sync/sync-client';
import type { Notice, SyncTarget } from '../../../../sdk/sync/types';
import type { Command } from '../../../../shared/model';

export const cmd = (id: string, uid = 'bob'): Command =>
  ({
    id,
    uid,
    timestamp: 1,
    status: 'normal',
    cmd: 'rectangle',
    shape: { id: `s-${id}`, type: 'rectangle', x: 0, y: 0, w: 10, h: 10 },
  }) as unknown as Command;

export class MemoryBoard {
  readonly log: Command[] = [];
  /** the `after` of every GET …/commands (undefined: the whole board) */
  readonly loads: Array<number | undefined> = [];
  /** POST …/commands answers: each call takes the next failure, if any */
  readonly postFailures: unknown[] = [];
  readonly http: BoardHttp = {
    load: async (options = {}): Promise<BoardLoad> => {
      this.loads.push(options.after);
      const after = options.after ?? 0;
      return { snapshot: null, commands: this.log.filter((c) => c.seq! > after).map((c) => ({ ...c })), lastSeq: this.log.length };
    },
    post: async ({ boardCommand }) => {
      const failure = this.postFailures.shift();
      if (failure) throw failure;
      const { id, seq } = this.append(boardCommand);
      return { id, seq };
    },
    request: async <T>() => [] as T,
    upload: async () => {
      throw new Error('no uploads in the memory board');
    },
    uploadUrl: async () => {
      throw new Error('no uploads in the memory board');
    },
    original: async () => {
      throw new Error('no pictures in the memory board');
    },
    asset: async () => {
      throw new Error('no assets in the memory board');
    },
  };

  constructor(
    readonly transport = new MemoryTransport(),
    readonly code = 'b1',
  ) {
    transport
      .answer('joinBoard', () => ({
        code,
        boardName: 'Board',
        claims: { role: 'Owner', permissions: ['edit_board'], policies: [] },
        members: [],
      }))
      .answer('sendCommand', (args) => this.append(args[1] as Command))
      .answer('reconnect', (args) => {
        const after = args[1] as number;
        transport.deliver({ event: 'onReconnected', data: { commands: this.log.filter((c) => c.seq! > after), lastSeq: this.log.length } });
        return { lastSeq: this.log.length, online: [] };
      });
  }

  /** Stores a command once (a resend of an id answers its seq again, as a duplicate). */
  append(command: Command): { id: string; seq: number; duplicate: boolean } {
    const known = this.log.find((c) => c.id === command.id);
    if (known) return { id: known.id, seq: known.seq!, duplicate: true };
    const stored = { ...command, seq: this.log.length + 1 } as Command;
    this.log.push(stored);
    return { id: stored.id, seq: stored.seq!, duplicate: false };
  }

  /** Another member's command: stored, and sent live to the socket. */
  remote(command: Command): Command {
    const { seq } = this.append(command);
    const stored = this.log[seq - 1]!;
    this.transport.deliver({ event: 'onCommand', data: { ...stored } });
    return stored;
  }
}

/** What the client put on the screen: the board's commands in the order they were applied, and the confirms. */
export class RecordingTarget implements SyncTarget {
  applied: Command[] = [];
  readonly confirms: Array<[string, number]> = [];
  load(_snapshot: unknown, commands: Command[]): void {
    this.applied = [...commands];
  }
  applyRemote(command: Command): void {
    this.applied.push(command);
  }
  confirm(id: string, seq: number): void {
    this.confirms.push([id, seq]);
  }
  /** the seqs of the applied remote commands, in order */
  get seqs(): Array<number | undefined> {
    return this.applied.map((c) => c.seq);
  }
}

/** A SyncClient for "me" on a MemoryBoard, with its notices and navigations recorded. */
export function session(board = new MemoryBoard(), options: Partial<SyncOptions> = {}) {
  const target = new RecordingTarget();
  const visited: string[] = [];
  const sync = new SyncClient({
    server: 'http://memory.test',
    boardCode: board.code,
    uid: 'me',
    target,
    storage: null,
    transport: board.transport,
    http: board.http,
    navigate: (url) => void visited.push(url),
    ...options,
  });
  const notices: Notice[] = [];
  sync.notices$.subscribe((n) => 'key' in n && notices.push(n));
  return { board, target, sync, notices, visited, transport: board.transport };
}

/** Resolves once `check` holds (polled every 10 ms), or fails after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const tooMany = () => new HttpError(429, 'Too many requests', { message: 'Too many requests' }, false);
