import Joi from 'joi';
import { updateBoardConfig, boardRef } from '../../boards/api';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** updateConfig(boardCode, partial): upload, bgColor, bg, privateMode, viewport; the board service checks and publishes onConfigChanged. */
export const updateConfig = defineMethod<{ boardCode: string; config: Record<string, unknown> }>({
  name: 'updateConfig',
  params: [
    ['boardCode', boardRef],
    ['config', Joi.object().unknown(true).required()],
  ],
  async run({ socket, app }, { boardCode, config }) {
    const session = sessionOn(socket, boardCode);
    return updateBoardConfig(app, boardCode, session.actor, config as never, { connectionId: session.connectionId });
  },
});
