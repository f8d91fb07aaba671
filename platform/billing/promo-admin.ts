import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import Joi from 'joi';
import {
  generatePromoCode,
  PERCENT_DURATIONS,
  PLAN_CODES,
  PROMO_CODE_FORMAT,
  PROMO_DEFAULTS,
  PROMO_STATUSES,
  PROMO_TYPES,
} from '../../shared/billing';
import { uidFields } from '../core/route-pieces';
import { fieldError } from '../core/errors';
import type { App } from './access';
import type { PromoRow } from './repo';

/**
 * Operators' promos (backoffice.md §3 Promo, §4 promo statuses, §5 defaults; docs/billing.md
 * "Promo codes for operators"): one save for both POST /api/admin/promos (create) and POST
 * /api/admin/promos/{id} (24 zeros = new, otherwise edit). The code is generated ('WT' + 2, '-',
 * 4, '-', 6) when not given; a given code is stored upper-case and must be unused. After creation
 * the type and the code stay as they are (400 under `type` / `code`); the status is the edit's.
 */
export const NEW_PROMO_ID = '000000000000000000000000';
export const PROMO_TEXTS = {
  codeInUse: 'This code is already in use.',
  typeFixed: 'The type of a promo cannot be changed after creation.',
  codeFixed: 'The code of a promo cannot be changed after creation.',
  notFound: 'Promo not found.',
} as const;

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
  redeemBy?: Date | string | null;
  maxRedemptions: number;
  maxRedemptionsPerCustomer: number;
  status?: (typeof PROMO_STATUSES)[number];
  plan?: string;
}

export const promoPayload = Joi.object({
  id: Joi.string().max(40).description('ignored: the path names the promo'),
  code: Joi.string()
    .trim()
    .uppercase()
    .max(60)
    .pattern(/^[A-Z0-9-]+$/)
    .allow('', null),
  name: Joi.string().trim().min(1).max(100).required(),
  comment: Joi.string().max(1000).allow('', null),
  type: Joi.string()
    .valid(...PROMO_TYPES)
    .default(PROMO_DEFAULTS.type),
  amount: Joi.number()
    .integer()
    .min(1)
    .max(100_000_000)
    .allow(null)
    .when('type', { is: 'Fixed', then: Joi.required().invalid(null) })
    .description('Fixed: minor units (cents)'),
  percent: Joi.number()
    .min(0.01)
    .max(100)
    .precision(2)
    .allow(null)
    .when('type', { is: 'Percent', then: Joi.required().invalid(null) }),
  percentDuration: Joi.string()
    .valid(...PERCENT_DURATIONS)
    .allow(null)
    .description('Percent: Once or Forever (default Forever)'),
  duration: Joi.number()
    .integer()
    .min(1)
    .max(3650)
    .allow(null)
    .when('type', { is: 'Subscription', then: Joi.required().invalid(null) })
    .description('Subscription: days granted (divisible by 7 or 30 is the hint, not a rule)'),
  expiresInDays: Joi.number().integer().min(0).max(3650).default(PROMO_DEFAULTS.expiresInDays),
  redeemBy: Joi.date().iso().allow(null, '').description('the last moment a code may be redeemed'),
  maxRedemptions: Joi.number().integer().min(0).max(1_000_000).default(PROMO_DEFAULTS.maxRedemptions),
  maxRedemptionsPerCustomer: Joi.number().integer().min(1).max(1000).default(PROMO_DEFAULTS.maxRedemptionsPerCustomer),
  status: Joi.string().valid(...PROMO_STATUSES),
  plan: Joi.string()
    .valid(...PLAN_CODES.filter((p) => p !== 'essential'))
    .description('the plan a granting promo gives (default team)'),
  ...uidFields,
}).label('PromoInput');

export const promoAnswer = Joi.object({
  id: Joi.string(),
  code: Joi.string(),
  name: Joi.string(),
  comment: Joi.string().allow(null, ''),
  type: Joi.string().valid(...PROMO_TYPES),
  amount: Joi.number().allow(null),
  percent: Joi.number().allow(null),
  percentDuration: Joi.string()
    .valid(...PERCENT_DURATIONS)
    .allow(null),
  duration: Joi.number().allow(null),
  expiresInDays: Joi.number(),
  redeemBy: Joi.string().allow(null),
  maxRedemptions: Joi.number(),
  maxRedemptionsPerCustomer: Joi.number(),
  redeemedTimes: Joi.number(),
  status: Joi.string().valid(...PROMO_STATUSES),
  plan: Joi.string(),
  createdDate: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('Promo');

type StoredPromo = PromoRow & { comment: string | null; created_at: Date };

export const promoView = (row: StoredPromo) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  comment: row.comment,
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
  createdDate: new Date(row.created_at).toISOString(),
});

/** The columns of the type-specific fields: only the promo's own type keeps a value. */
const typeColumns = (type: PromoInput['type'], input: PromoInput) => ({
  amount: type === 'Fixed' ? input.amount : null,
  percent: type === 'Percent' ? input.percent : null,
  percent_duration: type === 'Percent' ? (input.percentDuration ?? PROMO_DEFAULTS.percentDuration) : null,
  duration: type === 'Subscription' ? input.duration : null,
});

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Creates (id null) or edits a promo; answers its view. */
export async function savePromo(app: App, operatorId: string, id: string | null, input: PromoInput) {
  const common = {
    name: input.name,
    comment: input.comment || null,
    expires_in_days: input.expiresInDays,
    redeem_by: input.redeemBy ? new Date(input.redeemBy) : null,
    max_redemptions: input.maxRedemptions,
    max_redemptions_per_customer: input.maxRedemptionsPerCustomer,
    ...(input.plan ? { plan: input.plan } : {}),
  };
  let row: StoredPromo;
  if (id === null) {
    const code = input.code || generatePromoCode((n) => crypto.randomInt(n));
    if (!input.code && !PROMO_CODE_FORMAT.test(code)) throw new Error('generated promo code has the wrong format');
    if (await app.db('promos').whereRaw('upper(code) = ?', [code]).first('id')) throw fieldError('code', PROMO_TEXTS.codeInUse);
    try {
      [row] = await app
        .db('promos')
        .insert({ code, type: input.type, status: input.status ?? PROMO_DEFAULTS.status, ...typeColumns(input.type, input), ...common })
        .returning('*');
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('code', PROMO_TEXTS.codeInUse);
      throw err;
    }
  } else {
    const current = (await app.db('promos').where({ id }).first()) as StoredPromo | undefined;
    if (!current) throw Boom.notFound(PROMO_TEXTS.notFound);
    if (input.type !== current.type) throw fieldError('type', PROMO_TEXTS.typeFixed);
    if (input.code && input.code !== current.code) throw fieldError('code', PROMO_TEXTS.codeFixed);
    [row] = await app
      .db('promos')
      .where({ id })
      .update({ ...typeColumns(current.type, input), ...common, ...(input.status ? { status: input.status } : {}) })
      .returning('*');
  }
  app.logger.info({ operatorId, promoId: row!.id, code: row!.code, edit: id !== null }, 'promo saved');
  return promoView(row!);
}
