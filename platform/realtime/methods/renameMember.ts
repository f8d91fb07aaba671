import Joi from 'joi';
import { renameMember as renameBoardMember, boardRef } from '../../boards/api';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** renameMember(boardCode, name): the board service renames and publishes onBoardMemberRenamed; presence follows. */
export const renameMember = defineMethod<{ boardCode: string; name: string }>({
  name: 'renameMember',
  params: [
    ['boardCode', boardRef],
    ['name', Joi.string().max(200).allow('').required()],
  ],
  async run({ socket, app, hub }, { boardCode, name }) {
    const session = sessionOn(socket, boardCode);
    const result = await renameBoardMember(app, boardCode, session.actor, name, { connectionId: session.connectionId });
    const renamed = (result as { name?: unknown } | null)?.name;
    session.member.name = typeof renamed === 'string' ? renamed : name.trim();
    await hub.presence.rename(boardCode, session.actor.uid, session.member.name).catch(() => {});
    return result;
  },
});
