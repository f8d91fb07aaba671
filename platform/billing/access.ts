import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import type { Actor } from '../core/actor';
import { resolveWorkspace } from '../workspaces/service';
import type { WorkspaceRow } from '../workspaces/repo';
import { createRateLimiter, type RateLimiter } from '../core/ratelimit';
import { gatewayFor, type PaymentGateway } from './gateway/index';

export type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

/**
 * Who reads and changes a workspace's subscription and invoices: its Owner and Admins (ours: the
 * roles that manage the workspace, panel.md §6). A workspace the asker does not belong to is 404
 * (resolveWorkspace); a Member or ClientAdmin is 403.
 */
export const BILLING_ROLES: readonly WorkspaceRole[] = ['Owner', 'Admin'];

export async function billingWorkspace(app: App, actor: Actor | null, ref: string): Promise<{ workspace: WorkspaceRow; userId: string; role: WorkspaceRole }> {
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

/** The server's payment gateway (made once from config.billing; tests may set another). */
export function gatewayOf(app: Pick<App, 'config'>): PaymentGateway {
  let gateway = gateways.get(app.config);
  if (!gateway) gateways.set(app.config, (gateway = gatewayFor(app.config.billing)));
  return gateway;
}

export function setGateway(app: Pick<App, 'config'>, gateway: PaymentGateway): void {
  gateways.set(app.config, gateway);
}

export const graceDaysOf = (app: Pick<App, 'config'>): number => app.config.billing?.graceDays ?? 3;

/** Promo redemptions per user and window (codes must not be guessable by trying): 10 per 10 minutes. */
export const REDEEM_LIMIT = { max: 10, windowMs: 600_000 } as const;
const limiters = new WeakMap<object, RateLimiter>();

/** The redemption limiter (counted in Redis across nodes with REDIS_URL); closed by the plugin on stop. */
export function redeemLimiterOf(app: Pick<App, 'config' | 'logger'>): RateLimiter {
  let limiter = limiters.get(app.config);
  if (!limiter) {
    limiter = createRateLimiter({ ...REDEEM_LIMIT, prefix: 'promo-redeem', redisUrl: app.config.redisUrl, onError: (err) => app.logger.warn({ err }, 'redeem limiter: redis failed') });
    limiters.set(app.config, limiter);
  }
  return limiter;
}

export async function closeBillingResources(app: Pick<App, 'config'>): Promise<void> {
  await limiters.get(app.config)?.close();
  limiters.delete(app.config);
}
