import type { Logger } from 'pino';
import type { Command } from '../../shared/model';
import {
  isBlurryOn,
  isPrivateModeOn,
  type BoardConfig,
  hiddenCommand,
  isRestricted,
  NO_OWNERS,
  visibleCommand,
  type HiddenCommand,
  type Owners,
} from '../boards/api';
import type { Actor } from '../core/actor';
import type { BoardMessage, Bus } from './bus';
import { CursorBatches, sendCursors } from './cursor-batch';
import { PRESENCE_REFRESH_MS, type Presence } from './presence';
import type { Session } from './session';
import { prepareEvent, sendEvent, sendPrepared, type EventFrame } from './wire';

/** What the hub needs from the board service (wired in plugin.ts). */
export interface HubBoards {
  /** the commands after afterSeq as `actor` may receive them (private mode filters them) */
  commandsSince(code: string, actor: Actor, afterSeq: number): Promise<Array<Command | HiddenCommand>>;
  /** the commands after afterSeq as stored, with the creators of their shapes in private mode (room-wide reads) */
  logSince(code: string, actor: Actor, afterSeq: number): Promise<{ commands: Command[]; owners?: Owners }>;
  /** the board's latest seq (0 when empty) and whether its private mode is on */
  roomState(code: string, actor: Actor): Promise<{ lastSeq: number; privateMode: boolean; blurry?: boolean }>;
}

interface Room {
  code: string;
  sessions: Map<string, Session>;
  /** highest seq delivered on this node, in order */
  lastSeq: number;
  /** commands that arrived ahead of a gap */
  pending: Map<number, BoardMessage>;
  gapTimer: NodeJS.Timeout | null;
  /** the board's private mode (learned when the room opens, then from onConfigChanged) */
  privateMode: boolean;
  /** its blurry variant (others' texts and sticky notes sent blurred) */
  blurry: boolean;
}

/** How long an out-of-order command waits for the ones before it before they are read from the database. */
export const GAP_WAIT_MS = 150;

