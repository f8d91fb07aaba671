import crypto from 'node:crypto';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { generatePromoCode, PERCENT_DURATIONS, PLAN_CODES, PROMO_CODE_FORMAT, PROMO_STATUSES, PROMO_TYPES } from '../../shared/billing';
import { operatorOf, operatorRoute } from '../admin/api';
import { uidFields } from '../core/route-pieces';
import { fieldError } from '../core/errors';
import type { App } from './access';

/**
 * POST /api/admin/promos (operators): creates a promo (backoffice.md §3 Promo, §5 defaults: expiresInDays 0,
 * maxRedemptions 0 = unlimited, per customer 1, status Active, type Percent, duration Forever). The code is
 * generated ('WT' + 2, '-', 4, '-', 6) when not given; a given code is stored upper-case and must be unused.
 * Editing and listing promos are the back-office screens' (another issue).
 */
export interface PromoInput {
  code?: string;
  name: string;
  comment?: string | null;
  type: (typeof PROMO_TYPES)[number];
  amount?: number | null;
  percent?: number | null;
  percentDuration?: (typeof PERCENT_DURATIONS)[number] | null;
  duration?: number | null;
  expiresInDays: number;
  redeemBy?: string | null;
  maxRedemptions: number;
  maxRedemptionsPerCustomer: number;
  status: (typeof PROMO_STATUSES)[number];
  plan: string;
}

export const promoPayload = Joi.object({
  code: Joi.string()
    .trim()
    .uppercase()
    .max(60)
    .pattern(/^[A-Z0-9-]+$/)
    .allow(''),
  name: Joi.string().trim().min(1).max(100).required(),
  comment: Joi.string().max(1000).allow('', null),
  type: Joi.string()
    .valid(...PROMO_TYPES)
    .default('Percent'),
  amount: Joi.number()
    .integer()
    .min(1)
    .max(100_000_000)
    .allow(null)
    .when('type', { is: 'Fixed', then: Joi.required() })
    .description('Fixed: minor units (cents)'),
  percent: Joi.number().min(0.01).max(100).allow(null).when('type', { is: 'Percent', then: Joi.required() }),
  percentDuration: Joi.string()
    .valid(...PERCENT_DURATIONS)
    .allow(null)
    .description('Percent: Once or Forever (default Forever)'),
  duration: Joi.number()
    .integer()
    .min(1)
    .max(3650)
    .allow(null)
    .when('type', { is: 'Subscription', then: Joi.required() })
    .description('Subscription: days granted'),
  expiresInDays: Joi.number().integer().min(0).max(3650).default(0),
  redeemBy: Joi.date().iso().allow(null),
  maxRedemptions: Joi.number().integer().min(0).max(1_000_000).default(0),
  maxRedemptionsPerCustomer: Joi.number().integer().min(1).max(1000).default(1),
  status: Joi.string()
    .valid(...PROMO_STATUSES)
    .default('Active'),
  plan: Joi.string()
    .valid(...PLAN_CODES.filter((p) => p !== 'essential'))
    .default('team')
    .description('the plan a granting promo gives'),
  ...uidFields,
}).label('PromoInput');

const promoAnswer = Joi.object({
  id: Joi.string(),
  code: Joi.string(),
  name: Joi.string(),
  type: Joi.string(),
  amount: Joi.number().allow(null),
  percent: Joi.number().allow(null),
  percentDuration: Joi.string().allow(null),
  duration: Joi.number().allow(null),
  expiresInDays: Joi.number(),
  redeemBy: Joi.string().allow(null),
  maxRedemptions: Joi.number(),
  maxRedemptionsPerCustomer: Joi.number(),
  redeemedTimes: Joi.number(),
  status: Joi.string(),
  plan: Joi.string(),
}).label('Promo');

export async function createPromo(app: App, operatorId: string, input: PromoInput) {
  const code = input.code || generatePromoCode((n) => crypto.randomInt(n));
  if (!input.code && !PROMO_CODE_FORMAT.test(code)) throw new Error('generated promo code has the wrong format');
  if (await app.db('promos').whereRaw('upper(code) = ?', [code]).first('id')) throw fieldError('code', 'This code is already in use.');
  const [row] = await app
    .db('promos')
    .insert({
      code,
      name: input.name,
      comment: input.comment || null,
      type: input.type,
      amount: input.type === 'Fixed' ? input.amount : null,
      percent: input.type === 'Percent' ? input.percent : null,
      percent_duration: input.type === 'Percent' ? (input.percentDuration ?? 'Forever') : null,
      duration: input.type === 'Subscription' ? input.duration : null,
      expires_in_days: input.expiresInDays,
      redeem_by: input.redeemBy ? new Date(input.redeemBy) : null,
      max_redemptions: input.maxRedemptions,
      max_redemptions_per_customer: input.maxRedemptionsPerCustomer,
      status: input.status,
      plan: input.plan,
    })
    .returning('*');
  app.logger.info({ operatorId, promoId: row.id, code }, 'promo created');
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    amount: row.amount,
    percent: row.percent == null ? null : Number(row.percent),
    percentDuration: row.percent_duration,
    duration: row.duration,
    expiresInDays: row.expires_in_days,
    redeemBy: row.redeem_by ? new Date(row.redeem_by).toISOString() : null,
    maxRedemptions: row.max_redemptions,
    maxRedemptionsPerCustomer: row.max_redemptions_per_customer,
    redeemedTimes: row.redeemed_times,
    status: row.status,
    plan: row.plan,
  };
}

export const promoAdminRoutes: ServerRoute[] = [
  {
    method: 'POST',
    path: '/api/admin/promos',
    options: operatorRoute('admin-promos', {
      description: 'Create a promo code (operators); the code is generated when not given',
      notes:
        "400 under code 'This code is already in use.'. Defaults: Percent Forever, expiresInDays 0, maxRedemptions 0 (unlimited), per customer 1, Active, plan team.",
      validate: { payload: promoPayload },
      response: { schema: promoAnswer },
    }),
    handler: (request: Request) => createPromo(request.server.app, operatorOf(request).userId, request.payload as PromoInput),
  },
];
