import type { Request, ServerRoute } from '@hapi/hapi';
import Boom from '@hapi/boom';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { fieldError } from '../core/errors';
import { answerList, listAnswer, listQuery } from '../core/list';
import { AVATAR_LIMITS } from '../users/api';
import { partnerCustomerSchema, partnerSchema, payoutSchema } from './admin-schemas';
import {
  CUSTOMER_LIST,
  changeSubscription,
  customerSubscription,
  customersBase,
  subscriptionAction,
  type SubscriptionChange,
} from './self-customers';
import { INVOICE_LIST, PAYOUT_LIST, invoiceDetail, invoicesBase, payoutDetail, payoutsBase } from './self-invoices';
import { ownPartner, saveProfile, type ProfileInput } from './self-profile';
import * as s from './self-schemas';

/**
 * The partner's own calls (panel.md §7, /api/partners/*; docs/panel.md "Partner area"). Who may
 * call: notes below; only the calling partner's customers and invoices are ever read or changed.
 */
const tags = ['api', 'partners'];
const auth = 'jwt';
const app = (request: Request) => request.server.app;
const actor = (request: Request) => requestActor(request);
const param = (request: Request, name: string) => String(request.params[name]);
const PARTNER =
  "A partner's call: 401 without a token; 403 'Unauthorized access' for an account without the partner role and a partner profile.";
const RESELLER = `${PARTNER} 403 'Your Reseller programme is not active.' unless the partner's Reseller programme is Active.`;
const CUSTOMER = `${RESELLER} 404 for a customer (or subscription) that is not the partner's.`;
const customerParams = s.customerParams;