export function seqOf(data: unknown): number | null {
  const seq = (data as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' && Number.isFinite(seq) ? seq : null;
}

/**
 * This node's boards: which sockets are on which board, and delivery of bus messages to them.
 * Commands reach each board's sockets exactly once and in seq order: a command that arrives
 * ahead of a gap (another node's publish still in flight, or lost while Redis was down) waits
 * GAP_WAIT_MS, then the missing range is read from the log.
 */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly opening = new Map<string, Promise<Room>>();
  private readonly refreshTimer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;
  /** this node's collaborator cursors, coalesced into one message per board per 50 ms (cursor-batch.ts) */
  readonly cursors: CursorBatches;

  constructor(
    private readonly bus: Bus,
    readonly presence: Presence,
    private readonly boards: HubBoards,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = [bus.subscribe((code, message) => this.deliver(code, message)), bus.onResume(() => void this.resume())];
    this.refreshTimer = setInterval(() => void this.refreshPresence(), PRESENCE_REFRESH_MS);
    this.refreshTimer.unref();
    this.cursors = new CursorBatches((code, message) => this.publish(code, message), presence, logger);
  }

  publish(code: string, message: BoardMessage): Promise<void> {
    return this.bus.publish(code, message);
  }

  sessions(code: string): Session[] {
    return [...(this.rooms.get(code)?.sessions.values() ?? [])];
  }

  /** Whether a member other than `uid` has a socket on the board on this node (no copy: per command). */
  othersOnBoard(code: string, uid: string): boolean {
    for (const session of this.rooms.get(code)?.sessions.values() ?? []) if (session.actor.uid !== uid) return true;
    return false;
  }

  /**
   * Puts a session on its board. With `afterSeq` the socket first receives onReconnected with the
   * commands after that seq; live events meanwhile wait and are sent after it, without repeats.
   * Answers false when the socket closed meanwhile.
   */
  async enter(session: Session, afterSeq: number | null): Promise<boolean> {
    let room = await this.open(session.board, session.actor);
    // the room may have emptied and closed while this was waiting for it: open a current one
    while (this.rooms.get(session.board) !== room) room = await this.open(session.board, session.actor);
    if (!session.socket.isOpen()) return false;
    session.held = afterSeq === null ? null : [];
    session.lastSeq = afterSeq ?? 0;
    room.sessions.set(session.connectionId, session);
    session.socket.app.session = session;
    await this.presence
      .join(session.board, session.connectionId, session.member)
      .catch((err) => this.logger.warn({ err }, 'presence join failed'));
    if (afterSeq === null) return true;
    let commands: Array<Command | HiddenCommand>;
    try {
      commands = await this.boards.commandsSince(session.board, session.actor, afterSeq);
    } catch (err) {
      session.held = null;
      await this.leave(session, { quiet: true });
      throw err;
    }
    for (const c of commands) if (typeof c.seq === 'number' && c.seq > session.lastSeq) session.lastSeq = c.seq;
    // `restricted: true`: the catch-up was filtered by private mode (a client that held a filtered
    // board and gets a catch-up without it reloads the board)
    const restricted = isRestricted(room.privateMode, session.member.role);
    sendEvent(session.socket, 'onReconnected', {
      commands,
      lastSeq: session.lastSeq,
      ...(restricted ? { restricted, ...(room.blurry ? { blurry: true } : {}) } : {}),
    });
    const held = session.held ?? [];
    session.held = null;
    for (const m of held) this.sendTo(session, m.event, m.data);
    return true;
  }

  /**
   * Takes a session off its board; tells the others (onUserLeft) when it was the member's last
   * connection there, unless `quiet` (the same member re-entering at once).
   */
  async leave(session: Session, options: { quiet?: boolean } = {}): Promise<void> {
    const room = this.rooms.get(session.board);
    // the board session's usage fact ends (idempotent)
    session.usage?.end();
    if (session.socket.app.session === session) session.socket.app.session = null;
    if (!room || room.sessions.get(session.connectionId) !== session) return;
    room.sessions.delete(session.connectionId);
    // the member's last socket here: their pending cursor goes with them
    if (![...room.sessions.values()].some((s) => s.actor.uid === session.actor.uid)) this.cursors.forget(session.board, session.actor.uid);
    if (room.sessions.size === 0) this.close(room);
    const left = await this.presence.leave(session.board, session.connectionId).catch((err) => {
      this.logger.warn({ err }, 'presence leave failed');
      return { uid: session.actor.uid, stillOnline: false };
    });
    if (!left.stillOnline && !options.quiet) {
      await this.publish(session.board, {
        event: 'onUserLeft',
        data: { uid: session.actor.uid, name: session.member.name },
        except: session.connectionId,
      });
    }
  }

  /** The bus handler: one message for a board, to this node's sockets on it. */
  deliver(code: string, message: BoardMessage): void {
    const room = this.rooms.get(code);
    if (!room) return;
    if (message.cursors) return sendCursors(room.sessions.values(), message.cursors);
    if (message.event === 'onConfigChanged') {
      room.privateMode = isPrivateModeOn(message.data as BoardConfig);
      room.blurry = isBlurryOn(message.data as BoardConfig);
    }
    const seq = message.event === 'onCommand' ? seqOf(message.data) : null;
    if (seq === null) return this.fanOut(room, message);
    if (seq <= room.lastSeq) return;
    room.pending.set(seq, message);
    this.drain(room);
    if (room.pending.size && !room.gapTimer) room.gapTimer = setTimeout(() => void this.fillGap(room), GAP_WAIT_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.refreshTimer);
    for (const off of this.unsubscribe) off();
    this.cursors.stop();
    for (const room of this.rooms.values()) this.close(room);
    await this.presence.close();
  }

  private async open(code: string, actor: Actor): Promise<Room> {
    const existing = this.rooms.get(code);
    if (existing) return existing;
    let opening = this.opening.get(code);
    if (!opening) {
      opening = (async () => {
        const state = await this.boards.roomState(code, actor);
        const room: Room = {
          code,
          sessions: new Map(),
          lastSeq: state.lastSeq,
          pending: new Map(),
          gapTimer: null,
          privateMode: state.privateMode,
          blurry: state.blurry === true,
        };
        this.rooms.set(code, room);
        return room;
      })().finally(() => this.opening.delete(code));
      this.opening.set(code, opening);
    }
    return opening;
  }

  private close(room: Room): void {
    if (room.gapTimer) clearTimeout(room.gapTimer);
    room.gapTimer = null;
    if (this.rooms.get(room.code) === room) this.rooms.delete(room.code);
  }

  private drain(room: Room): void {
    for (let next = room.pending.get(room.lastSeq + 1); next; next = room.pending.get(room.lastSeq + 1)) {
      room.pending.delete(room.lastSeq + 1);
      room.lastSeq += 1;
      this.fanOut(room, next);
    }
    if (!room.pending.size && room.gapTimer) {
      clearTimeout(room.gapTimer);
      room.gapTimer = null;
    }
  }

  /**
   * Reads the commands missing before the pending ones from the log. Seqs are dense, so when
   * the log does not have the next one yet it is still being committed or published: wait again.
   * Only a seq the log skips while holding later ones (a true hole) is passed over.
   */
  private async fillGap(room: Room): Promise<void> {
    room.gapTimer = null;
    const reader = room.sessions.values().next().value as Session | undefined;
    if (!room.pending.size || !reader || this.rooms.get(room.code) !== room) return;
    let fetched: Command[] | null = null;
    try {
      const log = await this.boards.logSince(room.code, reader.actor, room.lastSeq);
      fetched = log.commands;
      for (const command of fetched) {
        if (typeof command.seq === 'number' && command.seq > room.lastSeq && !room.pending.has(command.seq)) {
          room.pending.set(command.seq, { event: 'onCommand', data: command, ...(log.owners ? { owners: log.owners } : {}) });
        }
      }
    } catch (err) {
      this.logger.warn({ err, board: room.code }, 'hub: reading missing commands failed');
    }
    this.drain(room);
    if (!room.pending.size || this.rooms.get(room.code) !== room) return;
    const next = room.lastSeq + 1;
    if (fetched?.some((c) => typeof c.seq === 'number' && c.seq > next)) {
      this.logger.warn({ board: room.code, seq: next }, 'hub: the log skips a seq; passing over it');
      room.lastSeq = Math.min(...room.pending.keys()) - 1;
      this.drain(room);
    }
    if (room.pending.size && !room.gapTimer) room.gapTimer = setTimeout(() => void this.fillGap(room), GAP_WAIT_MS);
  }

  /** After a bus outage: every board on this node reads what it missed from the log. */
  private async resume(): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      const reader = room.sessions.values().next().value as Session | undefined;
      if (!reader) continue;
      try {
        const log = await this.boards.logSince(room.code, reader.actor, room.lastSeq);
        for (const command of log.commands) {
          if (typeof command.seq === 'number' && command.seq > room.lastSeq) {
            room.pending.set(command.seq, { event: 'onCommand', data: command, ...(log.owners ? { owners: log.owners } : {}) });
          }
        }
        this.drain(room);
      } catch (err) {
        this.logger.warn({ err, board: room.code }, 'hub: catching up after the bus resumed failed');
      }
    }
  }

  /**
   * One message to the room's sockets: one frame prepared once for all of them — except a
   * command on a board in private mode, which each member neither Owner nor Facilitator
   * receives filtered for them (boards/visibility.ts): one frame per distinct view (the whole
   * command, one placeholder for all who may not see it, a narrowed copy per member it concerns).
   */
  private fanOut(room: Room, message: BoardMessage): void {
    const evicted: Session[] = [];
    let prepared: EventFrame | null = null;
    const frame = () => (prepared ??= prepareEvent(message.event, message.data));
    const filtered = room.privateMode && message.event === 'onCommand' ? privateView(message, frame, room.blurry) : null;
    for (const session of room.sessions.values()) {
      if (message.except && message.except === session.connectionId) {
        if (message.event === 'onCommand') session.sent.delete(commandId(message.data));
        continue;
      }
      if (message.to && !addressedTo(message.to, session)) continue;
      if (filtered && isRestricted(true, session.member.role)) {
        const view = filtered(session.actor.uid);
        this.sendTo(session, message.event, view.data, view.frame);
      } else this.sendTo(session, message.event, message.data, frame);
      if (message.event === 'onRoleChanged') {
        const role = (message.data as { role?: unknown } | null)?.role;
        if (typeof role === 'string') session.member.role = role;
      }
      if (message.event === 'onBoardRemoved' || (message.event === 'onRoleChanged' && revokes(message.data))) evicted.push(session);
    }
    for (const session of evicted) void this.leave(session);
  }

  private sendTo(session: Session, event: BoardMessage['event'], data: unknown, frame?: () => EventFrame): void {
    if (session.held) {
      session.held.push({ event, data });
      return;
    }
    if (event === 'onCommand') {
      const seq = seqOf(data);
      if (seq !== null) {
        if (seq <= session.lastSeq) return;
        session.lastSeq = seq;
      }
      // its own command, read back from the log: the sender already has it from its answer
      if (session.sent.delete(commandId(data))) return;
    }
    if (frame) sendPrepared(session.socket, frame(), event, data);
    else sendEvent(session.socket, event, data);
  }

  private async refreshPresence(): Promise<void> {
    const entries = [...this.rooms.values()].flatMap((room) =>
      [...room.sessions.values()].map((s) => ({ board: room.code, connectionId: s.connectionId, member: s.member })),
    );
    await this.presence.refresh(entries).catch((err) => this.logger.warn({ err }, 'presence refresh failed'));
  }
}

