import Joi from 'joi';
import { recordBoardJoin, startBoardSession } from '../../admin/api';
import { describeBoard, boardRef } from '../../boards/api';
import { enterBoard } from '../membership';
import { defineMethod } from './define';

export const joinOptionsSchema = Joi.object({
  /** roaming (guest) user id; required with a clientid */
  uid: Joi.string().min(1).max(100),
  /** display name of a guest */
  name: Joi.string().trim().max(100).allow(''),
  /** the last command seq the client holds: it receives onReconnected with the commands after it */
  lastSeq: Joi.number().integer().min(0),
}).default({});

/**
 * joinBoard(workspace, boardCode, clientid, options): checks access (describeBoard), puts the
 * socket on the board, sends onMeJoined to the caller and onUserJoined to the others, and
 * answers the BoardInfo (members' isOnline from presence) with `connectionId`, `online` (the
 * members online on any node, latest first) and `lastSeq` (the board's latest seq).
 * Failure sends onBoardNotFound / onAccessDenied and answers the 404 / 403.
 */
export const joinBoard = defineMethod<{
  workspace?: string;
  boardCode: string;
  clientid?: string;
  options: { uid?: string; name?: string; lastSeq?: number };
}>({
  name: 'joinBoard',
  params: [
    ['workspace', Joi.string().max(100).allow('')],
    ['boardCode', boardRef],
    ['clientid', Joi.string().max(100).allow('')],
    ['options', joinOptionsSchema],
  ],
  async run(ctx, { boardCode, clientid, options }) {
    const { info, session, online, lastSeq, boardId } = await enterBoard(
      ctx,
      boardCode,
      { ...options, clientid },
      options.lastSeq ?? null,
      (actor) => describeBoard(ctx.app, boardCode, actor),
    );
    // user audit (backoffice.md §2): not awaited, never fails the join
    recordBoardJoin(ctx.app, { actor: session.actor, boardCode: info.code, lastSeq, socket: ctx.socket.info });
    // the board session (usage facts): written in the background, ended when the socket leaves
    session.usage = startBoardSession(ctx.app, { actor: session.actor, boardId, socket: ctx.socket.info });
    // (the socket left meanwhile: the stay is over already)
    if (ctx.socket.app.session !== session) session.usage?.end();
    const here = new Set(online.map((m) => m.uid));
    const members = info.members.map((m) => ({ ...m, isOnline: here.has(m.uid) }));
    return { ...info, members, connectionId: session.connectionId, online, lastSeq };
  },
});
