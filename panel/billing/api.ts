import type { BillingCycle, PaymentMethod } from '../../shared/billing';
import type * as Wire from '../../shared/wire';
import { ETHER_MESSAGES } from '../../shared/billing/ether';
import { http, HttpError, listFetcher, refreshTokens, type Claims, type FetchPage } from '../../ui';
import { connectWallet, sendQuotedPayment, untilConfirmed, WALLET_TEXTS, walletOf } from './ether';

/**
 * The billing calls of panel.md §7 (platform/billing answers them; docs/billing.md), typed, and
 * the checkout flow both the subscription tab's upgrade form and /panel/checkout use.
 */
/* The answers' types are the server's response schemas (shared/wire.ts; docs/api.md "Wire types"). */
export type Subscription = Wire.Subscription;
export type CatalogItem = Wire.CatalogItem;
/** cardEntry: how a card is entered (docs/billing.md "Card entry"): on Stripe's hosted page, or with Stripe's test payment methods; null without a card gateway */
export type Plans = Wire.Plans;
export type InvoicePreview = Wire.InvoicePreview;
export type Invoice = Wire.Invoice;

export interface Order {
  plan: string;
  billingCycle: BillingCycle;
  addons: string[];
  PaymentMethod: PaymentMethod;
  quantity?: number;
  workspace: string;
}

/** paymentResult.params: the gateway's (card: clientSecret, publishableKey or checkoutUrl; Ether: the quote). */
export type PlacedOrder = Wire.PlacedOrder;
export type FinalizedOrder = Wire.FinalizedOrder;
export type RedeemResult = Wire.RedeemResult;

/** GET /api/invoices/upcoming's query: the panel sends Addons[0]=… (panel.md §7). */
export function upcomingQuery(order: Omit<Order, 'PaymentMethod'>): Record<string, string | number> {
  const q: Record<string, string | number> = { Plan: order.plan, BillingCycle: order.billingCycle, Workspace: order.workspace };
  if (order.quantity) q.Quantity = order.quantity;
  order.addons.forEach((a, i) => (q[`Addons[${i}]`] = a));
  return q;
}

export const billingApi = {
  plans: () => http.get<Plans>('/api/plans'),
  // §8 'Subscription load failure': ignored silently (the screen says it could not load)
  subscription: (workspace: string) =>
    http.get<Subscription>(`/api/subscriptions/for/${encodeURIComponent(workspace)}`, undefined, { silent: true }),
  preview: (order: Omit<Order, 'PaymentMethod'>) =>
    http.get<InvoicePreview>('/api/invoices/upcoming', upcomingQuery(order), { silent: true }),
  placeOrder: (order: Order) => http.post<PlacedOrder>('/api/subscriptions/place-order', order, { silent: true }),
  finalize: (referenceId: string, paymentMethod?: string, transactionHash?: string) =>
    http.post<FinalizedOrder>(
      '/api/subscriptions/finalize-order',
      { referenceId, ...(paymentMethod ? { paymentMethod } : {}), ...(transactionHash ? { transactionHash } : {}) },
      { silent: true },
    ),
  changeCycle: (subscriptionId: string, cycle: BillingCycle) =>
    http.post<Subscription>(`/api/subscriptions/${subscriptionId}/billing-cycle`, { cycle }),
  pause: (workspace: string, pause: boolean) => http.post<Subscription>('/api/users/self/subscriptions/pause', { pause, workspace }),
  history: (workspace?: string): FetchPage<Invoice> =>
    listFetcher<Invoice>('/api/users/subscriptions/history', workspace ? { Workspace: workspace } : undefined),
  invoice: (id: string) => http.get<Invoice>(`/api/subscriptions/invoices/${id}`),
  redeem: (code: string, workspace?: string) =>
    http.post<RedeemResult>(
      '/api/admin/promos/redeem',
      workspace ? { code: code.trim(), assignedTo: workspace, assignedToType: 'Workspace' } : { code: code.trim() },
      { silent: true },
    ),
};

export type BillingCalls = typeof billingApi;

export const WALLET_MISSING = ETHER_MESSAGES.walletMissing;

