import Joi from 'joi';
import { renameBoard as renameTheBoard, boardRef } from '../../boards/api';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** renameBoard(boardCode, name): the board service checks edit_board, renames, publishes onBoardRenamed. */
export const renameBoard = defineMethod<{ boardCode: string; name: string }>({
  name: 'renameBoard',
  params: [
    ['boardCode', boardRef],
    ['name', Joi.string().max(200).allow('').required()],
  ],
  async run({ socket, app }, { boardCode, name }) {
    const session = sessionOn(socket, boardCode);
    return renameTheBoard(app, boardCode, session.actor, name, { connectionId: session.connectionId });
  },
});
