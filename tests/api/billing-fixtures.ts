import { ensureDefaultWorkspace, type WorkspaceRow } from '../../platform/workspaces/repo';
import type { TestPlatform } from '../helpers/platform';
import { call, signedIn, type Who } from './boards-fixtures';

/** Billing test fixtures: a signed-in user with their default workspace, promos as rows, the billing state of a workspace. */
export async function customer(p: TestPlatform, name = 'Bea Buyer'): Promise<Who & { workspace: WorkspaceRow }> {
  const who = await signedIn(p, { name });
  return { ...who, workspace: await ensureDefaultWorkspace(p.db, who.user!.id) };
}

export async function makePromo(p: TestPlatform, values: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const [row] = await p
    .db('promos')
    .insert({
      name: 'Promo',
      type: 'Percent',
      percent: 100,
      percent_duration: 'Forever',
      max_redemptions_per_customer: 1,
      ...values,
      code: String(values.code).toUpperCase(),
    })
    .returning(['id', 'code']);
  return row;
}

/** Everything billing stores about a workspace (to prove a refused call changed nothing). */
export async function billingState(p: TestPlatform, workspaceId: string): Promise<unknown> {
  const strip = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.parse(JSON.stringify(r)));
  return {
    subscriptions: strip(await p.db('subscriptions').where({ workspace_id: workspaceId })),
    orders: strip(await p.db('billing_orders').where({ workspace_id: workspaceId }).orderBy('id')),
    invoices: strip(await p.db('invoices').where({ workspace_id: workspaceId }).orderBy('id')),
    redemptions: strip(await p.db('promo_redemptions').where({ workspace_id: workspaceId }).orderBy('id')),
  };
}

export const api = (p: TestPlatform, who: Who | null, method: string, url: string, payload?: object) => call(p, who, method, url, payload);

/** Sets a workspace's subscription as an operator would (a plan assigned, paid until `days` from now). */
export async function assignPlan(
  p: TestPlatform,
  workspaceId: string,
  plan: string,
  opts: { days?: number; quantity?: number; status?: string; autoRenew?: boolean; userId?: string } = {},
) {
  const now = Date.now();
  const end = now + (opts.days ?? 30) * 86_400_000;
  const [row] = await p
    .db('subscriptions')
    .insert({
      workspace_id: workspaceId,
      user_id: opts.userId ?? null,
      plan,
      quantity: opts.quantity ?? 1,
      status: opts.status ?? 'Active',
      auto_renew: opts.autoRenew ?? false,
      period_start: new Date(now),
      period_end: new Date(end),
      segments: JSON.stringify([{ from: now, price: 800 * (opts.quantity ?? 1) }]),
    })
    .onConflict('workspace_id')
    .merge()
    .returning('*');
  return row;
}