const commandId = (data: unknown): string => String((data as { id?: unknown } | null)?.id ?? '');

interface View {
  data: Command | HiddenCommand;
  frame: () => EventFrame;
}

/** A command as each restricted member may receive it, with its frame (memoized per member uid). */
function privateView(message: BoardMessage, whole: () => EventFrame, blurry: boolean): (uid: string) => View {
  const command = message.data as Command;
  const owners = message.owners ?? NO_OWNERS;
  const byUid = new Map<string, View>();
  const view = (data: Command | HiddenCommand): View => {
    let prepared: EventFrame | null = null;
    return { data, frame: () => (prepared ??= prepareEvent('onCommand', data)) };
  };
  let hidden: View | null = null;
  return (uid) => {
    let v = byUid.get(uid);
    if (!v) {
      const visible = visibleCommand(command, uid, owners, blurry);
      v =
        visible === command
          ? { data: command, frame: whole }
          : visible
            ? view(visible)
            : (hidden ??= view(hiddenCommand(command.seq ?? 0)));
      byUid.set(uid, v);
    }
    return v;
  };
}

/** `to` names local user ids (guest uids) and account ids. */
function addressedTo(to: string[], session: Session): boolean {
  return to.includes(session.actor.uid) || (!!session.actor.userId && to.includes(session.actor.userId));
}

/** onRoleChanged with a null role: the member lost access to the board. */
function revokes(data: unknown): boolean {
  const d = data as { role?: unknown; claims?: { role?: unknown } | null } | null;
  return !!d && (d.role === null || d.claims === null || (d.claims != null && d.claims.role === null));
}
