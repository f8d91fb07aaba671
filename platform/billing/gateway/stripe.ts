import Stripe from 'stripe';
import type { BillingConfig } from '../../config';
import { GatewayError, type PaymentCheck, type PaymentGateway, type WebhookEvent } from './types';

/** How customers enter a card: STRIPE_CARD_ENTRY, else 'test' for a test key (sk_test_…) and 'hosted' for a live one. */
export const cardEntryOf = (config: BillingConfig): 'hosted' | 'test' =>
  config.stripeCardEntry ?? (config.stripeSecretKey?.startsWith('sk_test_') ? 'test' : 'hosted');

/** Checkout Session ids start with cs_ (PaymentIntents with pi_): an order keeps the one it was started with. */
const isSession = (ref: string) => ref.startsWith('cs_');

/**
 * Card payments through Stripe (the official SDK). With hosted card entry (docs/billing.md "Card
 * entry") place-order creates a Checkout Session (Stripe's payment page: no card data touches our
 * pages) and the browser is sent to its url; finalize-order retrieves the session (payment_status
 * 'paid'). With test card entry place-order creates a PaymentIntent that finalize-order confirms
 * with one of Stripe's test payment methods. Renewals charge the saved card off-session, and the
 * signed webhook (checkout.session.completed, payment_intent.succeeded / payment_failed) is the
 * source of truth. Every create call carries an idempotency key derived from the order reference,
 * so a retried call never makes a second charge. STRIPE_API_URL points the SDK at another host
 * (tests: tests/helpers/stripe-stand-in.ts).
 */
export function stripeGateway(config: BillingConfig): PaymentGateway {
  const secret = config.stripeSecretKey!;
  const webhookSecret = config.stripeWebhookSecret ?? '';
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const stripe = new Stripe(secret, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  const stateOf = (pi: Stripe.PaymentIntent): PaymentCheck => ({
    state: pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'failed' : 'pending',
    paymentMethodRef: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null),
  });
  const hosted = cardEntryOf(config) === 'hosted';
  const methodOf = (pi: Stripe.PaymentIntent | string | null): string | null =>
    !pi || typeof pi === 'string' ? null : typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null);
  const sessionStateOf = (session: Stripe.Checkout.Session): PaymentCheck => ({
    state: session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'failed' : 'pending',
    paymentMethodRef: methodOf(session.payment_intent),
  });
  /** A Checkout Session for the order: one line item of the invoice total; back to the checkout page with the reference. */
  async function startSession(order: Parameters<PaymentGateway['start']>[0]) {
    if (!order.returnUrl) throw new GatewayError('hosted card entry needs the checkout page address');
    const back = `${order.returnUrl}?reference=${encodeURIComponent(order.reference)}`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: order.description } },
          },
        ],
        client_reference_id: order.reference,
        metadata: { reference: order.reference },
        ...(order.customerRef ? { customer: order.customerRef } : {}),
        payment_intent_data: {
          metadata: { reference: order.reference },
          ...(order.customerRef ? { setup_future_usage: 'off_session' as const } : {}),
        },
        success_url: `${back}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}&canceled=1`,
      },
      { idempotencyKey: `session-${order.reference}` },
    );
    if (!session.url) throw new GatewayError('the Checkout Session has no url');
    return { gatewayRef: session.id, params: { amount: order.amount, currency: order.currency, checkoutUrl: session.url } };
  }
  return {
    name: 'stripe',
    enabled: true,
    methods: ['Card'],
    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    async start(order) {
      if (hosted && order.method === 'Card') return startSession(order);
      const pi = await stripe.paymentIntents.create(
        {
          amount: order.amount,
          currency: order.currency.toLowerCase(),
          description: order.description,
          ...(order.customerRef ? { customer: order.customerRef, setup_future_usage: 'off_session' as const } : {}),
          metadata: { reference: order.reference },
        },
        { idempotencyKey: `order-${order.reference}` },
      );
      return {
        gatewayRef: pi.id,
        params: {
          amount: order.amount,
          currency: order.currency,
          clientSecret: pi.client_secret ?? undefined,
          publishableKey: config.stripePublishableKey,
        },
      };
    },
    async check(payment) {
      if (isSession(payment.gatewayRef)) {
        const session = await stripe.checkout.sessions.retrieve(payment.gatewayRef, { expand: ['payment_intent'] });
        if (session.amount_total !== payment.amount || (session.currency ?? '').toLowerCase() !== payment.currency.toLowerCase())
          throw new GatewayError('the payment does not match the order');
        if ((session.client_reference_id ?? session.metadata?.reference) !== payment.reference)
          throw new GatewayError("the session is not this order's");
        return sessionStateOf(session);
      }
      const pi = await stripe.paymentIntents.retrieve(payment.gatewayRef);
      if (pi.amount !== payment.amount || pi.currency.toLowerCase() !== payment.currency.toLowerCase())
        throw new GatewayError('the payment does not match the order');
      return stateOf(pi);
    },
    async confirm(payment) {
      // a Checkout Session is paid on Stripe's page, never confirmed with a method the browser names
      if (isSession(payment.gatewayRef)) return { state: 'pending' };
      try {
        const pi = await stripe.paymentIntents.confirm(
          payment.gatewayRef,
          { payment_method: payment.paymentMethodRef },
          { idempotencyKey: `confirm-${payment.reference}-${payment.paymentMethodRef}` },
        );
        return stateOf(pi);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return { state: 'failed' };
        throw err;
      }
    },
    async chargeSaved(charge) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: charge.currency.toLowerCase(),
            customer: charge.customerRef,
            payment_method: charge.paymentMethodRef,
            off_session: true,
            confirm: true,
            metadata: { reference: charge.reference },
          },
          { idempotencyKey: `order-${charge.reference}` },
        );
        return { state: pi.status === 'succeeded' ? 'paid' : 'failed', gatewayRef: pi.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError)
          return { state: 'failed', gatewayRef: (err.payment_intent as { id?: string } | undefined)?.id ?? null };
        throw err;
      }
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!webhookSecret || typeof signature !== 'string') throw new GatewayError('missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new GatewayError('bad signature');
      }
      const base: WebhookEvent = { id: event.id, kind: 'other', providerType: event.type, gatewayRef: null, reference: null };
      if (event.type.startsWith('checkout.session.')) {
        const session = event.data.object as Stripe.Checkout.Session;
        const paid =
          (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
          event.type === 'checkout.session.async_payment_succeeded';
        const failed = event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired';
        if (!paid && !failed) return base;
        return {
          ...base,
          kind: paid ? 'paid' : 'failed',
          gatewayRef: session.id,
          reference: session.client_reference_id ?? session.metadata?.reference ?? null,
          paymentMethodRef: methodOf(session.payment_intent),
        };
      }
      if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return base;
      const pi = event.data.object as Stripe.PaymentIntent;
      return {
        ...base,
        kind: event.type === 'payment_intent.succeeded' ? 'paid' : 'failed',
        gatewayRef: pi.id,
        reference: pi.metadata?.reference ?? null,
        paymentMethodRef: stateOf(pi).paymentMethodRef,
      };
    },
  };
}
