import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import { RESELLER } from '../../shared/partners/programs';
import type { Actor } from '../core/actor';
import { findUserById, isUuid } from '../users/api';
import { hasActiveProgram, isCustomerOf, partnerOfUser, type PartnerRow } from './repo';

export type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

/** The partner area's texts (ours where panel.md is silent; docs/panel.md "Partner area"). */
export const SELF_MESSAGES = {
  resellerInactive: 'Your Reseller programme is not active.',
  customerNotFound: 'Customer not found.',
  invoiceNotFound: 'Invoice not found.',
  payoutNotFound: 'Payout invoice not found.',
  subscriptionNotFound: 'Subscription not found.',
  monthlyOnly: 'Partners can only choose the Monthly billing cycle.',
  cancelNotAllowed: 'Only an active subscription can be canceled.',
  pauseNotAllowed: 'Only an active subscription of a paid plan can be paused.',
  resumeNotAllowed: 'Only a paused subscription can be resumed.',
  renewNotAllowed: 'Renew is offered only for an active subscription without auto-renew on its last day.',
} as const;

/**
 * Who may use /api/partners/* (docs/panel.md "Partner area", the authorization matrix): a
 * signed-in account (401 otherwise) holding the platform role `partner` in the database and a
 * partners row (403 'Unauthorized access' otherwise; the role in an older token is not trusted).
 */
export async function partnerOf(app: App, actor: Actor | null): Promise<PartnerRow> {
  if (!actor?.userId) throw Boom.unauthorized();
  const [user, partner] = await Promise.all([findUserById(app.db, actor.userId), partnerOfUser(app.db, actor.userId)]);
  if (!user || !partner || !(user.roles ?? []).some((r) => r.toLowerCase() === 'partner'))
    throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  return partner;
}

/** The same, for customers, invoices and payouts: only with an Active Reseller programme (panel.md §2, §4); 403 otherwise. */
export async function resellerOf(app: App, actor: Actor | null): Promise<PartnerRow> {
  const partner = await partnerOf(app, actor);
  if (!(await hasActiveProgram(app.db, partner.id, RESELLER))) throw Boom.forbidden(SELF_MESSAGES.resellerInactive);
  return partner;
}

/** One of the partner's customers, by user id: 404 for anyone else (another partner's customer alike). */
export async function customerOf(app: App, partner: PartnerRow, customerId: string): Promise<string> {
  if (!isUuid(customerId) || !(await isCustomerOf(app.db, partner.id, customerId))) throw Boom.notFound(SELF_MESSAGES.customerNotFound);
  return customerId;
}
