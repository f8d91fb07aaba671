import Joi from 'joi';
import { CHANNEL_EVENTS } from '../../../shared/hub';
import { boardRef } from '../../boards/api';
import { maxJsonBytes } from '../../core/route-pieces';
import { channelHandlers, type ChannelMessage } from '../channel';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/**
 * messaging(boardName, member, target, {name, data}): a channel event (grab-everyone-attention,
 * register-follower, unregister-follower, follow-me-to, collaboratorsCursorMoved) delivered as
 * onEventReceived { name, data, from: { uid, name } }. `member` is accepted for compatibility
 * and ignored: the sender is who the socket is. `target` is a member uid (followee) or empty.
 */
export const messaging = defineMethod<{ boardName: string; member?: unknown; target?: string; message: ChannelMessage }>({
  name: 'messaging',
  params: [
    ['boardName', boardRef],
    ['member', Joi.alternatives(Joi.string().max(100).allow(''), Joi.object().custom(maxJsonBytes(4_096)))],
    ['target', Joi.string().max(100).allow('')],
    [
      'message',
      Joi.object({
        name: Joi.string()
          .valid(...CHANNEL_EVENTS)
          .required(),
        data: Joi.any().custom(maxJsonBytes(16_384)),
      }).required(),
    ],
  ],
  async run(ctx, { boardName, target, message }) {
    const session = sessionOn(ctx.socket, boardName);
    return channelHandlers[message.name](ctx, session, message, target || null);
  },
});
