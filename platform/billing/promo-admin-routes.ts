import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../core/list';
import { operatorOf, operatorRoute } from '../admin/api';
import { NEW_PROMO_ID, PROMO_TEXTS, promoAnswer, promoPayload, promoView, savePromo, type PromoInput } from './promo-admin';

/**
 * The back-office's promo calls (backoffice.md §7 Promos; docs/billing.md "Promo codes for
 * operators"): the list (Take, Skip, Orders, QuickFilter all/active/disabled/archived, Filter over
 * code, name and comment, Username: promos that user redeemed), the save (24 zeros = new), the
 * usages of one promo (customer, redeemDate), and the older create call.
 */
type PromoListRow = Parameters<typeof promoView>[0];

const statusIs = (status: string) => (q: import('knex').Knex.QueryBuilder) => void q.where('p.status', status);

export const PROMO_LIST: ListDeclaration<PromoListRow, ReturnType<typeof promoView>> = {
  name: 'AdminPromos',
  fields: {
    id: 'p.id',
    code: 'p.code',
    name: 'p.name',
    comment: 'p.comment',
    type: 'p.type',
    amount: 'p.amount',
    percent: 'p.percent',
    percent_duration: 'p.percent_duration',
    duration: 'p.duration',
    expires_in_days: 'p.expires_in_days',
    redeem_by: 'p.redeem_by',
    max_redemptions: 'p.max_redemptions',
    max_redemptions_per_customer: 'p.max_redemptions_per_customer',
    redeemed_times: 'p.redeemed_times',
    status: 'p.status',
    plan: 'p.plan',
    created_at: 'p.created_at',
    // the names Orders uses (the items' field names)
    redeemBy: 'p.redeem_by',
    expiresInDays: 'p.expires_in_days',
    redeemedTimes: 'p.redeemed_times',
    createdDate: 'p.created_at',
  },
  sortable: ['code', 'name', 'type', 'redeemBy', 'expiresInDays', 'redeemedTimes', 'status', 'createdDate'],
  searchable: ['code', 'name', 'comment'],
  quickFilters: { all: null, active: statusIs('Active'), disabled: statusIs('Disabled'), archived: statusIs('Archived') },
  filters: {
    Username: {
      schema: Joi.string().trim().max(320).allow(''),
      apply: (q, username: string) =>
        void (
          username &&
          q.whereExists((s) =>
            s
              .from('promo_redemptions as r')
              .join('users as u', 'u.id', 'r.user_id')
              .whereRaw('r.promo_id = p.id')
              .whereRaw('lower(u.username) = lower(?)', [username]),
          )
        ),
    },
  },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  toItem: (r) => promoView(r),
};

interface UsageRow {
  id: string;
  customer: string;
  redeemDate: Date;
}

export const PROMO_USAGES: ListDeclaration<UsageRow, { id: string; customer: string; redeemDate: string }> = {
  name: 'AdminPromoUsages',
  fields: { id: 'r.id', customer: 'u.username', redeemDate: 'r.redeemed_at' },
  sortable: ['customer', 'redeemDate'],
  searchable: ['customer'],
  defaultOrder: 'redeemDate Desc',
  pageSize: 10,
  toItem: (r) => ({ id: r.id, customer: r.customer, redeemDate: new Date(r.redeemDate).toISOString() }),
};

const usageItem = Joi.object({ id: Joi.string(), customer: Joi.string(), redeemDate: Joi.string() })
  .prefs({ presence: 'required' })
  .label('AdminPromoUsage');
const ref = Joi.alternatives(Joi.string().valid(NEW_PROMO_ID), Joi.string().guid()).required();
const app = (request: Request) => request.server.app;

async function promoOr404(request: Request): Promise<string> {
  const id = String(request.params.id);
  const found = id === NEW_PROMO_ID ? undefined : await app(request).db('promos').where({ id }).first('id');
  if (!found) throw Boom.notFound(PROMO_TEXTS.notFound);
  return id;
}

export const promoAdminRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/promos',
    options: operatorRoute('admin-promos', {
      description: 'The promo codes (list protocol; QuickFilter all, active, disabled, archived; Username: promos that user redeemed)',
      validate: { query: listQuery(PROMO_LIST) },
      response: { schema: Joi.alternatives(listAnswer('AdminPromosPage', promoAnswer), Joi.string()) },
    }),
    handler: (request, h: ResponseToolkit) => answerList(PROMO_LIST, app(request).db('promos as p'), request, h),
  },
  {
    method: 'POST',
    path: '/api/admin/promos',
    options: operatorRoute('admin-promos', {
      description: 'Create a promo code (operators); the code is generated when not given',
      notes: `400 under code '${PROMO_TEXTS.codeInUse}'. Defaults: Percent Forever, expiresInDays 0, maxRedemptions 0 (unlimited), per customer 1, Active, plan team.`,
      validate: { payload: promoPayload },
      response: { schema: promoAnswer },
    }),
    handler: (request: Request) => savePromo(app(request), operatorOf(request).userId, null, request.payload as PromoInput),
  },
  {
    method: 'POST',
    path: '/api/admin/promos/{id}',
    options: operatorRoute('admin-promos', {
      description: 'Save a promo code; the id of 24 zeros creates one',
      notes: `After creation the type and the code stay (400 under type '${PROMO_TEXTS.typeFixed}', under code '${PROMO_TEXTS.codeFixed}'); an edit sends the promo's type.`,
      validate: { params: Joi.object({ id: ref }), payload: promoPayload },
      response: { schema: promoAnswer.keys({ message: Joi.string() }).label('AdminPromoSaved') },
    }),
    async handler(request: Request) {
      const id = String(request.params.id);
      const saved = await savePromo(
        app(request),
        operatorOf(request).userId,
        id === NEW_PROMO_ID ? null : id,
        request.payload as PromoInput,
      );
      return { ...saved, message: 'data successfully saved.' };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/promos/{id}/usages',
    options: operatorRoute('admin-promos', {
      description: "A promo's redemptions: customer (username) and redeem date, newest first (list protocol)",
      validate: { params: Joi.object({ id: ref }), query: listQuery(PROMO_USAGES) },
      response: { schema: Joi.alternatives(listAnswer('AdminPromoUsagesPage', usageItem), Joi.string()) },
    }),
    async handler(request, h) {
      const id = await promoOr404(request);
      const base = app(request).db('promo_redemptions as r').join('users as u', 'u.id', 'r.user_id').where('r.promo_id', id);
      return answerList(PROMO_USAGES, base, request, h);
    },
  },
];
