import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery } from '../../core/list';
import { fieldError } from '../../core/errors';
import { answer, deletedAnswer } from '../../core/route-pieces';
import { sendMail } from '../../mail/api';
import { auditAs } from '../audit/trail';
import { operatorOf, operatorRoute } from '../operator';
import { directMail, DIRECT_TEMPLATES, type DirectTemplate } from './direct-mail';
import { adminUsersBase, adminUsersList } from './list';
import * as users from './service';

const app = (request: Request) => request.server.app;
const idParams = Joi.object({ id: Joi.string().guid().required() }).label('AdminUserRef');
const id = (request: Request) => String(request.params.id);
const RESOURCE = 'admin-users';

/** A row of the user grid (also the `users` and `iran/users` reports’, platform/admin/reports/users.ts). */
export const userItem = Joi.object({
  id: Joi.string(),
  username: Joi.string(),
  displayName: Joi.string().allow(''),
  hasImage: Joi.boolean(),
  hasExternalAccount: Joi.boolean(),
  customerId: Joi.string().allow(null),
  isActive: Joi.boolean(),
  isBetaTester: Joi.boolean(),
  flag: Joi.boolean(),
  segments: Joi.array().items(Joi.string()),
  createdDate: Joi.string().allow(null),
  lastOnline: Joi.string().allow(null),
  lastlogin: Joi.string().allow(null),
})
  .prefs({ presence: 'required' })
  .label('AdminUserRow');

const nullable = () => Joi.string().allow(null, '');
/** GET /api/admin/users/{id}/details (service.ts userDetails, backoffice.md §3); every key is sent. */
const userDetail = Joi.object({
  id: Joi.string(),
  username: Joi.string(),
  displayName: Joi.string().allow(''),
  profileImage: nullable(),
  functionalRole: Joi.number().integer(),
  isActive: Joi.boolean(),
  isBetaTester: Joi.boolean(),
  flag: Joi.boolean(),
  numberOfOwnedBoards: Joi.number().integer(),
  numberOfInvitedBoards: Joi.number().integer(),
  clientName: nullable(),
  clientId: nullable(),
  clientBoards: Joi.number().integer(),
  clientOrigins: Joi.array().items(Joi.string()),
  tokens: Joi.number().integer().description('refresh tokens neither revoked nor expired'),
  externalAccounts: Joi.array().items(
    Joi.object({ provider: Joi.string(), email: nullable() }).prefs({ presence: 'required' }).label('AdminUserExternalAccount'),
  ),
  roles: Joi.array().items(
    Joi.object({ name: Joi.string(), granted: Joi.boolean() }).prefs({ presence: 'required' }).label('AdminUserRole'),
  ),
  segments: Joi.array().items(Joi.string()),
  workspaceCount: Joi.number().integer(),
  lastOnline: nullable(),
  lastLogin: nullable(),
  country: nullable().description('ISO code of the address of the latest board session (or board join) that has one'),
  sessions: Joi.number().integer().description('board sessions (a join to its leave)'),
  edits: Joi.number().integer().description('board-days with an edit'),
  collaborations: Joi.number().integer().description('board-days with an edit while someone else was on the board'),
  storage: Joi.number().description('bytes'),
})
  .prefs({ presence: 'required' })
  .label('AdminUser');
/** GET /api/admin/users/{id}/dependencies (service.ts userDependencies). */
const userDependencies = Joi.object({
  id: Joi.string(),
  boards: Joi.array().items(
    Joi.object({ id: Joi.string(), code: Joi.string(), name: Joi.string(), membersCount: Joi.number().integer() })
      .prefs({ presence: 'required' })
      .label('AdminUserOwnedBoard'),
  ),
  workspaces: Joi.array().items(
    Joi.object({ id: Joi.string(), name: Joi.string(), boards: Joi.number().integer(), members: Joi.number().integer() })
      .prefs({ presence: 'required' })
      .label('AdminUserOwnedWorkspace'),
  ),
  client: Joi.object({ appName: Joi.string(), clientId: Joi.string() })
    .prefs({ presence: 'required' })
    .allow(null)
    .label('AdminUserClient'),
  boardMemberships: Joi.number().integer(),
  workspaceMemberships: Joi.number().integer(),
})
  .prefs({ presence: 'required' })
  .label('AdminUserDependencies');

/** A user action: run it, describe it for the audit trail, answer it. */
function action(
  path: string,
  description: string,
  name: string,
  run: (request: Request) => Promise<Record<string, unknown>>,
  extra: { validate?: object; answer: Joi.ObjectSchema },
): ServerRoute {
  return {
    method: 'POST',
    path,
    options: operatorRoute(RESOURCE, {
      description,
      validate: { params: idParams, ...extra.validate },
      response: { schema: extra.answer },
    }),
    async handler(request) {
      const out = await run(request);
      auditAs(request, { action: name, targetType: 'user', targetId: id(request), details: out });
      return out;
    },
  };
}

