import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { BillingCycle } from '../../shared/billing';
import { requestActor } from '../core/actor';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../core/list';
import { finalizeOrder, handleWebhook, placeOrder, type PlaceOrderInput } from './checkout';
import { redeemPromo, type RedeemInput } from './promos';
import type { InvoiceRow } from './repo';
import * as s from './schemas';
import * as billing from './service';
import { invoiceView } from './views';

const tags = ['api', 'billing'];
const auth = 'jwt';
const actor = (request: Request) => requestActor(request);
const app = (request: Request) => request.server.app;
const notes =
  "Owner and Admin of the workspace only: 401 without a bearer token; 404 for a workspace (or its subscription, order, invoice) the caller does not belong to; 403 'Unauthorized access' for a Member or ClientAdmin (a route naming a subscription, order or invoice answers 404 to them too).";

/**
 * The billing history (panel.md §2, §9): 10 a page, quick filters all, inactive (credit notes) and
 * beta-tester (invoices) as the spec names them, CreatedDate descending. Rows: panel.md §3.
 */
export const HISTORY_LIST: ListDeclaration<InvoiceRow, ReturnType<typeof invoiceView>> = {
  name: 'BillingHistory',
  fields: {
    id: 'i.id',
    number: 'i.number',
    CreatedDate: 'i.created_at',
    created_at: 'i.created_at',
    due_at: 'i.due_at',
    type: 'i.type',
    status: 'i.status',
    subtotal: 'i.subtotal',
    discount: 'i.discount',
    total: 'i.total',
    totalAmount: 'i.total',
    paid: 'i.paid',
    balance: 'i.balance',
    currency: 'i.currency',
    items: 'i.items',
    discounts: 'i.discounts',
  },
  sortable: ['CreatedDate', 'number', 'totalAmount'],
  searchable: ['number'],
  quickFilters: {
    all: null,
    inactive: (q) => void q.where('i.type', 'Credit Note'),
    'beta-tester': (q) => void q.where('i.type', 'Charge'),
  },
  defaultOrder: 'CreatedDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => invoiceView(r),
};

