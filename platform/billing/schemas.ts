import Joi from 'joi';
import { ADDON_CODES, BILLING_CYCLES, PAYMENT_METHODS, PLAN_CODES } from '../../shared/billing';
import { uidFields } from '../core/route-pieces';

/**
 * Joi schemas of the billing routes (validation and the OpenAPI document). Bodies and queries
 * may carry the caller's `Uid` (panel.md §7), which these routes ignore: they need a bearer token.
 */
const plan = Joi.string().valid(...PLAN_CODES);
const addon = Joi.string().valid(...ADDON_CODES);
const cycle = Joi.string().valid(...BILLING_CYCLES);
const quantity = Joi.number().integer().min(1).max(1000);
export const workspaceRef = Joi.string()
  .max(100)
  .pattern(/^[A-Za-z0-9_-]+$/)
  .description("a workspace's id, its altId, or 'default'");
const uuidish = Joi.string()
  .max(100)
  .pattern(/^[A-Za-z0-9_-]+$/);

export const forParams = Joi.object({ id: workspaceRef.required() });
export const idParams = Joi.object({ id: uuidish.required() });

export const upcomingQuery = Joi.object({
  Plan: plan,
  Addons: Joi.array().items(addon).max(ADDON_CODES.length).single(),
  BillingCycle: cycle,
  Quantity: quantity,
  Workspace: workspaceRef,
  subscriptionId: Joi.string().guid(),
  ...uidFields,
})
  // the panel sends Addons[0]=…, Addons[1]=…
  .pattern(/^Addons\[\d{1,2}\]$/, addon)
  .or('Plan', 'subscriptionId')
  .label('UpcomingInvoiceQuery');

export const placeOrderPayload = Joi.object({
  plan: plan.required(),
  billingCycle: cycle.default('Monthly'),
  addons: Joi.array().items(addon).max(ADDON_CODES.length).unique().default([]),
  PaymentMethod: Joi.string()
    .valid(...PAYMENT_METHODS)
    .required(),
  quantity,
  workspace: workspaceRef.description("the workspace the order is for (default: the caller's default workspace)"),
  ...uidFields,
}).label('PlaceOrder');

export const finalizePayload = Joi.object({
  referenceId: Joi.string().max(100).required(),
  paymentMethod: Joi.string()
    .max(100)
    .pattern(/^pm_[A-Za-z0-9_]+$/)
    .description('Card: a Stripe PaymentMethod id to confirm a pending payment with'),
  transactionHash: Joi.string()
    .pattern(/^0x[0-9a-fA-F]{64}$/)
    .description('Ether: the hash of the transaction that paid the order'),
  ...uidFields,
}).label('FinalizeOrder');
export const cyclePayload = Joi.object({ cycle: cycle.required(), ...uidFields }).label('BillingCycleChange');
export const pausePayload = Joi.object({ pause: Joi.boolean().required(), workspace: workspaceRef, ...uidFields }).label(
  'PauseSubscription',
);
export const redeemPayload = Joi.object({
  code: Joi.string().max(60).allow('').required(),
  assignedTo: Joi.string().max(100).allow('', null),
  assignedToType: Joi.string().max(40).allow('', null),
  ...uidFields,
}).label('RedeemPromo');

