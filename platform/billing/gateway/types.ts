import type { PaymentMethod } from '../../../shared/billing/catalog';

/**
 * The payment rails behind checkout and renewals (docs/billing.md "Gateways"). A gateway starts a
 * payment for an order (place-order answers its params to the browser), tells whether the order
 * was paid (finalize-order), charges a saved method off-session (renewals), and verifies its
 * webhooks (the source of truth when the browser never comes back).
 *
 * 'none' (the self-hosted default) has no rails: checkout says payments are not configured and
 * operators assign plans. 'stripe' is the Card gateway; 'ether' the Ether one: `start` answers a
 * quote (recipient address, amount in wei, the rate used, its expiry) kept with the order, and
 * `check` verifies the transaction the browser's wallet sent (its hash: `proof`) on chain.
 */
export interface PaymentParams {
  /** minor units the customer pays */
  amount: number;
  currency: string;
  /** Card (Stripe): the PaymentIntent's client secret, confirmed in the browser with Stripe.js */
  clientSecret?: string;
  publishableKey?: string;
  /** Card (Stripe, hosted card entry): the Stripe Checkout page the browser is sent to (docs/billing.md "Card entry") */
  checkoutUrl?: string;
  /** Ether: where to send, how much (wei, and as text), at which rate (USD per ETH), the data naming the order, until when, on which chain */
  recipient?: string;
  amountWei?: string;
  amountEther?: string;
  rate?: string;
  data?: string;
  expiresAt?: string;
  chainId?: number;
}

export interface PaymentStart {
  /** the provider's id of this payment (a PaymentIntent id, a transaction hash later) */
  gatewayRef: string | null;
  params: PaymentParams;
}

export type PaymentState = 'paid' | 'pending' | 'failed';

export interface PaymentCheck {
  state: PaymentState;
  /** a payment method to charge at renewals, when the provider saved one */
  paymentMethodRef?: string | null;
  /**
   * The proof that settled the payment (Ether: the transaction hash), stored unique with the order
   * it paid: one proof never pays two orders.
   */
  settlement?: { ref: string; payer?: string | null; amount?: string | null };
}

export interface WebhookEvent {
  /** the provider's event id (replays carry the same id) */
  id: string;
  kind: 'paid' | 'failed' | 'other';
  providerType: string;
  gatewayRef: string | null;
  /** the order reference the payment was started for */
  reference: string | null;
  paymentMethodRef?: string | null;
}

export interface PaymentGateway {
  readonly name: string;
  /** false: checkout answers 'Payments are not configured on this server.' */
  readonly enabled: boolean;
  readonly methods: readonly PaymentMethod[];
  /** the provider's customer for a user (made once, kept in billing_customers); absent when the provider has none (Ether) */
  createCustomer?(user: { id: string; email: string }): Promise<string>;
  /** `returnUrl`: the checkout page a hosted payment page sends the customer back to (PUBLIC_URL/panel/checkout) */
  start(order: {
    reference: string;
    amount: number;
    currency: string;
    description: string;
    customerRef: string | null;
    method: PaymentMethod;
    returnUrl?: string;
  }): Promise<PaymentStart>;
  /** `params`: what start answered (kept with the order); `proof`: what the browser brings back (Ether: the transaction hash) */
  check(payment: {
    gatewayRef: string;
    amount: number;
    currency: string;
    reference: string;
    params?: PaymentParams | null;
    proof?: string;
  }): Promise<PaymentCheck>;
  /**
   * Confirms a started payment on the server with a payment method the browser obtained from the
   * provider (Stripe: a PaymentMethod id, `pm_…`); idempotent per order and method. Optional.
   */
  confirm?(payment: { gatewayRef: string; reference: string; paymentMethodRef: string }): Promise<PaymentCheck>;
  chargeSaved(charge: {
    reference: string;
    amount: number;
    currency: string;
    customerRef: string;
    paymentMethodRef: string;
  }): Promise<{ state: 'paid' | 'failed'; gatewayRef: string | null }>;
  /** verifies the signature; throws when it does not match */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

/** A payment the gateway refuses; `userMessage`, when set, is answered to the customer (400) and the order stays open. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly userMessage?: string,
  ) {
    super(message);
  }
}
