import Joi from 'joi';
import { boardRef } from '../boards/api';
import { uidFields } from '../core/route-pieces';
import { workspaceRef } from '../workspaces/api';
import { BOARD_TAG_MAX_LENGTH, BOARD_TAGS_MAX } from './service';
import { USER_TAGS_MAX } from './home';

/**
 * Joi schemas of the library routes (route validation and the OpenAPI document). Bodies may carry
 * the caller's `Uid` (panel.md §7), which these routes ignore: they need a bearer token.
 */
export const boardParams = Joi.object({ id: boardRef.description('board code or id') });
export const listParams = Joi.object({
  id: workspaceRef.description("the workspace's id, its altId, 'default', or 'shared' (boards shared with me)"),
});
export const restoreParams = Joi.object({ workspaceId: workspaceRef });
export const backupParams = Joi.object({ id: Joi.string().guid().required().description('the backup id POST …/backup answered') });
export const thumbnailParams = Joi.object({
  key: Joi.string()
    .max(64)
    .pattern(/^[A-Za-z0-9_-]+$/)
    .required(),
});

const tag = Joi.string().trim().min(1).max(BOARD_TAG_MAX_LENGTH);

export const boardItem = Joi.object({
  id: Joi.string(),
  name: Joi.string().allow(''),
  code: Joi.string(),
  thumbnail: Joi.string().allow(null).description('URL of the PNG thumbnail, null while there is none'),
  isChanged: Joi.boolean().description("changed by someone else since the asker's last visit"),
  membersCount: Joi.number().integer(),
  lastSession: Joi.string().allow(null),
  tags: Joi.array().items(Joi.string()),
})
  .prefs({ presence: 'required' })
  .label('BoardListItem');

export const tagsPayload = Joi.object({ tags: Joi.array().items(tag).max(BOARD_TAGS_MAX).required(), ...uidFields }).label('BoardTags');
export const movePayload = Joi.object({ workspace: workspaceRef.description('the target workspace'), ...uidFields }).label('MoveBoard');
export const emptyPayload = Joi.object({ ...uidFields })
  .allow(null)
  .label('Empty');
export const thumbnailPayload = Joi.object({
  thumbnail: Joi.string()
    .max(1_500_000)
    .required()
    .description('a data:image/png, image/jpeg or image/webp;base64 URL (at most 1 MiB decoded)'),
  ...uidFields,
}).label('BoardThumbnail');
export const userTagsPayload = Joi.object({ adds: Joi.array().items(tag).max(USER_TAGS_MAX).required(), ...uidFields }).label(
  'UserTagsAdd',
);

export const homeAnswer = Joi.object({
  displayName: Joi.string().allow(''),
  role: Joi.number().integer(),
  signupDate: Joi.string(),
  totalBoards: Joi.number().integer(),
  storage: Joi.number().integer().description('bytes'),
  tags: Joi.array().items(Joi.string()),
  coreAction: Joi.object({ sessions: Joi.number().integer(), edits: Joi.number().integer(), collaborations: Joi.number().integer() })
    .prefs({ presence: 'required' })
    .label('CoreActions'),
  recentBoards: Joi.array().items(
    Joi.object({ code: Joi.string(), name: Joi.string().allow(''), thumbnail: Joi.string().allow(null) })
      .prefs({ presence: 'required' })
      .label('RecentBoard'),
  ),
})
  .prefs({ presence: 'required' })
  .label('PanelHome');
