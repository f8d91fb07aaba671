import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the card gateway uses (as stripe-mock does, but
 * with state): customers, PaymentIntents (create, retrieve, confirm; off-session create+confirm),
 * idempotency keys (a repeated key answers the first answer), a declined test card, and signed
 * webhooks (the same signature scheme as Stripe, made with the SDK's test header helper).
 * `confirm` plays the browser's Stripe.js confirming the card. Checkout Sessions (create, retrieve
 * with expand[]=payment_intent) have a hosted page at the stand-in's own address (the session's
 * url): Pay marks the session paid (one charge), POSTs the signed checkout.session.completed
 * event to `webhookTarget` and redirects to success_url; Decline says the card was declined and
 * leaves the session unpaid.
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

interface Session {
  id: string;
  object: 'checkout.session';
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: Array<{ description: string; amount_total: number; quantity: number }>;
}

export interface StripeStandIn {
  url: string;
  webhookSecret: string;
  intents: Map<string, Intent>;
  sessions: Map<string, Session>;
  /** where the hosted page's Pay sends the signed checkout.session.completed event (the platform's webhook endpoint) */
  webhookTarget: string | null;
  /** what paying on the hosted page does, without the webhook: the session is paid (one charge) */
  paySession(sessionId: string): Session;
  /** successful charges (confirmations that succeeded) */
  charges: Array<{ intent: string; amount: number }>;
  /** what the browser's Stripe.js does: confirm the intent with a card */
  confirm(intentId: string, paymentMethod?: string): { ok: boolean; intent: Intent };
  /** a signed webhook body and its headers for an event about an intent or a Checkout Session */
  webhook(
    type: string,
    objectId: string,
    options?: { eventId?: string; secret?: string },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Stripe's form encoding: a[b][0][c]=v nests (numeric keys stay object keys: line_items['0']). */
function parseForm(body: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let at = out;
    keys.slice(0, -1).forEach((k) => (at = at[k] ??= {}));
    at[keys[keys.length - 1]!] = value;
  }
  return out;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in's hosted payment page (what Stripe Checkout shows): the amount, Pay and Decline. */
function checkoutPage(session: Session, declined: boolean): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(amount)} – Stripe stand-in</title>
<style>body{font:16px system-ui,sans-serif;color:#1a1a1a;background:#f6f8fa;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:32px;min-width:340px}h1{font-size:22px;margin:0 0 8px}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #1a1a1a;margin-right:8px;cursor:pointer}button.pay{background:#0a5cd6;color:#fff;border-color:#0a5cd6}
button:focus-visible,a:focus-visible{outline:3px solid #f0a000;outline-offset:2px}[role=alert]{color:#b00020;font-weight:600}a{color:#0a5cd6}</style></head>
<body><main><h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(session.line_items[0]?.description ?? '')}</p>
${declined ? '<p role="alert">Your card was declined.</p>' : ''}
<form method="post" action="/checkout/${session.id}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/decline"><button type="submit">Decline</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p></main></body></html>`;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, Session>();
  const charges: StripeStandIn['charges'] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const webhookSecret = `whsec_${crypto.randomBytes(12).toString('hex')}`;
  let n = 0;
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const decline = (intent: Intent) => {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: intent,
        },
      },
    };
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

  const newIntent = (form: Record<string, any>): Intent => {
    const id = `pi_${++n}_${crypto.randomBytes(4).toString('hex')}`;
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: String(form.currency),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(6).toString('hex')}`,
      customer: (form.customer as string) ?? null,
      payment_method: (form.payment_method as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
    };
    intents.set(id, intent);
    return intent;
  };
  const createSession = (form: Record<string, any>): { status: number; body: unknown } => {
    const items = Object.values((form.line_items ?? {}) as Record<string, any>).map((item) => ({
      description: String(item.price_data?.product_data?.name ?? ''),
      amount_total: Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1),
      currency: String(item.price_data?.currency ?? ''),
      quantity: Number(item.quantity ?? 1),
    }));
    if (form.mode !== 'payment' || !items.length || !form.success_url || !form.cancel_url)
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'mode payment, line_items, success_url and cancel_url are required' } },
      };
    const id = `cs_test_${++n}${crypto.randomBytes(8).toString('hex')}`;
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: items.reduce((sum, i) => sum + i.amount_total, 0),
      currency: items[0]!.currency,
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      metadata: form.metadata ?? {},
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url),
      url: `${base()}/checkout/${id}`,
      line_items: items,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  };
  const sessionView = (session: Session, expand: string[]) => ({
    ...session,
    line_items: undefined,
    payment_intent:
      expand.includes('payment_intent') && session.payment_intent ? intents.get(session.payment_intent) : session.payment_intent,
  });
  const paySession = (session: Session): Session => {
    if (session.payment_status === 'paid') return session;
    const intent = newIntent({
      amount: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      metadata: session.metadata,
    });
    confirmIntent(intent, GOOD_CARD);
    session.payment_intent = intent.id;
    session.payment_status = 'paid';
    session.status = 'complete';
    return session;
  };

  const route = (method: string, path: string, form: Record<string, any>): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: `cus_${++n}`, object: 'customer', email: form.email ?? null } };
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const cs = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path);
    if (cs && method === 'GET') {
      const session = sessions.get(cs[1]!);
      if (!session) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } } };
      return { status: 200, body: sessionView(session, Object.values((form.expand ?? {}) as Record<string, string>)) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = newIntent(form);
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

  const stripe = new Stripe('sk_test_stand_in');
  const signed = (type: string, object: unknown, options: { eventId?: string; secret?: string } = {}) => {
    const payload = JSON.stringify({
      id: options.eventId ?? `evt_${++n}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
      api_version: '2026-10-28',
      livemode: false,
      pending_webhooks: 1,
      request: null,
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
    return { payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
  };
  let webhookTarget: string | null = null;

  /** The hosted page: GET shows it; Pay pays, sends the signed webhook and goes to success_url; Decline says so and leaves it unpaid. */
  const hostedPage = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    const [, id, action] = /^\/checkout\/(\w+)(?:\/(pay|decline))?$/.exec(path) ?? [];
    const session = id ? sessions.get(id) : undefined;
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    if (!session) return html(404, '<!doctype html><title>Not found</title><p>No such checkout session.</p>');
    if (req.method === 'GET' && !action) return html(200, checkoutPage(session, false));
    if (req.method !== 'POST') return html(405, '<!doctype html><title>Method not allowed</title>');
    if (action === 'decline') return html(200, checkoutPage(session, true));
    paySession(session);
    if (webhookTarget) {
      const event = signed('checkout.session.completed', sessionView(session, []));
      await fetch(webhookTarget, { method: 'POST', headers: event.headers, body: event.payload }).catch(() => undefined);
    }
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (path.startsWith('/checkout/')) {
        void hostedPage(req, res, path);
        return;
      }
      const form = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
      const answer =
        key && idempotent.has(`${req.method} ${path} ${key}`)
          ? idempotent.get(`${req.method} ${path} ${key}`)!
          : route(req.method ?? 'GET', path, form);
      if (key) idempotent.set(`${req.method} ${path} ${key}`, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: base(),
    webhookSecret,
    intents,
    sessions,
    get webhookTarget() {
      return webhookTarget;
    },
    set webhookTarget(url: string | null) {
      webhookTarget = url;
    },
    paySession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return paySession(session);
    },
    charges,
    confirm(intentId, paymentMethod = GOOD_CARD) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const out = confirmIntent(intent, paymentMethod);
      return { ok: out.status === 200, intent };
    },
    webhook(type, objectId, options = {}) {
      const session = sessions.get(objectId);
      return signed(type, session ? sessionView(session, []) : intents.get(objectId), options);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
