/**
 * What other domains may use of billing (docs/architecture.md "Domains and their api.ts"): the
 * plan claims of an account (what its subscription allows). Exposed too as `server.plugins.billing`.
 */
export { accountClaims, withSubscriptionPlan } from './claims';
/**
 * The engine the operators' subscriptions (platform/admin/subscriptions) drive: an operator's order
 * is quoted, stored and applied as a customer's is (proration, invoices, credit notes), settled at
 * once without a gateway.
 */
export { applyPaidOrder, writeInvoice } from './checkout';
export { quoteOrder, runningPeriod } from './quote';
export { orderRequestOf, viewOf } from './service';
export { invoiceView } from './views';
export { invoiceView as invoiceSchema, subscriptionView as subscriptionSchema } from './schemas';
export { paymentsEnabled } from './access';
export {
  insertOrder,
  invoiceById,
  priceTable,
  promosOf,
  subscriptionById,
  subscriptionOfWorkspace,
  updateSubscription,
  type InvoiceRow,
  type PromoRow,
  type SubscriptionRow,
} from './repo';
/** Orders a partner or an operator pays, settled at once through the checkout engine (docs/billing.md "Orders a partner pays"). */
export {
  settleChange,
  settleOrder,
  settleRenewal,
  PARTNER_PAYER,
  SETTLED_GATEWAY,
  type SettledChange,
  type SettledPayer,
} from './settled-order';
export { partnerMay, setPartnerStatus, workspaceSubscription, type PartnerAction } from './partner-subscriptions';