/** backoffice.md §7 Users. */
export function adminUserRoutes(db: Parameters<typeof adminUsersList>[0]): ServerRoute[] {
  const list = adminUsersList(db);
  return [
    {
      method: 'GET',
      path: '/api/accounts/users',
      options: operatorRoute(RESOURCE, {
        description: 'The user administration grid (list protocol; Accept: text/csv for CSV)',
        notes:
          'QuickFilter: all, inactive, beta-tester, flagged. Segments: users having any of these tags. Orders: CreatedDate, LastOnline.',
        validate: { query: listQuery(list) },
        response: { schema: Joi.alternatives(listAnswer('AdminUsers', userItem), Joi.string()) },
      }),
      handler: (request, h) => answerList(list, adminUsersBase(app(request).db), request, h),
    },
    {
      method: 'GET',
      path: '/api/admin/users/{id}/details',
      options: operatorRoute(RESOURCE, {
        description: "A user's detail (backoffice.md §3)",
        validate: { params: idParams },
        response: { schema: userDetail },
      }),
      handler: (request) => users.userDetails(app(request), id(request)),
    },
    {
      method: 'GET',
      path: '/api/admin/users/{id}/dependencies',
      options: operatorRoute(RESOURCE, {
        description: 'What deleting the account would take with it (boards, workspaces, developer app) and the memberships it would leave',
        validate: { params: idParams },
        response: { schema: userDependencies },
      }),
      handler: (request) => users.userDependencies(app(request), id(request)),
    },
    action(
      '/api/users/{id}/toggle-active',
      'Toggle active (deactivating ends every session and refresh token of the account at once)',
      'user.toggle-active',
      (r) => users.toggleActive(app(r), operatorOf(r).userId, id(r)),
      { answer: answer('AdminUserActive', { id: Joi.string(), isActive: Joi.boolean() }) },
    ),
    action(
      '/api/users/{id}/toggle-beta-tester',
      'Toggle beta tester (the platform role beta-tester)',
      'user.toggle-beta-tester',
      (r) => users.toggleBetaTester(app(r), id(r)),
      { answer: answer('AdminUserBetaTester', { id: Joi.string(), isBetaTester: Joi.boolean() }) },
    ),
    action('/api/users/{id}/toggle-flag', 'Toggle the flag', 'user.toggle-flag', (r) => users.toggleFlag(app(r), id(r)), {
      answer: answer('AdminUserFlag', { id: Joi.string(), flag: Joi.boolean() }),
    }),
    action(
      '/api/users/{id}/segments',
      "Save the user's segments (tags)",
      'user.segments',
      (r) => users.saveSegments(app(r), id(r), (r.payload as { segments: string[] }).segments),
      {
        validate: {
          payload: Joi.object({ segments: Joi.array().items(Joi.string().trim().max(60).allow('')).max(50).required() })
            .unknown(true)
            .label('AdminUserSegments'),
        },
        answer: answer('AdminUserSegmentsSaved', { id: Joi.string(), segments: Joi.array().items(Joi.string()) }),
      },
    ),
    action(
      '/api/admin/users/{id}/roles',
      'Grant or revoke named platform roles',
      'user.roles',
      async (r) => ({
        ...(await users.saveRoles(
          app(r),
          operatorOf(r).userId,
          id(r),
          (r.payload as { roles: Array<{ name: string; granted: boolean }> }).roles,
        )),
        message: 'roles saved',
      }),
      {
        validate: {
          payload: Joi.object({
            roles: Joi.array()
              .items(
                Joi.object({
                  name: Joi.string()
                    .pattern(/^[a-z][a-z0-9-]{0,39}$/)
                    .required(),
                  granted: Joi.boolean().required(),
                }).unknown(true),
              )
              .max(20)
              .required(),
          })
            .unknown(true)
            .label('AdminUserRoles'),
        },
        answer: answer('AdminUserRolesSaved', {
          id: Joi.string(),
          granted: Joi.array().items(Joi.string()),
          revoked: Joi.array().items(Joi.string()),
          roles: Joi.array().items(Joi.string()).description('every platform role the user has now'),
          message: Joi.string(),
        }),
      },
    ),
    action(
      '/api/admin/users/{id}/direct',
      'Send the user a direct message by template (empty or account-deactivation-email)',
      'user.direct-message',
      async (r) => {
        const template = String((r.query as { Template?: string }).Template ?? '') as DirectTemplate;
        const input = (r.payload ?? {}) as { subject?: string; message?: string };
        if (template === '' && !input.message?.trim()) throw fieldError('message', 'message is required');
        const u = await users.userOr404(app(r), id(r));
        const sent = await sendMail(app(r), directMail(u.username, template, input));
        if (sent.status === 'failed') throw fieldError('message', 'The message could not be sent.');
        return { id: u.id, template, outboxId: sent.id, status: sent.status, message: 'message sent' };
      },
      {
        validate: {
          query: Joi.object({
            Template: Joi.string()
              .valid(...DIRECT_TEMPLATES)
              .allow('')
              .default(''),
          }).unknown(true),
          payload: Joi.object({ subject: Joi.string().max(200).allow(''), message: Joi.string().max(10_000).allow('') })
            .unknown(true)
            .allow(null)
            .label('AdminDirectMessage'),
        },
        answer: answer('AdminDirectMessageSent', {
          id: Joi.string(),
          template: Joi.string().valid(...DIRECT_TEMPLATES),
          outboxId: Joi.string().allow(null).description('the mail in the outbox (GET /api/admin/outbox/{id})'),
          status: Joi.string().description('the outbox status: sent, or stored without SMTP'),
          message: Joi.string(),
        }),
      },
    ),
    {
      method: 'DELETE',
      path: '/api/admin/accounts/{id}',
      options: operatorRoute(RESOURCE, {
        description: 'Delete an account and what it owns (docs/operations.md)',
        validate: { params: idParams },
        response: { schema: deletedAnswer },
      }),
      async handler(request) {
        const out = await users.deleteAccount(app(request), operatorOf(request).userId, id(request));
        auditAs(request, {
          action: 'user.delete',
          targetType: 'user',
          targetId: out.id,
          details: { username: out.username, boards: out.boards },
        });
        return { id: out.id, message: 'has been delete' };
      },
    },
  ];
}