const money = Joi.number().integer();
/** An object whose every key is sent (docs/api.md "Wire types"): `.optional()` marks the exceptions. */
const named = (label: string, keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' }).label(label);
const invoiceItem = named('InvoiceItem', { description: Joi.string(), formattedAmount: Joi.string() });
export const invoiceView = named('Invoice', {
  id: Joi.string(),
  number: Joi.string(),
  createdAt: Joi.string(),
  dueAt: Joi.string(),
  type: Joi.string().valid('Charge', 'Credit Note'),
  status: Joi.string(),
  subtotal: money,
  discount: money,
  totalAmount: money,
  paid: money,
  balance: money,
  currencyCode: Joi.string(),
  formattedTotal: Joi.string(),
  items: Joi.array().items(invoiceItem),
  discounts: Joi.array().items(named('InvoiceDiscount', { name: Joi.string(), formattedAmount: Joi.string() })),
});
export const subscriptionView = named('Subscription', {
  id: Joi.string().allow(null),
  workspaceId: Joi.string(),
  status: Joi.string(),
  plan: named('SubscriptionPlan', { code: Joi.string(), name: Joi.string() }),
  billingCycle: cycle.allow(null),
  billingCycleCode: Joi.number().allow(null),
  nextBillingCycle: cycle.allow(null),
  quantity: Joi.number(),
  addons: Joi.array().items(named('SubscriptionAddon', { code: Joi.string(), name: Joi.string() })),
  promos: Joi.array().items(named('SubscriptionPromo', { name: Joi.string() })),
  autoRenew: Joi.boolean(),
  nextBilling: Joi.string().allow(null),
  nextRenewDate: Joi.string().allow(null),
  amount: money.allow(null),
  remainingDays: Joi.number().allow(null),
  currentPeriodStart: Joi.string().allow(null),
  currentPeriodEnd: Joi.string().allow(null),
  isValid: Joi.boolean(),
  inGrace: Joi.boolean(),
  isActive: Joi.boolean(),
  credit: money,
  currency: Joi.string(),
  paymentsEnabled: Joi.boolean(),
  canPause: Joi.boolean(),
  canResume: Joi.boolean(),
});
const line = named('InvoiceLine', { description: Joi.string(), price: money });
/** shared/billing InvoiceFigures with the next payment (and, for GET /api/invoices/upcoming, the quote's type). */
export const invoicePreview = named('InvoicePreview', {
  items: Joi.array().items(line),
  subtotal: money,
  discount: named('InvoiceDiscounts', {
    items: Joi.array().items(named('InvoiceDiscountLine', { name: Joi.string(), amount: money })),
    totalAmount: money,
  }),
  balance: money,
  total: money,
  creditAfter: money,
  creditCreated: money,
  usedPromos: Joi.array().items(Joi.string()),
  currency: Joi.string(),
  currencySymbol: Joi.string(),
  type: Joi.string().valid('new', 'change', 'renewal').optional().description('GET /api/invoices/upcoming only'),
  nextPayment: named('NextPayment', { date: Joi.string(), amount: money }).allow(null),
});
const catalogItem = named('CatalogItem', {
  code: Joi.string(),
  name: Joi.string(),
  features: Joi.array().items(Joi.string()),
  perSeat: Joi.boolean(),
  prices: Joi.array().items(named('CatalogPrice', { cycle, amount: money, formatted: Joi.string() })),
  price: named('MonthlyPrice', { amount: money, formatted: Joi.string() }),
});
export const plansView = named('Plans', {
  plans: Joi.array().items(catalogItem),
  addons: Joi.array().items(catalogItem),
  billingCycles: Joi.array().items(cycle),
  paymentMethods: Joi.array().items(Joi.string().valid(...PAYMENT_METHODS)),
  paymentsEnabled: Joi.boolean(),
  currency: Joi.string(),
  cardEntry: Joi.string().valid('hosted', 'test').allow(null),
});
export const placeOrderAnswer = named('PlacedOrder', {
  reference: Joi.string(),
  type: Joi.string(),
  paymentResult: named('PaymentResult', {
    params: Joi.object({
      amount: money,
      currency: Joi.string(),
      // card (Stripe): the PaymentIntent's secret and key, or the hosted payment page
      clientSecret: Joi.string().optional(),
      publishableKey: Joi.string().allow('', null).optional(),
      checkoutUrl: Joi.string().allow(null).optional(),
      // Ether: the quote the wallet pays (docs/billing.md "Ether")
      recipient: Joi.string().optional(),
      amountWei: Joi.string().optional(),
      amountEther: Joi.string().optional(),
      rate: Joi.number().optional(),
      data: Joi.string().optional(),
      expiresAt: Joi.string().optional(),
      chainId: Joi.number().integer().optional(),
    })
      .unknown(true)
      .prefs({ presence: 'required' })
      .label('PaymentParams')
      .description("the gateway's parameters: clientSecret and publishableKey (card), checkoutUrl (hosted card entry), the Ether quote"),
  }),
  invoice: invoicePreview,
});
export const finalizeAnswer = named('FinalizedOrder', {
  reference: Joi.string(),
  status: Joi.string(),
  invoice: invoiceView.allow(null),
  subscription: subscriptionView,
});
export const redeemAnswer = named('RedeemResult', {
  result: Joi.string(),
  succeed: Joi.boolean(),
  subscription: subscriptionView.optional(),
});
