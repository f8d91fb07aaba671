import { BehaviorSubject } from 'rxjs';
import type { ChannelEvent, HubEventMessage } from '../../shared/hub';
import type { BoardMember, SyncTarget } from './types';

/**
 * Who is on the board (board.md §3 "Board member"): the members with their online flag, this
 * visitor among them (its key, its name), kept from join / reconnect answers and the presence
 * events; and the channel events that are never stored (cursors, follow, attention), sent to
 * the board or to one member's key.
 */
export class Presence {
  readonly members$ = new BehaviorSubject<BoardMember[]>([]);
  readonly me$ = new BehaviorSubject<BoardMember | null>(null);
  /** the name this visitor joined with, or renamed to (re-sent on reconnect) */
  displayName: string | null;
  /** the key the board knows this visitor by (members' and commands' `uid`); see identify() */
  private selfUid: string;

  constructor(
    uid: string,
    name: string | null,
    private readonly target: SyncTarget,
    /** sends a hub `messaging` call */
    private readonly message: (name: ChannelEvent, data: unknown, target: string) => Promise<unknown>,
  ) {
    this.selfUid = uid;
    this.displayName = name;
  }

  get uid(): string {
    return this.selfUid;
  }

  /** A channel event (presence, never stored: cursors, follow, attention) to the board or to one member's key. */
  channel(name: ChannelEvent, data: unknown, target = ''): Promise<unknown> {
    return this.message(name, data, target);
  }

  /** Whether another member is online (a command sent then counts as collaboration). */
  othersOnline(): boolean {
    return this.members$.value.some((m) => m.uid !== this.selfUid && m.isOnline !== false);
  }

  /** The server names the key this visitor is known by (a guest sent its secret, not its key). */
  identify(uid: string): void {
    if (uid === this.selfUid) return;
    this.selfUid = uid;
    this.target.identify?.(uid);
  }

  /** The members as joinBoard answers them (this visitor marked as self and online). */
  joined(members: BoardMember[], online: unknown): void {
    const marked = members.map((m) => (m.uid === this.selfUid ? { ...m, isSelf: true, isOnline: true } : m));
    this.members$.next(marked);
    if (Array.isArray(online)) this.markOnline(online as BoardMember[]);
    const me = marked.find((m) => m.uid === this.selfUid);
    // onMeJoined (sent before the answer) carries the name this session joined with
    if (me) this.me$.next({ ...me, ...(this.me$.value ?? {}) });
  }

  /** This visitor renamed itself (renameMember answered). */
  renamed(name: string): void {
    this.displayName = name;
    const me = this.me$.value;
    if (me) this.me$.next({ ...me, name });
    this.members$.next(this.members$.value.map((m) => (m.uid === this.selfUid ? { ...m, name } : m)));
  }

  /** The socket dropped: nobody is known to be online until the board is entered again. */
  clear(): void {
    this.members$.next([]);
  }

  /** Marks these members online (presence list from join / reconnect / onMeJoined). */
  markOnline(online: BoardMember[]): void {
    const byUid = new Map(online.map((m) => [m.uid, m]));
    const merged = this.members$.value.map((m) =>
      byUid.has(m.uid) ? { ...m, ...byUid.get(m.uid), isOnline: true } : { ...m, isOnline: false },
    );
    for (const m of online) if (!merged.some((x) => x.uid === m.uid)) merged.push({ ...m, isOnline: true });
    this.members$.next(merged.map((m) => (m.uid === this.selfUid ? { ...m, isSelf: true, isOnline: true } : m)));
  }

  /** The presence events; false for any other event. */
  handle(message: HubEventMessage): boolean {
    const data = message.data as (Partial<BoardMember> & { online?: unknown }) | null;
    switch (message.event) {
      case 'onMeJoined':
        if (typeof data?.uid === 'string') this.identify(data.uid);
        this.me$.next(data as BoardMember);
        if (Array.isArray(data?.online)) this.markOnline(data.online as BoardMember[]);
        this.upsert({ ...(data as BoardMember), isSelf: true, isOnline: true });
        return true;
      case 'onUserJoined':
        this.upsert({ ...(data as BoardMember), isOnline: true });
        return true;
      case 'onUserLeft':
        this.members$.next(this.members$.value.map((m) => (m.uid === (data?.uid ?? data) ? { ...m, isOnline: false } : m)));
        return true;
      case 'onBoardMemberRenamed':
        this.members$.next(this.members$.value.map((m) => (m.uid === data?.uid ? { ...m, name: data.name as string } : m)));
        return true;
      default:
        return false;
    }
  }

  private upsert(member: BoardMember): void {
    if (!member?.uid) return;
    const rest = this.members$.value.filter((m) => m.uid !== member.uid);
    this.members$.next([...rest, { ...this.members$.value.find((m) => m.uid === member.uid), ...member }]);
  }
}
