import Boom from '@hapi/boom';
import type { ChannelEvent } from '../../shared/hub';
import { CURSOR_THROTTLE_MS } from '../../shared/constants';
import { canGrabAttention } from '../../shared/permissions';
import { hasPolicy, POLICY } from '../../shared/policies';
import { getBoardAccess } from '../boards/api';
import { fieldError } from '../core/errors';
import type { MethodContext } from './methods/define';
import type { Session } from './session';

/** Collaborator cursors: at most one per 50 ms per socket (board.md §9); faster ones are dropped. */
export { CURSOR_THROTTLE_MS };
export const CROSS_FOLLOWING = 'Cross-following is not allowed!';

export interface ChannelMessage {
  name: ChannelEvent;
  data?: unknown;
}

/** What a channel event becomes for its receivers: onEventReceived { name, data, from }. */
const received = (session: Session, message: ChannelMessage) => ({
  event: 'onEventReceived' as const,
  data: { name: message.name, data: message.data ?? null, from: { uid: session.actor.uid, name: session.member.name } },
  except: session.connectionId,
});

type Handler = (ctx: MethodContext, session: Session, message: ChannelMessage, target: string | null) => Promise<unknown>;

/**
 * The channel events carried by `messaging` (presence: never in the command log). Each one
 * decides who receives it; all arrive as onEventReceived.
 */
export const channelHandlers: Record<ChannelEvent, Handler> = {
  /**
   * To everyone else in the board's next cursor batch (cursor-batch.ts: one message per receiver
   * per 50 ms, whatever the number of movers); with `target`, to that member alone, at once.
   */
  async collaboratorsCursorMoved({ hub }, session, message, target) {
    const now = Date.now();
    if (now - session.lastCursorAt < CURSOR_THROTTLE_MS) return { delivered: false, dropped: true };
    session.lastCursorAt = now;
    if (target) await hub.publish(session.board, { ...received(session, message), to: [target] });
    else hub.cursors.move(session.board, { data: message.data ?? null, from: { uid: session.actor.uid, name: session.member.name } });
    return { delivered: true };
  },

  /** Owner or Facilitator with the attention policy (board.md §6): everyone else looks at them. */
  async 'grab-everyone-attention'({ hub, app }, session, message) {
    const access = await getBoardAccess(app, session.board, session.actor);
    if (!canGrabAttention(access.role)) throw Boom.forbidden('Only the Owner or a Facilitator can grab attention.');
    if (!hasAttentionPolicy(session)) throw Boom.forbidden('Your plan does not include grabbing attention.');
    await hub.presence.setAttention(session.board, {
      uid: session.actor.uid,
      name: session.member.name,
      data: message.data ?? null,
      at: Date.now(),
    });
    await hub.publish(session.board, received(session, message));
    return { delivered: true };
  },

  /** The caller follows `target`; one followee at a time; following someone who follows you is refused. */
  async 'register-follower'({ hub }, session, message, target) {
    const me = session.actor.uid;
    if (!target) throw fieldError('target', 'Choose a member to follow.');
    if (target === me) throw fieldError('target', 'You cannot follow yourself.');
    if ((await hub.presence.followeeOf(session.board, target)) === me) throw fieldError('target', CROSS_FOLLOWING);
    const previous = await hub.presence.unfollow(session.board, me);
    if (previous && previous !== target) {
      await hub.publish(session.board, { ...received(session, { name: 'unregister-follower', data: null }), to: [previous] });
    }
    await hub.presence.follow(session.board, me, target);
    await hub.publish(session.board, { ...received(session, message), to: [target] });
    return { delivered: true, following: target };
  },

  async 'unregister-follower'({ hub }, session, message, target) {
    const followee = (await hub.presence.unfollow(session.board, session.actor.uid)) ?? target;
    if (followee) await hub.publish(session.board, { ...received(session, message), to: [followee] });
    return { delivered: !!followee };
  },

  /** The followee's viewport, to its followers. */
  async 'follow-me-to'({ hub }, session, message) {
    const followers = await hub.presence.followersOf(session.board, session.actor.uid);
    if (followers.length) await hub.publish(session.board, { ...received(session, message), to: followers });
    return { delivered: followers.length > 0, followers: followers.length };
  },
};

/** The attention policy comes with the team and teamplus plans (board.md §6), from the caller's claims. */
function hasAttentionPolicy(session: Session): boolean {
  return hasPolicy(session.actor.claims ?? {}, POLICY.attention);
}
