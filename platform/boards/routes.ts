import type { Readable } from 'node:stream';
import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { PAYLOAD_MAX_BYTES } from '../../shared/constants';
import { appendedCommand } from '../../shared/hub';
import { requestActor } from '../core/actor';
import { abuseOf } from '../core/abuse';
import { clientAddress } from '../core/client-ip';
import { boardCors } from '../core/cors';
import { badRequest } from '../core/errors';
import { noteCoreActions, type CoreAction } from './activity';
import { boardJoin } from './join';
import { migrateGuest } from './migrate';
import { newBoardPage } from './new-board-page';
import { optionalAuth, uidFields } from '../core/route-pieces';
import { boardRef, inviteRoleSchema, linkLevelSchema, memberRoleSchema, workspaceLevelSchema } from './schemas';
import { appendCommand, createBoard, removeBoard, renameBoard, setDisposeTimer } from './service';
import { historyRoutes } from './history';
import { changeMemberRole, getSharing, inviteMember, setSharing } from './sharing';

const id = Joi.object({ id: boardRef.description('board code or id') });
const actor = (request: Request) => requestActor(request);
const app = (request: Request) => request.server.app;
const tags = ['api', 'boards'];

/**
 * shared/permissions roleFloor: the lowest role that takes effect for a member and the grant behind
 * it (a member's `roleLimit` to the owner; a role change's `limitedBy`).
 */
const roleLimitSchema = Joi.object({ role: Joi.string(), by: Joi.string().valid('owner', 'workspace', 'link') })
  .prefs({ presence: 'required' })
  .label('RoleLimit');

const memberSchema = Joi.object({
  id: Joi.string(),
  uid: Joi.string(),
  name: Joi.string().allow(''),
  profileImage: Joi.string().allow(null),
  username: Joi.string()
    .allow(null)
    .optional()
    .description(
      "the member's e-mail: only to the Owner, a member Facilitator and the workspace's members (boards/contact.ts); absent otherwise",
    ),
  timestamp: Joi.number(),
  isOnline: Joi.boolean(),
  isSelf: Joi.boolean(),
  isOwner: Joi.boolean(),
  role: Joi.string().description('the role in force: their own, or the link or workspace level above it'),
  status: Joi.string(),
  // to the owner only (GET …/sharing): what keeps the member's role from going lower, or null
  roleLimit: roleLimitSchema.allow(null).optional(),
})
  .prefs({ presence: 'required' })
  .label('BoardMember');

/** shared/model CommandEffect: what an undo/redo or a clear did (shapes as stored, so not checked further). */
const effectSchema = Joi.object({
  shapes: Joi.array().items(Joi.object().unknown(true)).required(),
  removed: Joi.array().items(Joi.string()).required(),
  z: Joi.object().pattern(Joi.string(), Joi.number()),
}).label('CommandEffect');

/** The board as a visitor joins it (service.ts describeBoard; the hub's joinBoard answers it too): every key is sent. */
const boardInfoSchema = Joi.object({
  code: Joi.string(),
  boardId: Joi.string(),
  boardName: Joi.string().allow(''),
  displayName: Joi.string().allow(''),
  isNew: Joi.boolean(),
  workspace: Joi.object({ id: Joi.string(), altId: Joi.string() }).prefs({ presence: 'required' }).allow(null).label('BoardWorkspace'),
  disposeAt: Joi.string().allow(null),
  workspaceConfig: Joi.object().unknown(true).description("the workspace's settings (shared/workspace-roles WorkspaceConfig)"),
  boardConfig: Joi.object().unknown(true).description("the board's settings, the defaults filled in (shared/model BoardConfig)"),
  userConfig: Joi.object({
    keys: Joi.array().items(
      Joi.object({ c: Joi.string(), k: Joi.string().allow('') })
        .prefs({ presence: 'required' })
        .label('BoardKey'),
    ),
    snapToObject: Joi.boolean(),
    colors: Joi.array().items(Joi.string()),
  })
    .prefs({ presence: 'required' })
    .label('BoardUserConfig'),
  locale: Joi.string(),
  claims: Joi.object({
    role: Joi.string(),
    permissions: Joi.array().items(Joi.string()),
    client: Joi.string().allow(null),
    policies: Joi.array().items(Joi.string()),
  })
    .prefs({ presence: 'required' })
    .label('BoardClaims'),
  members: Joi.array().items(memberSchema),
  client: Joi.string().allow(null),
  version: Joi.string(),
  uid: Joi.string().description("the visitor's own key on the board (members' uid)"),
})
  .prefs({ presence: 'required' })
  .label('BoardInfo');

