import Joi from 'joi';
import { ADDON_CODES, PLAN_CODES } from '../../shared/billing';
import { answer, uidFields } from '../core/route-pieces';
import { invoiceSchema, subscriptionSchema } from '../billing/api';
import { AVATAR_LIMITS } from '../users/api';

/** docs/billing.md "Seats". */
const SEATS = 'Seats must be a whole number from 1 to 1000.';

/** Joi schemas of the partner's own routes and the authorize-partner flow (types: shared/partners/types.ts). */

export const profileInput = Joi.object({
  name: Joi.string().trim().min(1).max(100).required().messages({
    'any.required': 'Name is required.',
    'string.empty': 'Name is required.',
    'string.max': 'Name must be at most 100 characters.',
  }),
  icon: Joi.string()
    .allow(null, '')
    .max(Math.ceil((AVATAR_LIMITS.maxBytes * 4) / 3) + 100)
    .description(
      'a data URL (PNG or JPEG, the profile-image rules) replaces the logo; null or empty removes it; omitted or the address it was given keeps it',
    ),
  origins: Joi.array()
    .items(Joi.string().trim().max(200))
    .max(10)
    .description('the origins of the partner site an authorize-partner returnUrl may use, e.g. https://shop.example'),
})
  .options({ stripUnknown: true })
  .label('PartnerProfileInput');

/** Room for a 2 MB logo as base64 in JSON. */
export const PROFILE_MAX_BYTES = Math.ceil((AVATAR_LIMITS.maxBytes * 4) / 3) + 64 * 1024;

export const customerParams = Joi.object({ customerId: Joi.string().guid().required() });
export const subscriptionParams = Joi.object({ customerId: Joi.string().guid().required(), id: Joi.string().guid().required() });
export const idParams = Joi.object({ id: Joi.string().guid().required() });
export const partnerIdParams = Joi.object({ partnerId: Joi.string().guid().required() });

export const subscriptionInput = Joi.object({
  plan: Joi.string()
    .valid(...PLAN_CODES)
    .required(),
  quantity: Joi.number()
    .integer()
    .min(1)
    .max(1000)
    .required()
    .messages(Object.fromEntries(['number.base', 'number.integer', 'number.min', 'number.max', 'any.required'].map((k) => [k, SEATS]))),
  // panel.md §9: partners choose Monthly only (code 2); anything else is refused with a field error by the service
  billingCycle: Joi.alternatives(Joi.string().max(20), Joi.number().integer()).default('Monthly'),
  addons: Joi.array()
    .items(Joi.string().valid(...ADDON_CODES))
    .max(ADDON_CODES.length)
    .default([]),
  autoRenew: Joi.boolean().default(true),
  ...uidFields,
}).label('PartnerSubscriptionInput');

export const pauseInput = Joi.object({ pause: Joi.boolean().required(), ...uidFields }).label('PartnerPauseInput');

export const partnerSubscriptionSchema = subscriptionSchema;

export const partnerInvoiceSchema = answer('PartnerInvoice', {
  id: Joi.string(),
  number: Joi.string(),
  createdAt: Joi.string(),
  type: Joi.string(),
  userEmail: Joi.string(),
  status: Joi.string(),
  subtotal: Joi.number().integer(),
  discount: Joi.number().integer(),
  total: Joi.number().integer(),
  currency: Joi.string(),
});

export const partnerInvoiceDetailSchema = invoiceSchema.keys({ userEmail: Joi.string().required() }).label('PartnerInvoiceDetail');

export const authorizeInput = Joi.object({
  returnUrl: Joi.string()
    .trim()
    .max(2000)
    .allow('')
    .description("the partner site's address to go back to; without one (a copied invitation link) the answer is the panel's home"),
  state: Joi.string().max(1000).allow('').default(''),
  ...uidFields,
}).label('AuthorizePartnerInput');

export const authorizeAnswer = answer('PartnerAuthorized', { redirect: Joi.string(), customerId: Joi.string(), customer: Joi.string() });
export const publicPartnerSchema = answer('PublicPartner', { partnerId: Joi.string(), name: Joi.string(), icon: Joi.string().allow(null) });
export const handledSubscriptionSchema = subscriptionSchema
  .keys({ partner: answer('SubscriptionPartner', { type: Joi.string(), name: Joi.string().allow(''), email: Joi.string().allow('') }) })
  .label('HandledSubscription');

export const payoutItemSchema = answer('PayoutInvoiceItem', {
  invoiceNumber: Joi.string(),
  type: Joi.string(),
  customerEmail: Joi.string().allow(null),
  amount: Joi.number().integer(),
});
