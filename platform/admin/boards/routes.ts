import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery } from '../../core/list';
import { answer, deletedAnswer } from '../../core/route-pieces';
import { auditAs } from '../audit/trail';
import { operatorRoute } from '../operator';
import { adminBoardsBase, adminBoardsList } from './list';
import * as boards from './service';

const app = (request: Request) => request.server.app;
const idParams = Joi.object({ id: Joi.string().max(64).required() }).label('AdminBoardRef');
const memberPayload = Joi.object({ id: Joi.string().max(64).required(), member: Joi.string().max(64).required() }).label(
  'AdminBoardMember',
);

/** A row of the board grid (the `boards` report of the catalogue too, platform/admin/reports/boards.ts). */
export const boardItem = Joi.object({
  id: Joi.string(),
  code: Joi.string(),
  name: Joi.string(),
  owner: Joi.string().allow(null),
  ownerUsername: Joi.string().allow(null),
  status: Joi.number().valid(1, 2, 3),
  membersCount: Joi.number(),
  commandsCount: Joi.number(),
  shareType: Joi.number(),
  hasClient: Joi.boolean(),
  assetsSize: Joi.number(),
  createdDate: Joi.string().allow(null),
  lastSession: Joi.string().allow(null),
})
  .prefs({ presence: 'required' })
  .label('AdminBoardRow');

const nullable = () => Joi.string().allow(null, '');
/** GET /api/admin/boards/{id}/details (service.ts boardDetails); every key is sent. */
const boardDetail = Joi.object({
  id: Joi.string(),
  code: Joi.string(),
  name: Joi.string(),
  status: Joi.number().valid(1, 2, 3),
  owner: nullable(),
  createdDate: nullable(),
  lastSession: nullable(),
  lastChange: nullable(),
  commandsCount: Joi.number(),
  mediaCount: Joi.number(),
  mediaSize: Joi.number(),
  workspace: Joi.object({ id: Joi.string(), altId: nullable(), name: Joi.string() })
    .prefs({ presence: 'required' })
    .allow(null)
    .label('AdminBoardWorkspace'),
  storage: Joi.number().description('bytes of the command log and the pictures and documents'),
  clientUsername: nullable(),
  clientId: nullable(),
  isDisposable: Joi.boolean(),
  disposeAt: nullable(),
  members: Joi.array().items(
    Joi.object({
      id: Joi.string(),
      uid: nullable(),
      username: nullable(),
      displayName: nullable(),
      role: nullable(),
      isOwner: Joi.boolean(),
      isActive: Joi.boolean(),
      lastJoinedAt: nullable(),
      lastOnline: nullable(),
      ip: nullable().description("the client address of the member's last board session"),
      userAgent: nullable().description("the browser of the member's last board session"),
      sessionDuration: Joi.number()
        .integer()
        .allow(null)
        .description('seconds of the last board session (so far, while it is open); null without one'),
    })
      .prefs({ presence: 'required' })
      .label('AdminBoardMemberRow'),
  ),
})
  .prefs({ presence: 'required' })
  .label('AdminBoard');
/** GET /api/admin/boards/{id}/insights: titled groups of name/value items. */
const boardInsights = Joi.array()
  .items(
    Joi.object({
      title: Joi.string(),
      items: Joi.array().items(
        Joi.object({ name: Joi.string(), value: Joi.alternatives(Joi.string().allow(''), Joi.number()) })
          .prefs({ presence: 'required' })
          .label('AdminInsightItem'),
      ),
    })
      .prefs({ presence: 'required' })
      .label('AdminInsightGroup'),
  )
  .label('AdminBoardInsights');