/** GET /api/boards/{id}/commands (join.ts boardJoin). */
const boardLoadSchema = Joi.object({
  board: boardInfoSchema.optional().description('without `after` only'),
  snapshot: Joi.object().unknown(true).allow(null).description('the reducer state at snapshotSeq (shared/reducer), or null'),
  snapshotSeq: Joi.number().integer(),
  commands: Joi.array()
    .items(Joi.object().unknown(true))
    .description('the commands after the snapshot (shared/model Command; `{ seq, hidden: true }` for one private mode hides)'),
  lastSeq: Joi.number().integer(),
  restricted: Joi.boolean().valid(true).optional().description('private mode filtered this load for the asker'),
  blurry: Joi.boolean().valid(true).optional().description("…in its blurry variant: others' texts and sticky notes, blurred"),
})
  .prefs({ presence: 'required' })
  .label('BoardLoad');

/**
 * The spec's routes of boards, sharing and members (board.md §7, panel.md §7). Those the board
 * client (sdk/) calls answer host pages of other origins: `cors: boardCors` (platform/core/cors.ts).
 */
export const boardRoutes: ServerRoute[] = [
  ...['/board/new', '/board/{workspaceId}/new'].map((path): ServerRoute => ({
    method: 'GET',
    path,
    options: {
      auth: false,
      description: 'Create a new board (page: uses the stored session, then opens the board)',
      security: { xframe: false as never },
      validate: {
        ...(path.includes('{workspaceId}')
          ? {
              params: Joi.object({
                workspaceId: Joi.string()
                  .max(100)
                  .pattern(/^[A-Za-z0-9_-]+$/),
              }),
            }
          : {}),
        query: Joi.object({ uid: Joi.string().max(100) }).unknown(true),
      },
    },
    handler: (request, h) =>
      h
        .response(newBoardPage((request.params as { workspaceId?: string }).workspaceId ?? null))
        .type('text/html')
        .header('cache-control', 'no-store'),
  })),
  {
    method: 'POST',
    path: '/api/boards',
    options: {
      auth: optionalAuth,
      tags,
      description: "Create a board (in the signed-in user's workspace, or owned by the guest uid)",
      validate: {
        payload: Joi.object({
          workspace: Joi.string().max(100).allow(null, ''),
          name: Joi.string().max(200).allow(''),
          // the creator's IANA zone, for the day in the default name 'Untitled board · Nov 28'; a zone
          // this server does not know falls back to UTC rather than refuse the board
          timeZone: Joi.string()
            .max(64)
            .pattern(/^[A-Za-z0-9_+/-]+$/),
          ...uidFields,
        }).label('NewBoard'),
      },
      response: { schema: Joi.object({ code: Joi.string(), id: Joi.string() }).prefs({ presence: 'required' }).label('CreatedBoard') },
    },
    handler: (request) =>
      createBoard(app(request), actor(request), request.payload as { workspace?: string; name?: string; timeZone?: string }),
  },
  {
    method: 'DELETE',
    path: '/api/boards',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Delete a board (owner only)',
      validate: { payload: Joi.object({ id: boardRef, ...uidFields }).label('DeleteBoard') },
    },
    async handler(request, h) {
      await removeBoard(app(request), (request.payload as { id: string }).id, actor(request));
      return h.response().code(204);
    },
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/dispose',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Set the dispose timer in days (0 = never; owner only)',
      validate: {
        params: id,
        payload: Joi.object({ days: Joi.number().integer().min(0).max(3650).required(), ...uidFields }).label('DisposeTimer'),
      },
      response: { schema: Joi.object({ disposeAt: Joi.string().allow(null).required() }).label('DisposeAt') },
    },
    handler: (request) =>
      setDisposeTimer(app(request), (request.params as { id: string }).id, actor(request), (request.payload as { days: number }).days),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/rename',
    options: {
      auth: optionalAuth,
      tags,
      description: 'Rename a board (edit_board)',
      validate: {
        params: id,
        payload: Joi.object({ name: Joi.string().max(200).allow('').required(), ...uidFields }).label('RenameBoard'),
      },
      response: { schema: Joi.object({ name: Joi.string().required() }).label('BoardName') },
    },
    handler: (request) =>
      renameBoard(app(request), (request.params as { id: string }).id, actor(request), (request.payload as { name: string }).name),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/commands',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: "Append a command to the board's log (same rules as the hub's sendCommand)",
      notes:
        'Answers { id, seq } and, for an undo/redo or a clear, the effect the server computed (the post-state of the shapes it affects: the sender applies it as everyone else does). ' +
        "Idempotent per command id: a retried send answers the stored command's seq (and effect). coreActions are recorded once the command is stored (board_activity).",
      payload: { maxBytes: PAYLOAD_MAX_BYTES },
      validate: {
        params: id,
        payload: Joi.object({
          boardCommand: Joi.alternatives(Joi.string().max(PAYLOAD_MAX_BYTES), Joi.object().unknown(true)).required(),
          connectionId: Joi.string().max(200).allow('', null),
          coreActions: Joi.array().items(Joi.string().valid('edited', 'collaborated')).max(2),
          ...uidFields,
        }).label('BoardCommand'),
      },
      response: {
        schema: Joi.object({ id: Joi.string().required(), seq: Joi.number().required(), effect: effectSchema }).label('AppendedCommand'),
      },
      plugins: {
        openapi: {
          responses: {
            403: "'Unauthorized access': the sender may not edit the board, or the command needs a feature its plan lacks (then with { feature, policies }: docs/api.md \"Plan policies on commands\"); undoing another's command is refused too.",
            429: 'Over the sender\'s command budget (docs/security.md "Abuse limits"): wait for Retry-After.',
          },
        },
      },
    },
    async handler(request) {
      const p = request.payload as { boardCommand: string | object; connectionId?: string | null; coreActions?: CoreAction[] };
      const who = actor(request);
      // the sender's command budget, shared with its sockets (docs/security.md "Abuse limits"): a 429 with Retry-After
      const address = who?.claims ? null : clientAddress(request);
      await abuseOf(app(request)).user('commands', who?.uid ?? `ip:${address}`, { address, board: (request.params as { id: string }).id });
      let command: unknown = p.boardCommand;
      if (typeof command === 'string') {
        try {
          command = JSON.parse(command);
        } catch {
          throw badRequest('boardCommand is not valid JSON.', { boardCommand: ['boardCommand is not valid JSON.'] });
        }
      }
      const board = (request.params as { id: string }).id;
      const { command: stored } = await appendCommand(app(request), board, who, command, { connectionId: p.connectionId || undefined });
      // stored and published: the core actions are recorded in the background (never fail the command)
      if (who && p.coreActions?.length) noteCoreActions(app(request), board, who, p.coreActions);
      return appendedCommand(stored);
    },
  },
  {
    method: 'GET',
    path: '/api/boards/{id}/commands',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Open a board: its latest snapshot and the commands after it (or only the commands after `after`)',
      notes:
        'Answers { board?, snapshot, commands, lastSeq } with a content-length (clients show load progress from it). ' +
        'In private mode a member who is neither Owner nor Facilitator gets only what concerns the shapes they created: ' +
        '{ seq, hidden: true } in the place of the others\' commands, and restricted: true (docs/security.md "Private mode").',
      validate: { params: id, query: Joi.object({ after: Joi.number().integer().min(0), ...uidFields }) },
      // a stream (stored JSON text, never parsed on this path), which hapi cannot check: the handler
      // checks it itself under RESPONSE_CHECK=strict (docs/api.md "Wire types")
      response: { schema: boardLoadSchema, sample: 0 },
      plugins: {
        openapi: {
          responses: { 403: "'Unauthorized access' when the caller has no access to the board; a disabled board answers 403 too." },
        },
      },
    },
    async handler(request, h) {
      const { after } = request.query as { after?: number };
      const body = await boardJoin(app(request), (request.params as { id: string }).id, actor(request), after ?? null);
      let payload: Readable | Buffer = body.stream;
      if (app(request).config.responseCheck === 'strict') {
        payload = Buffer.concat(await body.stream.toArray());
        const { error } = boardLoadSchema.validate(JSON.parse(payload.toString('utf8')));
        if (error) throw Boom.badImplementation(`GET ${request.route.path} answered off its response schema: ${error.message}`);
      }
      return (
        h
          .response(payload)
          .type('application/json; charset=utf-8')
          .header('content-length', String(body.length))
          // progress is computed from content-length: keep the body as sent (no on-the-fly compression)
          .header('content-encoding', 'identity')
          .header('cache-control', 'no-store')
      );
    },
  },
  {
    method: 'GET',
    path: '/api/boards/{id}/sharing',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Board sharing: members and the workspace and link levels',
      validate: { params: id, query: Joi.object(uidFields) },
      response: {
        schema: Joi.object({
          members: Joi.array().items(memberSchema),
          workspaceName: Joi.string().allow(null),
          workspace: Joi.string(),
          link: Joi.string(),
        })
          .prefs({ presence: 'required' })
          .label('Sharing'),
      },
    },
    handler: (request) => getSharing(app(request), (request.params as { id: string }).id, actor(request)),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/sharings',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Set the workspace and link access levels (owner only)',
      validate: {
        params: id,
        payload: Joi.object({ workspace: workspaceLevelSchema, link: linkLevelSchema, ...uidFields })
          .or('workspace', 'link')
          .label('SharingLevels'),
      },
      response: {
        schema: Joi.object({ workspace: Joi.string(), link: Joi.string() }).prefs({ presence: 'required' }).label('SharingLevelsResult'),
      },
    },
    handler: (request) => setSharing(app(request), (request.params as { id: string }).id, actor(request), request.payload as never),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/members',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'Invite a member by e-mail with a role (owner only)',
      validate: {
        params: id,
        payload: Joi.object({
          email: Joi.string().trim().email().max(320).required(),
          memberRole: inviteRoleSchema.required(),
          ...uidFields,
        }).label('Invitation'),
      },
      response: {
        schema: Joi.object({
          id: Joi.string(),
          displayName: Joi.string().allow(''),
          profileImage: Joi.string().allow(null),
          status: Joi.string(),
        })
          .prefs({ presence: 'required' })
          .label('InvitedMember'),
      },
    },
    handler: (request) => inviteMember(app(request), (request.params as { id: string }).id, actor(request), request.payload as never),
  },
  {
    method: 'POST',
    path: '/api/boards/{id}/members/{memberId}/roles',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: "Change a member's role (owner only; NoAccess revokes)",
      validate: {
        params: Joi.object({ id: boardRef, memberId: Joi.string().max(100).required() }),
        payload: Joi.object({ role: memberRoleSchema.required(), ...uidFields }).label('MemberRole'),
      },
      response: {
        schema: Joi.object({
          id: Joi.string(),
          role: Joi.string().allow(null).description('the role in force now (null: no access)'),
          // the level (or the workspace's ownership) above the asked role when it did not take effect
          limitedBy: roleLimitSchema.allow(null),
        })
          .prefs({ presence: 'required' })
          .label('MemberRoleResult'),
      },
    },
    handler: (request) => {
      const { id: board, memberId } = request.params as { id: string; memberId: string };
      return changeMemberRole(app(request), board, actor(request), memberId, (request.payload as { role: never }).role);
    },
  },
  {
    method: 'POST',
    path: '/api/users/migrate',
    options: {
      auth: 'jwt',
      tags: ['api', 'users'],
      description: "Merge a guest's boards into the signed-in account (at login)",
      validate: { payload: Joi.object({ uniqueUserId: Joi.string().max(100).required(), ...uidFields }).label('MigrateGuest') },
      response: {
        schema: Joi.object({ boards: Joi.number(), memberships: Joi.number() }).prefs({ presence: 'required' }).label('MigratedGuest'),
      },
    },
    handler: (request) => migrateGuest(app(request), actor(request), (request.payload as { uniqueUserId: string }).uniqueUserId),
  },
  // board history (./history.ts)
  ...historyRoutes,
];