/**
 * panel.md §6: the subscription tab is hidden for a user with a customer-plan claim. Decision: the
 * claim is `customer-plan` in the access token (a partner's customer, whose plan the partner
 * handles); the token issuer does not set it yet (partner billing is not built).
 */
export const hasCustomerPlan = (claims: Claims | null): boolean =>
  !!claims && claims['customer-plan'] != null && claims['customer-plan'] !== false;

/** Card test payment methods Stripe accepts in test mode (and the local stand-in): pm_card_visa succeeds, pm_card_chargeDeclined is declined. */
export const TEST_CARDS = [
  { value: 'pm_card_visa', label: 'Visa test card (succeeds)' },
  { value: 'pm_card_chargeDeclined', label: 'Declined test card' },
] as const;

/** Texts of card entry on the hosted payment page (docs/billing.md "Card entry"). */
export const HOSTED_TEXTS = {
  hint: "You enter your card on Stripe's secure payment page; it brings you back here.",
  leaving: 'Opening the secure payment page…',
  confirming: 'Confirming your payment…',
  canceled: 'The payment was canceled. Nothing was charged; choose Pay to try again.',
} as const;

/** Sends the browser to a hosted payment page (Stripe Checkout). */
export const goToPaymentPage = (url: string): void => window.location.assign(url);

/**
 * Back from the hosted payment page (/panel/checkout?reference=…): finalize-order, asked again a
 * few times while the payment is still settling, then the access token is refreshed so the plan's
 * policies appear.
 */
export async function finishHostedOrder(
  api: Pick<BillingCalls, 'finalize'>,
  reference: string,
  polling: { everyMs?: number; tries?: number } = { everyMs: 2000, tries: 15 },
): Promise<FinalizedOrder> {
  const done = await untilConfirmed(() => api.finalize(reference), polling);
  await refreshTokens().catch(() => false);
  return done;
}

/**
 * Pays an order: place-order → (Card, hosted card entry) the browser goes to the hosted payment
 * page, which brings it back to /panel/checkout (finishHostedOrder); (Card, test card entry) the server confirms the PaymentIntent with the payment
 * method → finalize-order; (Ether) the wallet connects first, sends the quoted payment, and
 * finalize-order with the transaction hash is asked again until the network has confirmed it.
 * Then the access token is refreshed so the plan's policies appear. A missing wallet is caught
 * before any call (panel.md §8).
 */
export async function payOrder(
  api: Pick<BillingCalls, 'placeOrder' | 'finalize'>,
  order: Order,
  paymentMethod: string | undefined,
  onStatus: (text: string | null) => void = () => {},
  confirmPolling?: { everyMs?: number; tries?: number },
  goTo: (url: string) => void = goToPaymentPage,
): Promise<FinalizedOrder> {
  let done: FinalizedOrder;
  if (order.PaymentMethod === 'Ether') {
    const wallet = walletOf();
    if (!wallet) throw new HttpError(400, { message: WALLET_MISSING, errors: { PaymentMethod: [WALLET_MISSING] } }, WALLET_MISSING);
    onStatus(WALLET_TEXTS.connect);
    const from = await connectWallet(wallet);
    const placed = await api.placeOrder(order);
    const quote = placed.paymentResult.params;
    if (placed.paymentResult.params.amount > 0) {
      onStatus(WALLET_TEXTS.confirm(quote.amountEther ?? ''));
      const hash = await sendQuotedPayment(wallet, from, quote);
      onStatus(WALLET_TEXTS.waiting);
      done = await untilConfirmed(() => api.finalize(placed.reference, undefined, hash), confirmPolling);
    } else done = await api.finalize(placed.reference);
  } else {
    const placed = await api.placeOrder(order);
    const { checkoutUrl } = placed.paymentResult.params;
    if (checkoutUrl) {
      onStatus(HOSTED_TEXTS.leaving);
      goTo(checkoutUrl);
      return new Promise<never>(() => {}); // the page is leaving: the form stays busy until it has gone
    }
    done = await api.finalize(placed.reference, placed.paymentResult.params.amount > 0 ? paymentMethod : undefined);
  }
  await refreshTokens().catch(() => false);
  return done;
}
