import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery } from '../../core/list';
import { fieldError } from '../../core/errors';
import { sendMail } from '../../mail/service';
import { auditAs } from '../audit/trail';
import { operatorOf, operatorRoute } from '../operator';
import { directMail, DIRECT_TEMPLATES, type DirectTemplate } from './direct-mail';
import { adminUsersBase, adminUsersList } from './list';
import * as users from './service';

const app = (request: Request) => request.server.app;
const idParams = Joi.object({ id: Joi.string().guid().required() }).label('AdminUserRef');
const id = (request: Request) => String(request.params.id);
const RESOURCE = 'admin-users';

const userItem = Joi.object({
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
}).label('AdminUserRow');

/** A user action: run it, describe it for the audit trail, answer it. */
function action(
  path: string,
  description: string,
  name: string,
  run: (request: Request) => Promise<Record<string, unknown>>,
  extra: { validate?: object } = {},
): ServerRoute {
  return {
    method: 'POST',
    path,
    options: operatorRoute(RESOURCE, { description, validate: { params: idParams, ...extra.validate } }),
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
      options: operatorRoute(RESOURCE, { description: "A user's detail (backoffice.md §3)", validate: { params: idParams } }),
      handler: (request) => users.userDetails(app(request), id(request)),
    },
    {
      method: 'GET',
      path: '/api/admin/users/{id}/dependencies',
      options: operatorRoute(RESOURCE, {
        description: 'What deleting the account would take with it (boards, workspaces, developer app) and the memberships it would leave',
        validate: { params: idParams },
      }),
      handler: (request) => users.userDependencies(app(request), id(request)),
    },
    action(
      '/api/users/{id}/toggle-active',
      'Toggle active (deactivating ends every session and refresh token of the account at once)',
      'user.toggle-active',
      (r) => users.toggleActive(app(r), operatorOf(r).userId, id(r)),
    ),
    action('/api/users/{id}/toggle-beta-tester', 'Toggle beta tester (the platform role beta-tester)', 'user.toggle-beta-tester', (r) =>
      users.toggleBetaTester(app(r), id(r)),
    ),
    action('/api/users/{id}/toggle-flag', 'Toggle the flag', 'user.toggle-flag', (r) => users.toggleFlag(app(r), id(r))),
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
      },
    ),
    {
      method: 'POST',
      path: '/api/admin/storage/recalc',
      options: operatorRoute(RESOURCE, {
        description: "Recalculate storage: one user's ({id}) or every user's",
        validate: { payload: Joi.object({ id: Joi.string().guid() }).unknown(true).allow(null).label('AdminStorageRecalc') },
      }),
      async handler(request) {
        const target = (request.payload as { id?: string } | null)?.id;
        const out = await users.recalculateStorage(app(request), target);
        auditAs(request, { action: 'storage.recalc', targetType: target ? 'user' : null, targetId: target ?? null, details: out });
        return { ...out, message: 'storage has been recalculated' };
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/accounts/{id}',
      options: operatorRoute(RESOURCE, {
        description: 'Delete an account and what it owns (docs/operations.md)',
        validate: { params: idParams },
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