/** backoffice.md §7 Boards. */
export function adminBoardRoutes(db: Parameters<typeof adminBoardsList>[0]): ServerRoute[] {
  const list = adminBoardsList(db);
  return [
    {
      method: 'GET',
      path: '/api/admin/boards',
      options: operatorRoute('admin-boards', {
        description: 'The board administration grid (list protocol; Accept: text/csv for CSV)',
        notes:
          'QuickFilter: all, asset, ctoday, utoday, cyesterday, uyesterday, client, withuser, removal-candidate, disposable, Inactive. Orders: CreatedDate, LastSession.',
        validate: { query: listQuery(list) },
        response: { schema: Joi.alternatives(listAnswer('AdminBoards', boardItem), Joi.string()) },
      }),
      handler: (request, h) => answerList(list, adminBoardsBase(app(request).db), request, h),
    },
    {
      method: 'GET',
      path: '/api/admin/boards/{id}/details',
      options: operatorRoute('admin-boards', {
        description: 'A board with its members',
        validate: { params: idParams },
        response: { schema: boardDetail },
      }),
      handler: (request) => boards.boardDetails(app(request), String(request.params.id)),
    },
    {
      method: 'GET',
      path: '/api/admin/boards/{id}/insights',
      options: operatorRoute('admin-boards', {
        description: "A board's insight: titled groups of items",
        validate: { params: idParams },
        response: { schema: boardInsights },
      }),
      handler: (request) => boards.boardInsights(app(request), String(request.params.id)),
    },
    {
      method: 'POST',
      path: '/api/admin/boards/{id}/disable',
      options: operatorRoute('admin-boards', {
        description: 'Toggle Disable: active ⇄ disabled (a disabled board refuses every join)',
        validate: { params: idParams },
        response: {
          schema: answer('AdminBoardDisabled', { id: Joi.string(), status: Joi.number().valid(1, 2).description('1 active, 2 disabled') }),
        },
      }),
      async handler(request) {
        const out = await boards.toggleDisable(app(request), String(request.params.id));
        auditAs(request, { action: out.status === 2 ? 'board.disable' : 'board.enable', targetType: 'board', targetId: out.id });
        return out;
      },
    },
    {
      method: 'POST',
      path: '/api/admin/boards/set-owner',
      options: operatorRoute('admin-boards', {
        description: "Make a member (a signed-in account) the board's owner",
        validate: { payload: memberPayload },
        response: {
          schema: answer('AdminBoardOwnerSet', {
            id: Joi.string(),
            owner: Joi.string().description("the new owner's user id"),
            previousOwner: Joi.string().allow(null),
            message: Joi.string(),
          }),
        },
      }),
      async handler(request) {
        const { id, member } = request.payload as { id: string; member: string };
        const out = await boards.setOwner(app(request), id, member);
        auditAs(request, {
          action: 'board.set-owner',
          targetType: 'board',
          targetId: out.id,
          details: { owner: out.owner, previousOwner: out.previousOwner },
        });
        return { ...out, message: 'owner has been setted' };
      },
    },
    {
      method: 'POST',
      path: '/api/admin/boards/delete-member',
      options: operatorRoute('admin-boards', {
        description: 'Remove a member from a board (not its owner)',
        validate: { payload: memberPayload },
        response: { schema: answer('AdminBoardMemberDeleted', { id: Joi.string(), member: Joi.string(), message: Joi.string() }) },
      }),
      async handler(request) {
        const { id, member } = request.payload as { id: string; member: string };
        const out = await boards.deleteMember(app(request), id, member);
        auditAs(request, { action: 'board.delete-member', targetType: 'board', targetId: out.id, details: { member: out.member } });
        return { ...out, message: 'member has been deleted' };
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/boards/{id}',
      options: operatorRoute('admin-boards', {
        description: 'Delete a board permanently',
        validate: { params: idParams },
        response: { schema: deletedAnswer },
      }),
      async handler(request) {
        const out = await boards.removeAnyBoard(app(request), String(request.params.id));
        auditAs(request, { action: 'board.delete', targetType: 'board', targetId: out.id, details: { code: out.code, name: out.name } });
        return { id: out.id, message: 'has been delete' };
      },
    },
  ];
}
