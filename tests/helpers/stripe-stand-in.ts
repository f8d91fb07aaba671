import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the card gateway uses (as stripe-mock does, but
 * with state): customers, PaymentIntents (create, retrieve, confirm; off-session create+confirm),
 * idempotency keys (a repeated key answers the first answer), a declined test card, and signed
 * webhooks (the same signature scheme as Stripe, made with the SDK's test header helper).
 * `confirm` plays the browser's Stripe.js confirming the card.
 */
export const DECLINED_CARD = 'pm_card_chargeDeclined';
export const GOOD_CARD = 'pm_card_visa';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: unknown;
}

export interface StripeStandIn {
  url: string;
  webhookSecret: string;
  intents: Map<string, Intent>;
  /** successful charges (confirmations that succeeded) */
  charges: Array<{ intent: string; amount: number }>;
  /** what the browser's Stripe.js does: confirm the intent with a card */
  confirm(intentId: string, paymentMethod?: string): { ok: boolean; intent: Intent };
  /** a signed webhook body and its headers for an event about an intent */
  webhook(type: string, intentId: string, options?: { eventId?: string; secret?: string }): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(rawKey);
    if (nested) ((out[nested[1]!] ??= {}) as Record<string, string>)[nested[2]!] = value;
    else out[rawKey] = value;
  }
  return out;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Intent>();
  const charges: StripeStandIn['charges'] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const webhookSecret = `whsec_${crypto.randomBytes(12).toString('hex')}`;
  let n = 0;

  const decline = (intent: Intent) => {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
    return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: intent } } };
  };
  const confirmIntent = (intent: Intent, pm: string): { status: number; body: unknown } => {
    intent.payment_method = pm;
    if (pm === DECLINED_CARD) return decline(intent);
    if (intent.status !== 'succeeded') {
      intent.status = 'succeeded';
      charges.push({ intent: intent.id, amount: intent.amount });
    }
    return { status: 200, body: intent };
  };

  const route = (method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: `cus_${++n}`, object: 'customer', email: form.email ?? null } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${++n}_${crypto.randomBytes(4).toString('hex')}`;
      const intent: Intent = {
        id, object: 'payment_intent', amount: Number(form.amount), currency: String(form.currency), status: 'requires_payment_method', client_secret: `${id}_secret_${crypto.randomBytes(6).toString('hex')}`,
        customer: (form.customer as string) ?? null, payment_method: (form.payment_method as string) ?? null, metadata: (form.metadata as Record<string, string>) ?? {}, last_payment_error: null,
      };
      intents.set(id, intent);
      if (form.confirm === 'true') return confirmIntent(intent, String(form.payment_method));
      return { status: 200, body: intent };
    }
    const one = /^\/v1\/payment_intents\/([\w]+)(\/confirm)?$/.exec(path);
    const intent = one ? intents.get(one[1]!) : undefined;
    if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    if (method === 'GET' && !one![2]) return { status: 200, body: intent };
    if (method === 'POST' && one![2]) return confirmIntent(intent, String(form.payment_method ?? GOOD_CARD));
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answer = key && idempotent.has(`${req.method} ${path} ${key}`) ? idempotent.get(`${req.method} ${path} ${key}`)! : route(req.method ?? 'GET', path, parseForm(body));
      if (key) idempotent.set(`${req.method} ${path} ${key}`, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_stand_in');
  return {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    intents,
    charges,
    confirm(intentId, paymentMethod = GOOD_CARD) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const out = confirmIntent(intent, paymentMethod);
      return { ok: out.status === 200, intent };
    },
    webhook(type, intentId, options = {}) {
      const intent = intents.get(intentId);
      const payload = JSON.stringify({ id: options.eventId ?? `evt_${++n}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: intent }, api_version: '2026-10-28', livemode: false, pending_webhooks: 1, request: null });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
