import type { ServerApplicationState } from '@hapi/hapi';
import * as billing from '../../billing/api';

type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The promos attached to a workspace (backoffice.md §3: id, name, expired, redeem date), newest first. */
export async function promosOfWorkspace(app: App, workspaceId: string) {
  const rows: Array<{ id: string; name: string; code: string; redeemed_at: Date; expires_at: Date | null; expired: boolean }> = await app
    .db('promo_redemptions as r')
    .join('promos as p', 'p.id', 'r.promo_id')
    .where('r.workspace_id', workspaceId)
    .orderBy('r.redeemed_at', 'desc')
    .select(
      'r.id',
      'p.name',
      'p.code',
      'r.redeemed_at',
      'r.expires_at',
      app.db.raw('(r.expires_at is not null and r.expires_at <= now()) as expired'),
    );
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, expired: !!r.expired, redeemDate: iso(r.redeemed_at)! }));
}

/**
 * The partner handling a customer's subscription (backoffice.md §3 Subscription.partner: type,
 * name, email — an account's e-mail is its username): the partner whose customer the buyer is, with its Active programme (Reseller
 * before Referral); null when the buyer is nobody's customer.
 */
export async function partnerOfBuyer(app: App, userId: string | null) {
  if (!userId) return null;
  const row = (await app
    .db('partner_customers as c')
    .join('partners as p', 'p.id', 'c.partner_id')
    .join('users as u', 'u.id', 'p.user_id')
    .leftJoin('partner_programs as g', function () {
      this.on('g.partner_id', '=', 'p.id').andOn('g.status', '=', app.db.raw('?', ['Active']));
    })
    .where('c.user_id', userId)
    .orderBy('g.program', 'desc')
    .first('p.name', 'u.username as email', 'g.program')) as
    { name: string | null; email: string | null; program: string | null } | undefined;
  return row ? { type: row.program, name: row.name, email: row.email } : null;
}

/**
 * GET /api/admin/subscriptions/{id}: the customer's view of the subscription (the same validity,
 * grace and renewal figures) plus its buyer, workspace, payer and promos.
 */
export async function adminSubscriptionView(app: App, id: string) {
  const sub = (await billing.subscriptionById(app.db, id))!;
  const view = await billing.viewOf(app, sub.workspace_id, sub);
  const who = (await app
    .db('workspaces as w')
    .leftJoin('users as u', 'u.id', app.db.raw('coalesce(?::uuid, w.owner_id)', [sub.user_id]))
    .where('w.id', sub.workspace_id)
    .first('w.name', 'u.username', 'u.id')) as { name: string; username: string | null; id: string | null };
  const promos = await promosOfWorkspace(app, sub.workspace_id);
  return {
    ...view,
    promos,
    promo: promos.find((p) => !p.expired)?.name ?? null,
    username: who.username,
    userId: who.id,
    assignedTo: who.name,
    haPayer: !!sub.payment_method_ref,
    created: iso(sub.created_at),
    started: iso(sub.period_start),
    upcomingAmount: view.amount,
    partner: await partnerOfBuyer(app, who.id),
  };
}
