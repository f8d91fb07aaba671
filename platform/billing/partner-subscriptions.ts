import { nextStatus, remainingDays, type SubscriptionStatus } from '../../shared/billing';
import type { App } from './access';
import * as repo from './repo';
import { viewOf } from './service';

/**
 * A partner's reads and status actions on its customer's subscription (panel.md §4, "For partner
 * customers"); the partner's orders are in settled-order.ts. The partners domain checks who asks.
 */
export type PartnerAction = 'cancel' | 'pause' | 'resume' | 'renew';

/** The workspace's subscription (id, status…) and its view (the free plan when it has none). */
export async function workspaceSubscription(app: App, workspaceId: string) {
  const row = await repo.subscriptionOfWorkspace(app.db, workspaceId);
  return { row, view: await viewOf(app, workspaceId, row) };
}

/**
 * Whether a partner may take the action now (panel.md §4): Cancel only when Active; Pause when
 * Active on a paid plan (the partner pays: no gateway needed); Resume only when Paused; Renew only
 * when Active, auto-renew off and one day remains.
 */
export function partnerMay(row: repo.SubscriptionRow, action: PartnerAction, now = Date.now()): SubscriptionStatus | null {
  const state = { status: row.status, plan: row.plan, periodEnd: row.period_end ? new Date(row.period_end).getTime() : null };
  if (action === 'cancel') return row.status === 'Active' ? 'Canceled' : null;
  if (action === 'renew')
    return row.status === 'Active' && !row.auto_renew && state.periodEnd != null && remainingDays(state.periodEnd, now) === 1
      ? 'Active'
      : null;
  return nextStatus(state, action, true);
}

/** Sets the status a partner action leads to (cancel, pause, resume); answers the view. */
export async function setPartnerStatus(app: App, row: repo.SubscriptionRow, status: SubscriptionStatus) {
  const saved = await repo.updateSubscription(app.db, row.id, { status, paused_at: status === 'Paused' ? new Date() : null });
  return viewOf(app, saved.workspace_id, saved);
}
