import Joi from 'joi';
import { appendCommand } from '../../boards/service';
import { boardRef } from '../../boards/schemas';
import { rememberSent, sessionOn } from '../session';
import { defineMethod } from './define';

/**
 * sendCommand(boardCode, command): the board service validates, authorises and appends the
 * command (connectionId = this socket, so the sender is skipped by the broadcast) and publishes
 * onCommand. Answers `{ id, seq, duplicate }` (a resend of the same command id is a duplicate).
 */
export const sendCommand = defineMethod<{ boardCode: string; command: Record<string, unknown> }>({
  name: 'sendCommand',
  params: [
    ['boardCode', boardRef],
    ['command', Joi.object().unknown(true).required()],
  ],
  async run({ socket, app }, { boardCode, command }) {
    const session = sessionOn(socket, boardCode);
    const id = (command as { id?: unknown }).id;
    if (typeof id === 'string') rememberSent(session, id);
    const { command: stored, duplicate } = await appendCommand(app, boardCode, session.actor, command as never, { connectionId: session.connectionId });
    return { id: stored.id, seq: stored.seq, duplicate };
  },
});
