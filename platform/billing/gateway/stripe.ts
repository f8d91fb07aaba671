import Stripe from 'stripe';
import type { BillingConfig } from '../../config';
import { GatewayError, type PaymentCheck, type PaymentGateway, type WebhookEvent } from './types';

/**
 * Card payments through Stripe (the official SDK): place-order creates a PaymentIntent (the
 * browser confirms it with Stripe.js and the client secret), finalize-order reads it, renewals
 * charge the saved card off-session, and the signed webhook (payment_intent.succeeded /
 * payment_failed) is the source of truth. Every create call carries an idempotency key derived
 * from the order reference, so a retried call never makes a second charge. STRIPE_API_URL points
 * the SDK at another host (tests: tests/helpers/stripe-stand-in.ts).
 */
export function stripeGateway(config: BillingConfig): PaymentGateway {
  const secret = config.stripeSecretKey!;
  const webhookSecret = config.stripeWebhookSecret ?? '';
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const stripe = new Stripe(secret, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const stateOf = (pi: Stripe.PaymentIntent): PaymentCheck => ({
    state: pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'failed' : 'pending',
    paymentMethodRef: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null),
  });
  return {
    name: 'stripe',
    enabled: true,
    methods: ['Card'],
    async createCustomer(user) {
      const customer = await stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` });
      return customer.id;
    },
    async start(order) {
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
      return { gatewayRef: pi.id, params: { amount: order.amount, currency: order.currency, clientSecret: pi.client_secret ?? undefined, publishableKey: config.stripePublishableKey } };
    },
    async check(payment) {
      const pi = await stripe.paymentIntents.retrieve(payment.gatewayRef);
      if (pi.amount !== payment.amount || pi.currency.toLowerCase() !== payment.currency.toLowerCase()) throw new GatewayError('the payment does not match the order');
      return stateOf(pi);
    },
    async confirm(payment) {
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
        if (err instanceof Stripe.errors.StripeCardError) return { state: 'failed', gatewayRef: (err.payment_intent as { id?: string } | undefined)?.id ?? null };
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