export const partnerSelfRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/partners',
    options: { auth, tags, notes: PARTNER, description: 'The partner and its programme types', response: { schema: partnerSchema } },
    handler: (request) => ownPartner(app(request), actor(request)),
  },
  {
    method: 'POST',
    path: '/api/partners/profile',
    options: {
      auth,
      tags,
      notes: `${PARTNER} Field errors under name, icon, origins. icon: PNG or JPEG data URL, ≤ 2 MB, 16–${AVATAR_LIMITS.maxPx} px.`,
      description: "Save the partner's name, logo and site origins",
      payload: {
        maxBytes: s.PROFILE_MAX_BYTES,
        failAction(_request, _h, err) {
          if (Boom.isBoom(err) && err.output.statusCode === 413) throw fieldError('icon', 'Image size must be less than 2MB.');
          throw err ?? Boom.badRequest();
        },
      },
      validate: { payload: s.profileInput },
      response: { schema: partnerSchema },
    },
    handler: (request) => saveProfile(app(request), actor(request), request.payload as ProfileInput),
  },
  {
    method: 'GET',
    path: '/api/partners/customers',
    options: {
      auth,
      tags,
      notes: `${RESELLER} 10 a page; Orders email, createdDate; Filter searches the e-mail.`,
      description: "The partner's customers (list protocol)",
      validate: { query: listQuery(CUSTOMER_LIST) },
      response: { schema: Joi.alternatives(listAnswer('PartnerCustomersPage', partnerCustomerSchema), Joi.string()) },
    },
    handler: async (request, h) => answerList(CUSTOMER_LIST, (await customersBase(app(request), actor(request))).query, request, h),
  },
  {
    method: 'GET',
    path: '/api/partners/customers/{customerId}/subscriptions',
    options: {
      auth,
      tags,
      notes: CUSTOMER,
      description: "The customer's subscription (their default workspace's; the free plan when none)",
      validate: { params: customerParams },
      response: { schema: s.partnerSubscriptionSchema },
    },
    handler: (request) => customerSubscription(app(request), actor(request), param(request, 'customerId')),
  },
  {
    method: 'POST',
    path: '/api/partners/customers/{customerId}/subscriptions',
    options: {
      auth,
      tags,
      notes: `${CUSTOMER} Billing cycle Monthly only (or its code 2). Settled at once as an order the partner pays: prorated like a checkout, invoiced; the customer's claims change at their next token.`,
      description: "Change the customer's plan, seats, add-ons and auto-renew",
      validate: { params: customerParams, payload: s.subscriptionInput },
      response: { schema: s.partnerSubscriptionSchema },
    },
    handler: (request) =>
      changeSubscription(app(request), actor(request), param(request, 'customerId'), request.payload as SubscriptionChange),
  },
  {
    method: 'POST',
    path: '/api/partners/customers/{customerId}/subscriptions/renew',
    options: {
      auth,
      tags,
      notes: `${CUSTOMER} Only when Active, auto-renew off and 1 day remains (400 under status otherwise).`,
      description: "Renew the customer's subscription for its next period now",
      validate: { params: customerParams },
      response: { schema: s.partnerSubscriptionSchema },
    },
    handler: (request) => subscriptionAction(app(request), actor(request), param(request, 'customerId'), 'renew'),
  },
  {
    method: 'POST',
    path: '/api/partners/customers/{customerId}/subscriptions/{id}/cancel',
    options: {
      auth,
      tags,
      notes: `${CUSTOMER} Only when Active (400 under status otherwise).`,
      description: "Cancel the customer's subscription",
      validate: { params: s.subscriptionParams },
      response: { schema: s.partnerSubscriptionSchema },
    },
    handler: (request) => subscriptionAction(app(request), actor(request), param(request, 'customerId'), 'cancel', param(request, 'id')),
  },
  {
    method: 'POST',
    path: '/api/partners/customers/{customerId}/subscriptions/{id}/pause',
    options: {
      auth,
      tags,
      notes: `${CUSTOMER} pause true: only when Active on a paid plan; false (resume): only when Paused (400 under status otherwise).`,
      description: "Pause or resume the customer's subscription",
      validate: { params: s.subscriptionParams, payload: s.pauseInput },
      response: { schema: s.partnerSubscriptionSchema },
    },
    handler: (request) =>
      subscriptionAction(
        app(request),
        actor(request),
        param(request, 'customerId'),
        (request.payload as { pause: boolean }).pause ? 'pause' : 'resume',
        param(request, 'id'),
      ),
  },
  {
    method: 'GET',
    path: '/api/partners/invoices',
    options: {
      auth,
      tags,
      notes: `${RESELLER} Filters email (part of the customer's e-mail), from, to (days, inclusive); 10 a page; createdAt Desc.`,
      description: "The partner's customers' invoices and credit notes (list protocol)",
      validate: { query: listQuery(INVOICE_LIST) },
      response: { schema: Joi.alternatives(listAnswer('PartnerInvoicesPage', s.partnerInvoiceSchema), Joi.string()) },
    },
    handler: async (request, h) => answerList(INVOICE_LIST, (await invoicesBase(app(request), actor(request))).query, request, h),
  },
  {
    method: 'GET',
    path: '/api/partners/invoices/{id}',
    options: {
      auth,
      tags,
      notes: `${RESELLER} 404 for an invoice that is not of the partner's customers.`,
      description: "A customer's invoice or credit note",
      validate: { params: s.idParams },
      response: { schema: s.partnerInvoiceDetailSchema },
    },
    handler: (request) => invoiceDetail(app(request), actor(request), param(request, 'id')),
  },
  {
    method: 'GET',
    path: '/api/partners/partner-invoices',
    options: {
      auth,
      tags,
      notes: `${RESELLER} 10 a page; createdDate Desc.`,
      description: "The partner's payout invoices (list protocol)",
      validate: { query: listQuery(PAYOUT_LIST) },
      response: { schema: Joi.alternatives(listAnswer('PartnerPayoutsPage', payoutSchema), Joi.string()) },
    },
    handler: async (request, h) => answerList(PAYOUT_LIST, (await payoutsBase(app(request), actor(request))).query, request, h),
  },
  {
    method: 'GET',
    path: '/api/partners/partner-invoices/{id}',
    options: {
      auth,
      tags,
      notes: `${RESELLER} 404 for another partner's payout.`,
      description: 'A payout invoice with the customer invoices it covers',
      validate: { params: s.idParams },
      response: { schema: payoutSchema.keys({ items: Joi.array().items(s.payoutItemSchema).required() }).label('PayoutInvoiceDetail') },
    },
    handler: (request) => payoutDetail(app(request), actor(request), param(request, 'id')),
  },
];
