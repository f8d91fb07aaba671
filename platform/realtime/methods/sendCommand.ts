import Joi from 'joi';
import { appendedCommand, type SendCommandAnswer } from '../../../shared/hub';
import { noteCoreActions, appendCommand, boardRef } from '../../boards/api';
import { abuseOf } from '../../core/abuse';
import { rememberSent, sessionOn } from '../session';
import { defineMethod } from './define';

/**
 * sendCommand(boardCode, command): the board service validates, authorises and appends the
 * command (connectionId = this socket, so the sender is skipped by the broadcast) and publishes
 * onCommand. Answers `{ id, seq, duplicate, effect? }` (shared/hub SendCommandAnswer): a resend of the
 * same command id is a duplicate; an undo/redo or clear carries the `effect` the server computed,
 * since the sender is not sent its own onCommand.
 *
 * The spec gives sendCommand no coreActions: a socket sender edits ('edited'), and collaborates
 * ('collaborated') when another member is on the board at that moment — on this node (the
 * hub's sessions), else, checked in the background now and then, on any node (presence).
 * Recorded after the answer is ready, in the background and coalesced (boards/activity.ts).
 */
export const sendCommand = defineMethod<{ boardCode: string; command: Record<string, unknown> }>({
  name: 'sendCommand',
  params: [
    ['boardCode', boardRef],
    ['command', Joi.object().unknown(true).required()],
  ],
  async run({ socket, app, hub }, { boardCode, command }): Promise<SendCommandAnswer> {
    const session = sessionOn(socket, boardCode);
    // this socket's, this user's, a guest's address's and the board's command budgets
    // (docs/security.md "Abuse limits"): a 429 over any
    const address = session.actor.claims ? null : socket.address;
    await abuseOf(app).hub('commands', session.connectionId, session.actor.uid, { address, board: session.board });
    const id = (command as { id?: unknown }).id;
    if (typeof id === 'string') rememberSent(session, id);
    const { command: stored, duplicate } = await appendCommand(app, boardCode, session.actor, command as never, {
      connectionId: session.connectionId,
    });
    const uid = session.actor.uid;
    const together = hub.othersOnBoard(session.board, uid);
    noteCoreActions(app, session.board, session.actor, together ? ['edited', 'collaborated'] : ['edited'], {
      othersOnline: async () => (await hub.presence.online(session.board)).some((m) => m.uid !== uid),
    });
    return { ...appendedCommand(stored), duplicate };
  },
});
