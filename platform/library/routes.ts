import Boom from '@hapi/boom';
import { attachment } from '../core/attachment';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import knex from 'knex';
import { hasWorkspaceRight } from '../../shared/workspace-roles';
import { requestActor } from '../core/actor';
import { answerList, listAnswer, listQuery } from '../core/list';
import { resolveWorkspace } from '../workspaces/api';
import { backupFile, makeBackup, restoreBoard } from './backup';
import { boardList, sharedBoards, workspaceBoards } from './board-list';
import { addTags, homeData, storeClientThumbnail } from './home';
import { thumbnailByKey } from './repo';
import {
  backupParams,
  boardItem,
  boardParams,
  emptyPayload,
  homeAnswer,
  listParams,
  movePayload,
  restoreParams,
  tagsPayload,
  thumbnailParams,
  thumbnailPayload,
  userTagsPayload,
} from './schemas';
import { duplicateBoard, moveBoard, setBoardTags, userIdOf } from './service';
import { WTB_MAX_BYTES } from './wtb';

const tags = ['api', 'boards'];
const auth = 'jwt';
const actor = (request: Request) => requestActor(request);
const app = (request: Request) => request.server.app;
const id = (request: Request) => String(request.params.id);
const refusals =
  "401 without a bearer token; 404 'Requested board not found!'; 403 'Unauthorized access' unless Owner or Admin of the board's workspace";
/** listQuery reads the declaration's names only: a connectionless knex builds it */
const LIST_SHAPE = boardList(knex({ client: 'pg' }) as never, '');

