import { asyncScheduler, BehaviorSubject, filter, throttleTime, type Subscription } from 'rxjs';
import type { HubEventMessage } from '../../shared/hub';
import { MESSAGES } from '../../shared/messages';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { FOLLOW_GLIDE_MS, FOLLOW_SEND_MS, isRect, viewRect } from './view-rect';

/**
 * Follow mode and grab attention (board.md §4 "Follow mode", §6, §7): presence over the hub's
 * channel events, never stored.
 *
 *  - `follow(uid)` registers with a followee (one at a time; the server ends the previous one and
 *    refuses following someone who follows you: 'Cross-following is not allowed!');
 *  - a followee sends the board rectangle it sees ('follow-me-to') to its followers whenever it
 *    pans or zooms, at most every 100 ms, and at once when someone starts following;
 *  - a follower glides to each rectangle it receives from its followee; its own press on the
 *    canvas (drag, click) or wheel ends the follow (unregister-follower);
 *  - 'grab-everyone-attention' sends the sender's rectangle to everyone, who glide to it.
 */

export interface FollowState {
  /** the member this one follows */
  following: { uid: string; name: string } | null;
  /** the members following this one (their uids) */
  followers: string[];
}

interface ChannelData {
  name: string;
  data: unknown;
  from: { uid: string; name?: string };
}

const channelEvent = (e: HubEventMessage): e is HubEventMessage<ChannelData> =>
  e.event === 'onEventReceived' && typeof (e.data as ChannelData | null)?.from?.uid === 'string';

export interface FollowNotices {
  error(text: string): void;
  info(text: string): void;
}

export class FollowMode {
  readonly state$ = new BehaviorSubject<FollowState>({ following: null, followers: [] });
  private readonly subs: Subscription[] = [];
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly editor: Editor,
    private readonly sync: SyncClient,
    private readonly notices: FollowNotices,
  ) {}

  get state(): FollowState {
    return this.state$.value;
  }

  /** Starts listening (channel events, the own viewport, the canvas' own input); returns the stop. */
  start(canvas: HTMLElement | null): () => void {
    this.subs.push(this.sync.events$.pipe(filter(channelEvent)).subscribe(({ data }) => this.received(data)));
    this.subs.push(
      this.sync.events$.pipe(filter((e) => e.event === 'onUserLeft')).subscribe(({ data }) => {
        const uid = (data as { uid?: string } | null)?.uid ?? (typeof data === 'string' ? data : null);
        if (uid) this.memberLeft(uid);
      }),
    );
    // a dropped connection loses the server's follow relations: start again from none
    this.subs.push(
      this.sync.state$.subscribe((s) => {
        if (s.phase !== 'online') this.set({ following: null, followers: [] });
      }),
    );
    this.subs.push(
      this.editor.viewport.state$.pipe(throttleTime(FOLLOW_SEND_MS, asyncScheduler, { leading: true, trailing: true })).subscribe(() => {
        if (this.state.followers.length) this.sendViewport();
      }),
    );
    if (canvas) {
      // the follower's own press or wheel on the board ends the follow (board.md §4)
      const own = () => {
        if (this.state.following) void this.unfollow();
      };
      canvas.addEventListener('pointerdown', own, true);
      canvas.addEventListener('wheel', own, { capture: true, passive: true });
      this.cleanups.push(() => {
        canvas.removeEventListener('pointerdown', own, true);
        canvas.removeEventListener('wheel', own, true);
      });
    }
    return () => this.stop();
  }

  stop(): void {
    for (const s of this.subs.splice(0)) s.unsubscribe();
    for (const c of this.cleanups.splice(0)) c();
  }

  /** Follows `member`; refused with a toast when they follow this member already. */
  async follow(member: { uid: string; name?: string }): Promise<boolean> {
    if (member.uid === this.sync.uid) return false;
    if (this.state.followers.includes(member.uid)) {
      this.notices.error(MESSAGES.crossFollowing);
      return false;
    }
    try {
      await this.sync.channel('register-follower', null, member.uid);
    } catch (error) {
      this.notices.error(errorText(error));
      return false;
    }
    this.set({ ...this.state, following: { uid: member.uid, name: member.name || 'Guest' } });
    return true;
  }

  async unfollow(): Promise<void> {
    const followee = this.state.following;
    if (!followee) return;
    this.set({ ...this.state, following: null });
    await this.sync.channel('unregister-follower', null, followee.uid).catch(() => undefined);
  }

  /** Brings everyone's view to this member's (Owner or Facilitator with the attention policy). */
  async grabAttention(): Promise<boolean> {
    try {
      await this.sync.channel('grab-everyone-attention', this.currentRect());
      return true;
    } catch (error) {
      this.notices.error(errorText(error));
      return false;
    }
  }

  private currentRect() {
    const v = this.editor.viewport;
    return viewRect(v.state, v.width, v.height);
  }

  private sendViewport(): void {
    void this.sync.channel('follow-me-to', this.currentRect()).catch(() => undefined);
  }

  private received({ name, data, from }: ChannelData): void {
    if (from.uid === this.sync.uid) return;
    const state = this.state;
    switch (name) {
      case 'register-follower':
        if (!state.followers.includes(from.uid)) this.set({ ...state, followers: [...state.followers, from.uid] });
        this.sendViewport();
        break;
      case 'unregister-follower':
        this.set({ ...state, followers: state.followers.filter((uid) => uid !== from.uid) });
        break;
      case 'follow-me-to':
        if (state.following?.uid === from.uid && isRect(data)) this.editor.showRect(data, FOLLOW_GLIDE_MS);
        break;
      case 'grab-everyone-attention':
        if (!isRect(data)) break;
        // attention wins over a follow: the view stays where the caller wants it
        if (state.following) void this.unfollow();
        this.editor.showRect(data);
        this.notices.info(`${from.name || 'Guest'} brought everyone to their view`);
        break;
    }
  }

  private memberLeft(uid: string): void {
    const state = this.state;
    if (state.following?.uid === uid) this.set({ ...state, following: null });
    else if (state.followers.includes(uid)) this.set({ ...state, followers: state.followers.filter((f) => f !== uid) });
  }

  private set(next: FollowState): void {
    const cur = this.state;
    if (
      cur.following?.uid === next.following?.uid &&
      cur.following?.name === next.following?.name &&
      cur.followers.join() === next.followers.join()
    )
      return;
    this.state$.next(next);
  }
}

function errorText(error: unknown): string {
  const data = (error as { data?: { message?: string } } | null)?.data;
  if (data?.message) return data.message;
  return error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
}
