import type { HubMethodDef } from './define';
import { addComment } from './addComment';
import { addTemplate } from './addTemplate';
import { deleteComment } from './deleteComment';
import { joinBoard } from './joinBoard';
import { messaging } from './messaging';
import { reconnect } from './reconnect';
import { renameBoard } from './renameBoard';
import { renameMember } from './renameMember';
import { sendCommand } from './sendCommand';
import { sendMessage } from './sendMessage';
import { updateConfig } from './updateConfig';

/** The hub methods of board.md §7 (shared/hub.ts HUB_METHODS), one module each. */
export const hubMethods: HubMethodDef[] = [
  joinBoard,
  reconnect,
  sendCommand,
  renameMember,
  renameBoard,
  updateConfig,
  messaging,
  sendMessage,
  addComment,
  deleteComment,
  addTemplate,
];
