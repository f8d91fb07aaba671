import type { Request, ServerRoute } from '@hapi/hapi';
import { formatMoney } from '../../shared/billing/money';
import { auditAs, operatorRoute } from '../admin/api';
import { answerList, listAnswer, listQuery } from '../core/list';
import { createPartner, enroll, changeStatus, partnerOr404 } from './admin-service';
import { partnerList, PARTNER_CUSTOMER_LIST, PARTNER_LIST, PARTNER_PAYOUT_LIST } from './admin-lists';
import * as s from './admin-schemas';
import { generatePayouts, payPayout } from './payouts';
import { customersQuery, partnerView, payoutView } from './repo';

/**
 * The operators' Partners (backoffice.md §2 "Partners", §7; docs/backoffice.md "Partners"): the
 * partner grid, New Partner by e-mail, details with one type per programme, enroll and status
 * changes, customers, payout invoices (generate, pay). Every call is an operator's, on the audit trail.
 */
const db = (request: Request) => request.server.app.db;
const id = (request: Request) => String(request.params.id);
const TAG = 'admin-partners';

export const partnerAdminRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/partners',
    options: operatorRoute(TAG, {
      description: 'The partners (name, email, status, created date), list protocol',
      validate: { query: listQuery(PARTNER_LIST) },
      response: { schema: listAnswer('AdminPartnersPage', s.partnerRowSchema) },
    }),
    handler: (request, h) => {
      const base = db(request)('partners as p').join('users as u', 'u.id', 'p.user_id');
      return answerList(partnerList(db(request)), base, request, h);
    },
  },
  {
    method: 'POST',
    path: '/api/admin/partners',
    options: operatorRoute(TAG, {
      description: 'Make an existing account (by e-mail) a partner',
      validate: { payload: s.newPartnerInput },
      response: { schema: s.partnerSchema },
    }),
    async handler(request) {
      const { email } = request.payload as { email: string };
      const partner = await createPartner(db(request), email);
      auditAs(request, { action: 'partner.create', targetType: 'partner', targetId: partner.id, details: { email } });
      return partnerView(db(request), partner);
    },
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{id}/details',
    options: operatorRoute(TAG, {
      description: 'A partner with one type per programme (status, next statuses)',
      validate: { params: s.partnerParams },
      response: { schema: s.partnerSchema },
    }),
    handler: async (request) => partnerView(db(request), await partnerOr404(db(request), id(request))),
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{id}/customers',
    options: operatorRoute(TAG, {
      description: "The partner's customers (email), list protocol",
      validate: { params: s.partnerParams, query: listQuery(PARTNER_CUSTOMER_LIST) },
      response: { schema: listAnswer('AdminPartnerCustomersPage', s.partnerCustomerSchema) },
    }),
    handler: async (request, h) => {
      const partner = await partnerOr404(db(request), id(request));
      return answerList(PARTNER_CUSTOMER_LIST, customersQuery(db(request), partner.id), request, h);
    },
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{id}/payouts',
    options: operatorRoute(TAG, {
      description: "The partner's payout invoices (number, issued on, status, total), list protocol",
      validate: { params: s.partnerParams, query: listQuery(PARTNER_PAYOUT_LIST) },
      response: { schema: listAnswer('AdminPartnerPayoutsPage', s.payoutSchema) },
    }),
    handler: async (request, h) => {
      const partner = await partnerOr404(db(request), id(request));
      return answerList(PARTNER_PAYOUT_LIST, db(request)('partner_payouts as o').where('o.partner_id', partner.id), request, h);
    },
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/enrolls',
    options: operatorRoute(TAG, {
      description: 'Enroll the partner in a programme; answers its status and next statuses',
      validate: { params: s.partnerParams, payload: s.enrollInput },
      response: { schema: s.partnerTypeStatusSchema },
    }),
    async handler(request) {
      const { program } = request.payload as { program: string };
      const answer = await enroll(db(request), id(request), program);
      auditAs(request, {
        action: 'partner.enroll',
        targetType: 'partner',
        targetId: id(request),
        details: { program, status: answer.status },
      });
      return answer;
    },
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/statuses',
    options: operatorRoute(TAG, {
      description: "Move a partner's programme to one of its next statuses",
      validate: { params: s.partnerParams, payload: s.statusInput },
      response: { schema: s.partnerTypeStatusSchema },
    }),
    async handler(request) {
      const input = request.payload as { state: string; program: string; reason?: string | null };
      const answer = await changeStatus(db(request), id(request), input);
      auditAs(request, { action: 'partner.status', targetType: 'partner', targetId: id(request), details: { ...input } });
      return answer;
    },
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/generate-invoice',
    options: operatorRoute(TAG, {
      description: "Generate the partner's payout invoice from its customers' paid invoices not yet covered",
      validate: { params: s.partnerParams },
      response: { schema: s.generatedSchema },
    }),
    async handler(request) {
      await partnerOr404(db(request), id(request));
      const payouts = (await generatePayouts(db(request), id(request))).map(payoutView);
      const numbers = payouts.map((p) => `${p.number} (${formatMoney(p.total, p.currency)})`).join(', ');
      auditAs(request, { action: 'partner.payout.generate', targetType: 'partner', targetId: id(request), details: { payouts: numbers } });
      return { message: `Partner invoice generated: ${numbers}`, payouts };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/payouts/{payoutId}',
    options: operatorRoute(TAG, {
      description: 'Mark a payout invoice of the partner paid',
      validate: { params: s.payoutParams },
      response: { schema: s.paidSchema },
    }),
    async handler(request) {
      const payout = payoutView(await payPayout(db(request), id(request), String(request.params.payoutId)));
      auditAs(request, { action: 'partner.payout.pay', targetType: 'partner', targetId: id(request), details: { number: payout.number } });
      return { message: `${payout.number} paid`, payout };
    },
  },
];
