/**
 * Operators' subscriptions and invoices (backoffice.md §2, §7; docs/backoffice.md "Subscriptions"),
 * on a server without a payment gateway: an operator assigns a plan to a user's workspace through
 * the billing engine (the order settles at once, its invoice is written), the user's plan claims
 * and policies follow at once; changes are prorated (a downgrade writes a credit note); credit,
 * promos, the grid's filters and the invoices panel. Non-operators get 403, no token 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../platform/accounts/tokens';
import { verifyAccessToken } from '../../platform/core/auth';
import { hasPolicy, POLICY } from '../../shared/policies';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { operator } from './admin-fixtures';
import { api, customer, makePromo } from './billing-fixtures';
import type { Who } from './boards-fixtures';

let p: TestPlatform;
let op: Who;
let user: Awaited<ReturnType<typeof customer>>;
let other: Awaited<ReturnType<typeof customer>>;
let subId: string;
beforeAll(async () => {
  p = await startTestPlatform();
  op = await operator(p);
  user = await customer(p, 'Sam Subscriber');
  other = await customer(p, 'Olga Other');
});
afterAll(() => p.stop());

const create = (who: Who | null, body: object) => api(p, who, 'POST', '/api/subscriptions', body);

describe('New Subscription: user-workspaces and create', () => {
  it('finds the workspaces of a username; an unknown one is a 400 "User not found" under username', async () => {
    const found = await api(
      p,
      op,
      'GET',
      `/api/admin/subscriptions/user-workspaces?username=${encodeURIComponent(user.user!.username.toUpperCase())}`,
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.userId).toBe(user.user!.id);
    expect(found.body.workspaces).toEqual([expect.objectContaining({ id: user.workspace.id, role: 'Owner', plan: 'essential' })]);
    const missing = await api(p, op, 'GET', '/api/admin/subscriptions/user-workspaces?username=nobody@example.com');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'User not found', errors: { username: ['User not found'] } });
    expect((await api(p, op, 'GET', '/api/admin/subscriptions/user-workspaces')).status).toBe(400);
    expect((await api(p, user, 'GET', `/api/admin/subscriptions/user-workspaces?username=${user.user!.username}`)).status).toBe(403);
  });

  it('an operator assigns team × 2 (payments off): invoice written, the plan in the panel and in a fresh token', async () => {
    const before = verifyAccessToken(p.config, (await openSession(p.db, p.config, user.user!)).accessToken)!;
    expect(before.plan).toBe('essential');
    const res = await create(op, { userId: user.user!.id, workspaces: [user.workspace.id], quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reference).toMatch(/^op_/);
    subId = res.body.subscriptions[0];
    const order = await p.db('billing_orders').where({ reference: res.body.reference }).first();
    expect(order).toMatchObject({ status: 'Paid', payment_method: 'Operator', gateway: 'operator', amount: 1600 });
    const invoices = await p.db('invoices').where({ workspace_id: user.workspace.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ type: 'Charge', status: 'Paid', total: 1600 });
    // the user's own view
    const mine = await api(p, user, 'GET', `/api/subscriptions/for/${user.workspace.id}`);
    expect(mine.body).toMatchObject({
      plan: { code: 'team' },
      quantity: 2,
      status: 'Active',
      autoRenew: true,
      billingCycle: 'Monthly',
      isValid: true,
    });
    const claims = verifyAccessToken(p.config, (await openSession(p.db, p.config, user.user!)).accessToken)!;
    expect(claims).toMatchObject({ plan: 'team', qty: 2 });
    expect(hasPolicy(claims, POLICY.multiWorkspace)).toBe(true);
    // the trail names the operator's action
    const audit = await p.db('operator_audit').where({ action: 'subscription.create' }).first();
    expect(audit).toMatchObject({ actor_id: op.user!.id, target_id: user.user!.id });
  });

  it('refuses what is not the user’s, bad input, non-operators', async () => {
    const foreign = await create(op, { userId: user.user!.id, workspaces: [other.workspace.id] });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['workspaces']);
    for (const bad of [
      { userId: user.user!.id, workspaces: [] },
      { userId: user.user!.id, workspaces: [user.workspace.id], plan: 'gold' },
      { userId: user.user!.id, workspaces: [user.workspace.id], quantity: 0 },
      { userId: user.user!.id, workspaces: [user.workspace.id], billingCycle: 7 },
      { userId: user.user!.id, workspaces: [user.workspace.id], currency: 'EUR' },
      { userId: 'nope', workspaces: [user.workspace.id] },
    ]) {
      const res = await create(op, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors).toBeTruthy();
    }
    expect((await create(user, { userId: user.user!.id, workspaces: [user.workspace.id] })).status).toBe(403);
    expect((await create(null, { userId: user.user!.id, workspaces: [user.workspace.id] })).status).toBe(401);
  });
});

describe('the grid and the detail', () => {
  it('lists with statusFilter, planFilter, Filter and the orders; the detail has the grace fields', async () => {
    const list = await api(p, op, 'GET', '/api/admin/subscriptions?statusFilter=Active&planFilter=team&Orders=LastSession%20Desc');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ id: subId, username: user.user!.username, status: 'Active', plan: 'team', quantity: 2, haPayer: false }),
    );
    expect((await api(p, op, 'GET', '/api/admin/subscriptions?planFilter=teamplus')).body.data).toEqual([]);
    expect((await api(p, op, 'GET', `/api/admin/subscriptions?Filter=${encodeURIComponent(user.user!.username)}`)).body.totalCount).toBe(1);
    expect((await api(p, op, 'GET', '/api/admin/subscriptions?statusFilter=Gone')).status).toBe(400);
    expect((await api(p, op, 'GET', '/api/admin/subscriptions?Orders=username')).status).toBe(400);
    expect((await api(p, user, 'GET', '/api/admin/subscriptions')).status).toBe(403);
    const one = await api(p, op, 'GET', `/api/admin/subscriptions/${subId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: subId,
      username: user.user!.username,
      assignedTo: user.workspace.name,
      isValid: true,
      inGrace: false,
    });
    expect((await api(p, op, 'GET', '/api/admin/subscriptions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api(p, op, 'GET', '/api/admin/subscriptions/not-an-id')).status).toBe(400);
  });
});

describe('changes, credit, promos, invoices', () => {
  it('an upgrade is prorated and a downgrade writes a credit note; autoRenew alone orders nothing', async () => {
    const up = await api(p, op, 'POST', `/api/subscriptions/${subId}`, { plan: 'teamplus', quantity: 3 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.subscription).toMatchObject({ plan: { code: 'teamplus' }, quantity: 3 });
    const down = await api(p, op, 'POST', `/api/subscriptions/${subId}`, { plan: 'team', quantity: 1, billingCycle: 2 });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const types = (await p.db('invoices').where({ workspace_id: user.workspace.id }).orderBy('created_at')).map((i) => i.type);
    expect(types).toEqual(['Charge', 'Charge', 'Credit Note']);
    const renew = await api(p, op, 'POST', `/api/subscriptions/${subId}`, { autoRenew: false });
    expect(renew.body).toMatchObject({ reference: null, subscription: { autoRenew: false } });
    expect(verifyAccessToken(p.config, (await openSession(p.db, p.config, user.user!)).accessToken)).toMatchObject({
      plan: 'team',
      qty: 1,
    });
    expect((await api(p, op, 'POST', `/api/subscriptions/${subId}`, { quantity: -1 })).status).toBe(400);
    expect((await api(p, user, 'POST', `/api/subscriptions/${subId}`, { quantity: 5 })).status).toBe(403);
  });

  it('adds credit (minor units) as a credit note and answers "creadit addedd"', async () => {
    const before = (await p.db('subscriptions').where({ id: subId }).first()).credit;
    const res = await api(p, op, 'POST', `/api/admin/users/${user.user!.id}/credit`, { credit: 500, subscription: subId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'creadit addedd', credit: before + 500 });
    expect(await p.db('invoices').where({ number: res.body.invoice }).first()).toMatchObject({ type: 'Credit Note', total: 500 });
    const foreign = await api(p, op, 'POST', `/api/admin/users/${other.user!.id}/credit`, { credit: 500, subscription: subId });
    expect(foreign.status).toBe(400);
    expect((await api(p, op, 'POST', `/api/admin/users/${user.user!.id}/credit`, { credit: 1.5, subscription: subId })).status).toBe(400);
    expect((await api(p, op, 'POST', `/api/admin/users/${user.user!.id}/credit`, { credit: 0, subscription: subId })).status).toBe(400);
    expect((await api(p, user, 'POST', `/api/admin/users/${user.user!.id}/credit`, { credit: 500, subscription: subId })).status).toBe(403);
  });

  it('attaches a promo by code or name under its limits, and removes it', async () => {
    await makePromo(p, { code: 'OPTEN', name: 'Ten off', percent: 10 });
    const added = await api(p, op, 'POST', `/api/admin/subscriptions/${subId}/promos`, { promoName: 'ten off' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const promo = added.body.promos.find((x: { name: string }) => x.name === 'Ten off');
    expect(promo).toMatchObject({ expired: false });
    expect(added.body.promo).toBe('Ten off');
    const again = await api(p, op, 'POST', `/api/admin/subscriptions/${subId}/promos`, { promoName: 'OPTEN' });
    expect(again.status).toBe(400);
    expect(again.body.errors.promoName).toEqual(['You have already redeemed this promo code.']);
    expect((await api(p, op, 'POST', `/api/admin/subscriptions/${subId}/promos`, { promoName: 'nothing' })).status).toBe(400);
    expect((await api(p, op, 'POST', `/api/admin/subscriptions/${subId}/promos`, {})).status).toBe(400);
    const removed = await api(p, op, 'DELETE', `/api/admin/subscriptions/${subId}/promos/${promo.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.promos.find((x: { id: string }) => x.id === promo.id)).toMatchObject({ expired: true });
    expect(removed.body.promo).toBeNull();
    expect((await api(p, op, 'DELETE', `/api/admin/subscriptions/${subId}/promos/${promo.id}`)).status).toBe(404);
    expect((await api(p, user, 'DELETE', `/api/admin/subscriptions/${subId}/promos/${promo.id}`)).status).toBe(403);
  });

  it('lists the invoices with email, from and to; an operator reads any invoice detail, another user does not', async () => {
    const res = await api(p, op, 'GET', `/api/admin/subscriptions/${subId}/invoices?Orders=CreatedDate%20Desc`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.data[0]).toMatchObject({ type: 'Credit Note', userEmail: user.user!.username });
    const today = new Date().toISOString().slice(0, 10);
    expect((await api(p, op, 'GET', `/api/admin/subscriptions/${subId}/invoices?from=${today}&to=${today}`)).body.totalCount).toBe(4);
    expect((await api(p, op, 'GET', `/api/admin/subscriptions/${subId}/invoices?to=2000-01-01`)).body.totalCount).toBe(0);
    expect((await api(p, op, 'GET', `/api/admin/subscriptions/${subId}/invoices?email=nobody`)).body.totalCount).toBe(0);
    expect((await api(p, op, 'GET', `/api/admin/subscriptions/${subId}/invoices?from=yesterday`)).status).toBe(400);
    expect((await api(p, user, 'GET', `/api/admin/subscriptions/${subId}/invoices`)).status).toBe(403);
    const id = res.body.data[0].id;
    const detail = await api(p, op, 'GET', `/api/subscriptions/invoices/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, type: 'Credit Note' });
    expect((await api(p, user, 'GET', `/api/subscriptions/invoices/${id}`)).status).toBe(200);
    expect((await api(p, other, 'GET', `/api/subscriptions/invoices/${id}`)).status).toBe(404);
  });
});
