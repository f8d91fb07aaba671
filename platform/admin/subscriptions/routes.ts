import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery } from '../../core/list';
import type { Db } from '../../db/index';
import { auditAs } from '../audit/trail';
import { operatorRoute } from '../operator';
import { ADMIN_INVOICES_LIST, adminInvoicesBase, adminSubscriptionsBase, adminSubscriptionsList } from './list';
import { addCredit, detachPromo, attachPromo } from './promos';
import * as s from './schemas';
import { changeSubscription, createSubscriptions, subscriptionOr404, userWorkspaces, type ChangeInput, type CreateInput } from './service';
import { adminSubscriptionView } from './view';

const app = (request: Request) => request.server.app;
const param = (request: Request, name = 'id') => String(request.params[name]);
const resource = 'admin-subscriptions';

/** backoffice.md §7 "Subscriptions and invoices" and the credit call of §7 Users (docs/backoffice.md "Subscriptions"). */
export function adminSubscriptionRoutes(db: Db): ServerRoute[] {
  const list = adminSubscriptionsList(db);
  return [
    {
      method: 'GET',
      path: '/api/admin/subscriptions',
      options: operatorRoute(resource, {
        description: 'The subscriptions grid (list protocol; statusFilter, planFilter)',
        notes: 'Filter searches the username and the workspace. Orders: CreatedDate, LastSession (the user’s last time online).',
        validate: { query: listQuery(list) },
        response: { schema: Joi.alternatives(listAnswer('AdminSubscriptions', s.subscriptionRow), Joi.string()) },
      }),
      handler: (request, h) => answerList(list, adminSubscriptionsBase(app(request).db), request, h),
    },
    {
      method: 'GET',
      path: '/api/admin/subscriptions/user-workspaces',
      options: operatorRoute(resource, {
        description: 'The workspaces whose billing a user manages (owner or Admin), by username',
        notes: "400 'User not found' under username when there is no such account.",
        validate: { query: s.workspacesQuery },
        response: { schema: s.workspacesAnswer },
      }),
      handler: (request) => userWorkspaces(app(request), String((request.query as { username: string }).username)),
    },
    {
      method: 'GET',
      path: '/api/admin/subscriptions/{id}',
      options: operatorRoute(resource, {
        description: 'A subscription with its buyer, workspace, validity (grace), renewal and promos',
        validate: { params: s.idParams },
        response: { schema: s.adminSubscription },
      }),
      async handler(request) {
        await subscriptionOr404(app(request), param(request));
        return adminSubscriptionView(app(request), param(request));
      },
    },
    {
      method: 'POST',
      path: '/api/subscriptions',
      options: operatorRoute(resource, {
        description: "Assign a plan to a user's workspaces (operators): an order of the billing engine, settled by the operator",
        notes:
          'Defaults: team, Monthly, quantity 1, autoRenew true, USD. Each workspace must be one the user owns or administers (400 under workspaces). A workspace with a running period is changed (prorated; a downgrade writes a credit note).',
        validate: { payload: s.createPayload },
        response: { schema: s.createAnswer },
      }),
      async handler(request) {
        const out = await createSubscriptions(app(request), request.payload as CreateInput);
        const { plan, quantity, billingCycle, userId } = request.payload as CreateInput;
        auditAs(request, {
          action: 'subscription.create',
          targetType: 'user',
          targetId: userId,
          details: { plan, quantity, billingCycle, subscriptions: out.subscriptions, references: out.references },
        });
        return out;
      },
    },
    {
      method: 'POST',
      path: '/api/subscriptions/{id}',
      options: operatorRoute(resource, {
        description: 'Change a subscription (operators): any of autoRenew, quantity, addons, plan, billingCycle; promo; userId',
        notes:
          'A change of plan, seats, add-ons or cycle is an order of the billing engine settled by the operator (prorated; a downgrade writes a credit note).',
        validate: { params: s.idParams, payload: s.changePayload },
        response: {
          schema: Joi.object({ reference: Joi.string().allow(null), subscription: s.adminSubscription })
            .prefs({ presence: 'required' })
            .label('AdminSubscriptionChanged'),
        },
      }),
      async handler(request) {
        const { Uid: _uid, ...changes } = request.payload as ChangeInput & { Uid?: string };
        const out = await changeSubscription(app(request), param(request), changes);
        auditAs(request, {
          action: 'subscription.change',
          targetType: 'subscription',
          targetId: param(request),
          details: { ...changes, reference: out.reference },
        });
        return out;
      },
    },
    {
      method: 'POST',
      path: '/api/admin/subscriptions/{id}/promos',
      options: operatorRoute(resource, {
        description: 'Attach a promo (by code or name) to a subscription',
        notes: "The promo's limits hold (400 under promoName with the redeem page's text).",
        validate: { params: s.idParams, payload: s.promoPayload },
        response: { schema: s.adminSubscription },
      }),
      async handler(request) {
        const sub = await subscriptionOr404(app(request), param(request));
        const { promoName } = request.payload as { promoName: string };
        const payer = sub.user_id ?? (await app(request).db('workspaces').where({ id: sub.workspace_id }).first('owner_id')).owner_id;
        await attachPromo(app(request), sub.workspace_id, payer, promoName, 'promoName');
        auditAs(request, { action: 'subscription.promo-add', targetType: 'subscription', targetId: sub.id, details: { promoName } });
        return adminSubscriptionView(app(request), sub.id);
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/subscriptions/{id}/promos/{promoId}',
      options: operatorRoute(resource, {
        description: 'Remove a promo from a subscription: it stops applying now (listed as expired)',
        validate: { params: s.promoParams },
        response: { schema: s.adminSubscription },
      }),
      async handler(request) {
        const sub = await subscriptionOr404(app(request), param(request));
        await detachPromo(app(request), sub.workspace_id, param(request, 'promoId'));
        auditAs(request, {
          action: 'subscription.promo-remove',
          targetType: 'subscription',
          targetId: sub.id,
          details: { promoId: param(request, 'promoId') },
        });
        return adminSubscriptionView(app(request), sub.id);
      },
    },
    {
      method: 'GET',
      path: '/api/admin/subscriptions/{subscriptionId}/invoices',
      options: operatorRoute(resource, {
        description: "The invoices and credit notes of a subscription's workspace (list protocol; email, from, to)",
        notes: 'from and to are ISO dates (to includes its whole day). Orders: CreatedDate (default, Desc), number.',
        validate: { params: s.invoicesParams, query: listQuery(ADMIN_INVOICES_LIST) },
        response: { schema: Joi.alternatives(listAnswer('AdminInvoices', s.adminInvoiceRow), Joi.string()) },
      }),
      async handler(request, h) {
        const sub = await subscriptionOr404(app(request), param(request, 'subscriptionId'));
        return answerList(ADMIN_INVOICES_LIST, adminInvoicesBase(app(request).db, sub.workspace_id), request, h);
      },
    },
    {
      method: 'POST',
      path: '/api/admin/users/{id}/credit',
      options: operatorRoute(resource, {
        description: "Add credit to a user's subscription (a credit note of the amount)",
        notes:
          "credit in minor units (cents), 1 to 100000000; subscription: the user's subscription id. Answers 'creadit addedd' (backoffice.md §8).",
        validate: { params: s.userParams, payload: s.creditPayload },
        response: { schema: s.creditAnswer },
      }),
      async handler(request) {
        const { credit, subscription } = request.payload as { credit: number; subscription: string };
        const out = await addCredit(app(request), param(request), subscription, credit);
        auditAs(request, {
          action: 'subscription.credit',
          targetType: 'user',
          targetId: param(request),
          details: { credit, subscription, invoice: out.invoice },
        });
        return out;
      },
    },
  ];
}
