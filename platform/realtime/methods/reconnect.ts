import Joi from 'joi';
import { startBoardSession } from '../../admin/api';
import { getBoardAccess, boardRef } from '../../boards/api';
import { enterBoard } from '../membership';
import { defineMethod } from './define';

/**
 * reconnect(boardCode, lastSeq, options): after a dropped connection the new socket re-enters
 * the board and receives onReconnected with only the commands after `lastSeq` (the client's
 * last applied seq); live commands that arrive meanwhile follow it, none repeated.
 * A guest passes the same `options.uid` (and name, clientid) as at join. Answers
 * `{ connectionId, lastSeq, online }`.
 */
export const reconnect = defineMethod<{ boardCode: string; lastSeq: number; options: { uid?: string; name?: string; clientid?: string } }>({
  name: 'reconnect',
  params: [
    ['boardCode', boardRef],
    ['lastSeq', Joi.number().integer().min(0).default(0)],
    [
      'options',
      Joi.object({
        uid: Joi.string().min(1).max(100),
        name: Joi.string().trim().max(100).allow(''),
        clientid: Joi.string().max(100).allow(''),
      }).default({}),
    ],
  ],
  async run(ctx, { boardCode, lastSeq, options }) {
    const { session, online, boardId } = await enterBoard(ctx, boardCode, options, lastSeq, (actor) =>
      getBoardAccess(ctx.app, boardCode, actor),
    );
    // the board session goes on when this node ended it moments ago (a dropped connection)
    session.usage = startBoardSession(ctx.app, { actor: session.actor, boardId, socket: ctx.socket.info, resume: true });
    // (the socket left meanwhile: the stay is over already)
    if (ctx.socket.app.session !== session) session.usage?.end();
    return { connectionId: session.connectionId, lastSeq: session.lastSeq, online };
  },
});