/** panel.md §7, the billing calls; plus the gateway's webhook. */
export const billingRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/plans',
    options: {
      auth,
      tags,
      description: 'Plans and add-ons with their prices per billing cycle, and the payment methods this server accepts',
      response: { schema: s.plansView },
    },
    handler: (request) => billing.listPlans(app(request)),
  },
  {
    method: 'GET',
    path: '/api/subscriptions/for/{id}',
    options: {
      auth,
      tags,
      notes,
      description: "A workspace's subscription ('default' = the caller's default workspace); the free plan when it has none",
      validate: { params: s.forParams },
      response: { schema: s.subscriptionView },
    },
    handler: (request) => billing.subscriptionFor(app(request), actor(request), String(request.params.id)),
  },
  {
    method: 'GET',
    path: '/api/invoices/upcoming',
    options: {
      auth,
      tags,
      description:
        "Invoice preview: of an order (Plan, Addons or Addons[i], BillingCycle, Quantity, Workspace) or of a subscription's next renewal (subscriptionId)",
      notes: `${notes} A change within the running period is prorated: an upgrade charges the difference for the remaining time, a downgrade creates credit. Amounts in minor units (cents).`,
      validate: { query: s.upcomingQuery },
      response: { schema: s.invoicePreview },
    },
    handler(request) {
      const q = request.query as billing.UpcomingQuery & Record<string, unknown>;
      const indexed = Object.keys(q)
        .filter((k) => /^Addons\[\d+\]$/.test(k))
        .sort()
        .map((k) => String(q[k]));
      return billing.upcomingInvoice(app(request), actor(request), { ...q, Addons: q.Addons ?? (indexed.length ? indexed : undefined) });
    },
  },
  {
    method: 'POST',
    path: '/api/subscriptions/place-order',
    options: {
      auth,
      tags,
      description: 'Place an order (new plan, or a change of plan, seats, add-ons or cycle) and start its payment',
      notes: `${notes} 400 'Payments are not configured on this server.' without a payment gateway (operators assign plans). Answers the reference, paymentResult.params (amount in minor units; for Card the Stripe client secret to confirm in the browser) and the invoice preview.`,
      validate: { payload: s.placeOrderPayload },
      response: { schema: s.placeOrderAnswer },
    },
    handler: (request) => placeOrder(app(request), actor(request), request.payload as PlaceOrderInput),
  },
  {
    method: 'POST',
    path: '/api/subscriptions/finalize-order',
    options: {
      auth,
      tags,
      description: 'Finish a paid order (idempotent: a replay answers the same order and charges nothing)',
      notes: `${notes} 400 under referenceId while the payment is not completed or when it was declined. paymentMethod (Card: a Stripe PaymentMethod id, pm_…) confirms a pending payment on the server first. Ether: transactionHash, verified on chain (recipient, amount, the order's data, confirmations; a hash pays one order) — 400 under transactionHash when it does not pay the order.`,
      validate: { payload: s.finalizePayload },
      response: { schema: s.finalizeAnswer },
    },
    handler(request) {
      const { referenceId, paymentMethod, transactionHash } = request.payload as {
        referenceId: string;
        paymentMethod?: string;
        transactionHash?: string;
      };
      return finalizeOrder(app(request), actor(request), referenceId, paymentMethod, transactionHash);
    },
  },
  {
    method: 'POST',
    path: '/api/subscriptions/{id}/billing-cycle',
    options: {
      auth,
      tags,
      notes,
      description: 'Change the billing cycle from the next renewal on (the running period is paid for)',
      validate: { params: s.idParams, payload: s.cyclePayload },
      response: { schema: s.subscriptionView },
    },
    handler: (request) =>
      billing.changeBillingCycle(
        app(request),
        actor(request),
        String(request.params.id),
        (request.payload as { cycle: BillingCycle }).cycle,
      ),
  },
  {
    method: 'POST',
    path: '/api/users/self/subscriptions/pause',
    options: {
      auth,
      tags,
      description: "Pause (pause: true) or resume (pause: false) the subscription of the caller's default workspace (or of workspace)",
      notes: `${notes} Pause only when Active, not on the free plan, with payments enabled; resume only when Paused (400 under pause otherwise). A paused subscription is not renewed.`,
      validate: { payload: s.pausePayload },
      response: { schema: s.subscriptionView },
    },
    handler: (request) =>
      billing.pauseSubscription(app(request), actor(request), request.payload as { pause: boolean; workspace?: string }),
  },
  {
    method: 'GET',
    path: '/api/users/subscriptions/history',
    options: {
      auth,
      tags,
      description:
        'Billing history: invoices and credit notes of the workspaces the caller manages (list protocol; 10 a page; CreatedDate Desc)',
      notes: `QuickFilter: all, inactive (credit notes), beta-tester (invoices). Orders: CreatedDate, number, totalAmount. Workspace narrows to one workspace (${notes})`,
      validate: { query: listQuery(HISTORY_LIST).keys({ Workspace: s.workspaceRef }) },
      response: { schema: Joi.alternatives(listAnswer('BillingHistoryPage', s.invoiceView), Joi.string()) },
    },
    async handler(request, h) {
      const { query } = await billing.historyBase(app(request), actor(request), (request.query as { Workspace?: string }).Workspace);
      return answerList(HISTORY_LIST, query, request, h);
    },
  },
  {
    method: 'GET',
    path: '/api/subscriptions/invoices/{id}',
    options: {
      auth,
      tags,
      notes,
      description: 'An invoice or credit note',
      validate: { params: s.idParams },
      response: { schema: s.invoiceView },
    },
    handler: (request) => billing.invoiceDetail(app(request), actor(request), String(request.params.id)),
  },
  {
    // A USER route despite its /api/admin path (panel.md §7 names it so): any signed-in user redeems
    // a code for a workspace they manage. Operator authorization (platform/admin) allow-lists it.
    method: 'POST',
    path: '/api/admin/promos/redeem',
    options: {
      auth,
      tags: [...tags, 'user-route'],
      description: 'Redeem a promo code (a user route, not an operator one)',
      notes: `${notes} assignedToType 'Workspace' with assignedTo = a workspace id; otherwise the caller's default workspace. Answers {result, succeed}: result is the text to show. At most 10 attempts per user in 10 minutes.`,
      validate: { payload: s.redeemPayload },
      response: { schema: s.redeemAnswer },
    },
    handler: (request) => redeemPromo(app(request), actor(request), request.payload as RedeemInput),
  },
  {
    method: 'POST',
    path: '/api/billing/stripe/webhook',
    options: {
      auth: false,
      tags,
      description:
        "Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET): payment_intent.succeeded applies the order, payment_failed marks it failed",
      notes: '400 for a missing or bad signature; a replayed event changes nothing.',
      payload: { parse: false, output: 'data', maxBytes: 262_144 },
      response: {
        schema: Joi.object({
          received: Joi.boolean().valid(true),
          replay: Joi.boolean().description('the event was seen before: nothing changed'),
        })
          .prefs({ presence: 'required' })
          .label('WebhookReceipt'),
      },
    },
    handler: (request) => handleWebhook(app(request), request.payload as Buffer, request.headers as Record<string, string | undefined>),
  },
];
