import Joi from 'joi';
import { ADDON_CODES, BILLING_CYCLES, PAID_PLANS, SUBSCRIPTION_STATUSES } from '../../../shared/billing';
import { invoiceSchema, subscriptionSchema } from '../../billing/api';
import { uidFields } from '../../core/route-pieces';

/**
 * Joi schemas of the operators' subscription routes (backoffice.md §3 Subscription, Invoice; §7
 * "Subscriptions and invoices"). A billing cycle is sent as its name (Monthly, Quarterly,
 * Semiannually) or as the spec's code (2 monthly, 3 quarterly); answers carry both.
 */
export const MAX_QUANTITY = 1000;
/** The most credit one call adds: 1 000 000.00 in minor units. */
export const MAX_CREDIT = 100_000_000;

const uuid = Joi.string().guid();
const plan = Joi.string().valid(...PAID_PLANS);
const addons = Joi.array()
  .items(Joi.string().valid(...ADDON_CODES))
  .max(ADDON_CODES.length)
  .unique();
const cycle = Joi.alternatives(Joi.string().valid(...BILLING_CYCLES), Joi.number().valid(2, 3), Joi.string().valid('2', '3')).description(
  'Monthly, Quarterly, Semiannually, or the code 2 (Monthly) / 3 (Quarterly)',
);
const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY);
const promo = Joi.string().trim().max(60).allow('', null).description("a promo's code or name to attach");

export const idParams = Joi.object({ id: uuid.required() }).label('AdminSubscriptionRef');
export const invoicesParams = Joi.object({ subscriptionId: uuid.required() }).label('AdminSubscriptionInvoicesRef');
export const promoParams = Joi.object({ id: uuid.required(), promoId: uuid.required() }).label('AdminSubscriptionPromoRef');
export const userParams = Joi.object({ id: uuid.required() }).label('AdminUserRef');

export const workspacesQuery = Joi.object({ username: Joi.string().trim().max(320).required(), ...uidFields }).label(
  'AdminUserWorkspacesQuery',
);

export const createPayload = Joi.object({
  plan: plan.default('team'),
  quantity: quantity.default(1),
  addons: addons.default([]),
  billingCycle: cycle.default('Monthly'),
  autoRenew: Joi.boolean().default(true),
  promo,
  userId: uuid.required(),
  currency: Joi.string().valid('USD').default('USD'),
  workspaces: Joi.array().items(uuid).min(1).max(50).unique().required(),
  ...uidFields,
}).label('AdminSubscriptionCreate');

export const changePayload = Joi.object({
  autoRenew: Joi.boolean(),
  quantity,
  addons,
  plan,
  billingCycle: cycle,
  promo,
  userId: uuid,
  currency: Joi.string().valid('USD'),
  ...uidFields,
}).label('AdminSubscriptionChange');

export const promoPayload = Joi.object({ promoName: Joi.string().trim().min(1).max(60).required(), ...uidFields }).label(
  'AdminSubscriptionPromoAdd',
);

export const creditPayload = Joi.object({
  credit: Joi.number().integer().min(1).max(MAX_CREDIT).required().description('minor units (cents)'),
  subscription: uuid.required(),
  ...uidFields,
}).label('AdminCreditAdd');

const named = (label: string, keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' }).label(label);
const iso = Joi.string().allow(null);

/** backoffice.md §3 Subscription, as the grid shows it. */
export const subscriptionRow = named('AdminSubscriptionRow', {
  id: Joi.string(),
  created: Joi.string(),
  username: Joi.string().allow(null),
  userId: Joi.string().allow(null),
  status: Joi.string().valid(...SUBSCRIPTION_STATUSES),
  plan: Joi.string(),
  quantity: Joi.number(),
  assignedTo: Joi.string().allow(null).description('the workspace the subscription is for'),
  workspaceId: Joi.string(),
  haPayer: Joi.boolean().description('a payment method is on file (renewals are charged to it)'),
  lastSession: iso,
});

/** The customer's subscription view plus what an operator reads (backoffice.md §3 Subscription). */
export const adminSubscription = subscriptionSchema
  .keys({
    promos: Joi.array().items(
      named('AdminSubscriptionPromo', {
        id: Joi.string().description('the redemption (DELETE …/promos/{promoId})'),
        name: Joi.string(),
        code: Joi.string(),
        expired: Joi.boolean(),
        redeemDate: Joi.string(),
      }),
    ),
    promo: Joi.string().allow(null).description('the latest promo still applying'),
    username: Joi.string().allow(null),
    userId: Joi.string().allow(null),
    assignedTo: Joi.string().allow(null),
    haPayer: Joi.boolean(),
    created: iso,
    started: iso,
    upcomingAmount: Joi.number().integer().allow(null),
    partner: Joi.object({ type: Joi.string().allow(null), name: Joi.string().allow(null), email: Joi.string().allow(null) })
      .allow(null)
      .description('backoffice.md §3: the partner handling it (its Active programme, name and e-mail), or null'),
  })
  .label('AdminSubscription');

export const workspacesAnswer = named('AdminUserWorkspaces', {
  userId: Joi.string(),
  username: Joi.string(),
  workspaces: Joi.array().items(
    named('AdminUserWorkspace', { id: Joi.string(), name: Joi.string(), plan: Joi.string(), role: Joi.string() }),
  ),
});

export const createAnswer = named('AdminSubscriptionCreated', {
  reference: Joi.string().description('the order of the first workspace'),
  references: Joi.array().items(Joi.string()),
  subscriptions: Joi.array().items(Joi.string()),
});

export const adminInvoiceRow = invoiceSchema.keys({ userEmail: Joi.string().allow(null) }).label('AdminInvoiceRow');

export const creditAnswer = named('AdminCreditAdded', {
  message: Joi.string(),
  credit: Joi.number().integer().description("the subscription's credit now, minor units"),
  invoice: Joi.string().description('the credit note written'),
});