/** panel.md §7: the board list and its actions, backup and restore, thumbnails, home data, user tags. */
export const libraryRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/workspace/{id}/boards',
    options: {
      auth,
      tags,
      description: "The boards of a workspace, or 'shared' for the boards shared with me (list protocol with the spec's names; 30 a page)",
      notes:
        "Query: Take, Skip, Text (name contains), Filter (All, Owned, NotOwned), Tags (comma separated: boards holding every one), Sort (LastVisited, Alphabet, LastChanged). Owners and admins see every board of the workspace; members those they can open. 404 'Workspace not found.' for a workspace the caller does not belong to.",
      validate: { params: listParams, query: listQuery(LIST_SHAPE) },
      response: { schema: Joi.alternatives(listAnswer('BoardsPage', boardItem), Joi.string()) },
    },
    async handler(request, h) {
      const userId = userIdOf(actor(request));
      const db = app(request).db;
      if (id(request) === 'shared') return answerList(boardList(db, userId), sharedBoards(db, userId), request, h);
      const { workspace, role } = await resolveWorkspace(app(request), actor(request), id(request));
      return answerList(boardList(db, userId), workspaceBoards(db, userId, workspace.id, hasWorkspaceRight(role, 'ownBoards')), request, h);
    },
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/tags',
    options: {
      auth,
      tags,
      description: "Save a board's tags (tag-boards policy; Owner or Admin)",
      notes: `${refusals}, or when the plan lacks the tag-boards policy. The tags replace the board's (trimmed, distinct, at most 20 of 1–40 characters). Answers the board list item.`,
      validate: { params: boardParams, payload: tagsPayload },
      response: { schema: boardItem },
    },
    handler: (request) => setBoardTags(app(request), actor(request), id(request), (request.payload as { tags: string[] }).tags),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/move',
    options: {
      auth,
      tags,
      description: 'Move a board to another workspace (Owner or Admin of both)',
      notes: `${refusals}; 404 'Workspace not found.' for a target the caller does not belong to. Answers the board list item.`,
      validate: { params: boardParams, payload: movePayload },
      response: { schema: boardItem },
    },
    handler: (request) => moveBoard(app(request), actor(request), id(request), (request.payload as { workspace: string }).workspace),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/duplicate',
    options: {
      auth,
      tags,
      description:
        "Duplicate a board: its current state (not its history) in a new board with a new code, named '<name> (copy)' (Owner or Admin)",
      notes: `${refusals}. Answers the new board's list item; its thumbnail follows shortly.`,
      validate: { params: boardParams, payload: emptyPayload },
      response: { schema: boardItem },
    },
    handler: (request) => duplicateBoard(app(request), request.server.plugins.assets.storage, actor(request), id(request)),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/backup',
    options: {
      auth,
      tags,
      description: 'Make a backup (.wtb) of the board (backup-boards policy; Owner or Admin); answers its id',
      notes: `${refusals}, or when the plan lacks the backup-boards policy. GET /api/boards/{backup id}/backup downloads it for an hour.`,
      validate: { params: boardParams, payload: emptyPayload },
      response: { schema: Joi.object({ id: Joi.string().required() }).label('BoardBackup') },
    },
    handler: (request) => makeBackup(app(request), request.server.plugins.assets.storage, actor(request), id(request)),
  },
  {
    method: 'GET',
    path: '/api/boards/{id}/backup',
    options: {
      auth: false,
      tags,
      description: 'Download a backup as <board name>.wtb (the id POST …/backup answered; valid for an hour)',
      notes: 'A browser navigation carries no token: the backup id (122 random bits) is the permission. 404 for an unknown or expired id.',
      validate: { params: backupParams, query: Joi.object({ Uid: Joi.string().max(100) }).unknown(false) },
    },
    async handler(request, h) {
      const file = await backupFile(app(request), id(request));
      return h
        .response(file.data)
        .type('application/gzip')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store');
    },
  },
  {
    method: 'POST',
    path: '/api/boards/restore/{workspaceId}',
    options: {
      auth,
      tags,
      description: 'Restore a .wtb backup as a new board in the workspace (multipart field file; backup-boards policy; Owner or Admin)',
      notes:
        "400 under file: 'No File Selected'; only .wtb files; a damaged, truncated, oversized, other-version or invalid file (shapes failing validation) — nothing is created. Answers the new board's code.",
      validate: { params: restoreParams },
      payload: {
        output: 'data',
        parse: true,
        allow: ['multipart/form-data', 'application/json'],
        multipart: { output: 'annotated' },
        maxBytes: WTB_MAX_BYTES + 64 * 1024,
      },
      response: { schema: Joi.object({ code: Joi.string().required() }).label('RestoredBoard') },
    },
    handler(request) {
      const payload = (request.payload ?? {}) as { file?: unknown };
      const file = payload.file as { filename?: string; payload?: Buffer } | Buffer | string | undefined;
      const data = Buffer.isBuffer(file)
        ? file
        : file && typeof file === 'object' && Buffer.isBuffer(file.payload)
          ? file.payload
          : undefined;
      const filename =
        file && typeof file === 'object' && !Buffer.isBuffer(file) && typeof file.filename === 'string' ? file.filename : undefined;
      if (typeof file === 'string')
        return restoreBoard(app(request), request.server.plugins.assets.storage, actor(request), String(request.params.workspaceId), {
          filename,
          data: Buffer.from(file, 'latin1'),
        });
      return restoreBoard(
        app(request),
        request.server.plugins.assets.storage,
        actor(request),
        String(request.params.workspaceId),
        data ? { filename, data } : null,
      );
    },
  },
  {
    method: 'GET',
    path: '/api/thumbnails/{key}',
    options: {
      auth: false,
      tags,
      description: "A board's thumbnail (PNG); the URL comes from the board list or home data",
      notes: 'The key changes with every new image: the answer is cached for good. 404 for an unknown key.',
      validate: { params: thumbnailParams },
    },
    async handler(request, h) {
      const found = await thumbnailByKey(app(request).db, String(request.params.key));
      if (!found) throw Boom.notFound('Thumbnail not found.');
      return h.response(found.thumbnail).type(found.thumbnail_type).header('cache-control', 'private, max-age=31536000, immutable');
    },
  },
  {
    method: 'POST',
    path: '/api/admin/boards/{id}/thumbnails',
    options: {
      auth,
      tags,
      description: 'Store a thumbnail made by the client (the board owner or an operator)',
      notes:
        "PNG, JPEG or WebP data URL of at most 1 MiB, redrawn at thumbnail size. 400 under thumbnail otherwise; 403 'Unauthorized access' for anyone but the board's owner or an operator.",
      validate: { params: boardParams, payload: thumbnailPayload },
      payload: { maxBytes: 2 * 1024 * 1024 },
      response: { schema: Joi.object({ thumbnail: Joi.string().required() }).label('StoredThumbnail') },
    },
    handler: (request) =>
      storeClientThumbnail(app(request), actor(request), id(request), (request.payload as { thumbnail: string }).thumbnail),
  },
  {
    method: 'GET',
    path: '/api/panel/home',
    options: { auth, tags: ['api', 'panel'], description: "The panel home's data", response: { schema: homeAnswer } },
    handler: (request) => homeData(app(request), actor(request)),
  },
  {
    method: 'PUT',
    path: '/api/users/tags',
    options: {
      auth,
      tags: ['api', 'users'],
      description: "Add tags to the signed-in user (e.g. 'iran' from a Tehran time zone)",
      notes: 'Tags are trimmed and deduplicated; a user holds at most 50. Answers all of them.',
      validate: { payload: userTagsPayload },
      response: { schema: Joi.object({ tags: Joi.array().items(Joi.string()).required() }).label('UserTags') },
    },
    handler: (request) => addTags(app(request), actor(request), (request.payload as { adds: string[] }).adds),
  },
];
