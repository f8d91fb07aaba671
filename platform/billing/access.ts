import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import { resolveWorkspace, type WorkspaceRow } from '../workspaces/api';
import { createRateLimiter, type RateLimiter } from '../core/ratelimit';
import type { PaymentMethod } from '../../shared/billing/catalog';
import { BILLING_MESSAGES } from '../../shared/billing/status';
import { etherGatewayFor, gatewayFor, type PaymentGateway } from './gateway/index';
import { cardEntryOf as stripeCardEntry } from './gateway/stripe';

export type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

/**
 * Who reads and changes a workspace's subscription and invoices: its Owner and Admins (ours: the
 * roles that manage the workspace, panel.md §6). A workspace the asker does not belong to is 404
 * (resolveWorkspace); a Member or ClientAdmin is 403.
 */
export const BILLING_ROLES: readonly WorkspaceRole[] = ['Owner', 'Admin'];

/** panel.md §6: a token with a `customer-plan` claim (a partner's customer, docs/billing.md) has no billing of its own. */
export const hasCustomerPlanClaim = (actor: Actor | null): boolean => {
  const claim = (actor?.claims as Record<string, unknown> | null | undefined)?.['customer-plan'];
  return claim != null && claim !== false;
};

export async function billingWorkspace(
  app: App,
  actor: Actor | null,
  ref: string,
): Promise<{ workspace: WorkspaceRow; userId: string; role: WorkspaceRole }> {
  if (hasCustomerPlanClaim(actor)) throw Boom.forbidden(BILLING_MESSAGES.customerPlan);
  const found = await resolveWorkspace(app, actor, ref);
  if (!BILLING_ROLES.includes(found.role)) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  return found;
}

/** The same check for a row of a workspace (an invoice, an order, a subscription): 404 `notFound` unless the asker manages it. */
export async function billingWorkspaceOf(app: App, actor: Actor | null, workspaceId: string | undefined, notFound: string) {
  if (!workspaceId) throw Boom.notFound(notFound);
  try {
    return await billingWorkspace(app, actor, workspaceId);
  } catch (err) {
    if (Boom.isBoom(err) && [403, 404].includes(err.output.statusCode)) throw Boom.notFound(notFound);
    throw err;
  }
}

const gateways = new WeakMap<object, PaymentGateway>();
const etherGateways = new WeakMap<object, PaymentGateway | null>();

/** The server's card gateway (made once from config.billing; tests may set another): Card orders, renewals, the webhook. */
export function gatewayOf(app: Pick<App, 'config'>): PaymentGateway {
  let gateway = gateways.get(app.config);
  if (!gateway) gateways.set(app.config, (gateway = gatewayFor(app.config.billing)));
  return gateway;
}

export function setGateway(app: Pick<App, 'config'>, gateway: PaymentGateway): void {
  gateways.set(app.config, gateway);
}

/** Every enabled gateway: the card one, and the Ether one when configured. */
export function gatewaysOf(app: Pick<App, 'config'>): PaymentGateway[] {
  if (!etherGateways.has(app.config)) etherGateways.set(app.config, etherGatewayFor(app.config.billing));
  return [gatewayOf(app), etherGateways.get(app.config)].filter((g): g is PaymentGateway => !!g && g.enabled);
}

/** The gateway that takes a payment method (Card, Ether), or undefined when none does. */
export const gatewayForMethod = (app: Pick<App, 'config'>, method: PaymentMethod): PaymentGateway | undefined =>
  gatewaysOf(app).find((g) => g.methods.includes(method));

/** The gateway an order was placed with (its `gateway` name); the card gateway otherwise. */
export const gatewayNamed = (app: Pick<App, 'config'>, name: string): PaymentGateway =>
  gatewaysOf(app).find((g) => g.name === name) ?? gatewayOf(app);

/** Whether anything can be bought, and with which methods (GET /api/plans; pause needs payments). */
export const paymentsEnabled = (app: Pick<App, 'config'>): boolean => gatewaysOf(app).length > 0;
export const paymentMethodsOf = (app: Pick<App, 'config'>): PaymentMethod[] => gatewaysOf(app).flatMap((g) => [...g.methods]);

/** How a card is entered at checkout (docs/billing.md "Card entry"): 'hosted' (Stripe Checkout), 'test' (Stripe's test methods), null without a card gateway. */
export const cardEntryOf = (app: Pick<App, 'config'>): 'hosted' | 'test' | null =>
  gatewayOf(app).enabled && gatewayOf(app).methods.includes('Card') ? stripeCardEntry(app.config.billing) : null;

export const graceDaysOf = (app: Pick<App, 'config'>): number => app.config.billing?.graceDays ?? 3;

/** Promo redemptions per user and window (codes must not be guessable by trying): 10 per 10 minutes. */
export const REDEEM_LIMIT = { max: 10, windowMs: 600_000 } as const;
const limiters = new WeakMap<object, RateLimiter>();

/** The redemption limiter (counted in Redis across nodes with REDIS_URL); closed by the plugin on stop. */
export function redeemLimiterOf(app: Pick<App, 'config' | 'logger'>): RateLimiter {
  let limiter = limiters.get(app.config);
  if (!limiter) {
    limiter = createRateLimiter({
      ...REDEEM_LIMIT,
      prefix: 'promo-redeem',
      redisUrl: app.config.redisUrl,
      redisPrefix: app.config.redisPrefix,
      onError: (err) => app.logger.warn({ err }, 'redeem limiter: redis failed'),
    });
    limiters.set(app.config, limiter);
  }
  return limiter;
}

export async function closeBillingResources(app: Pick<App, 'config'>): Promise<void> {
  await limiters.get(app.config)?.close();
  limiters.delete(app.config);
}
