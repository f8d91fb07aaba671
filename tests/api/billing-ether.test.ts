/**
 * Checkout by Ether against a real local chain (ganache in-process, tests/helpers/ganache.ts):
 * place-order quotes the invoice in wei at ETH_USD_RATE; the customer's wallet sends it; finalize-order
 * verifies the transaction on chain with viem (recipient, amount, the order's data, success,
 * ETH_CONFIRMATIONS, the quote's expiry, a hash paying one order) before anything is activated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../platform/accounts/tokens';
import { verifyAccessToken } from '../../platform/core/auth';
import { BILLING_MESSAGES, ETHER_MESSAGES, etherPaymentData } from '../../shared/billing';
import { hasPolicy, POLICY } from '../../shared/policies';
import { startLocalChain, type LocalChain } from '../helpers/ganache';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import type { Who } from './boards-fixtures';
import { api, billingState, customer } from './billing-fixtures';
import { makeTeam, type Team } from './workspace-fixtures';

let p: TestPlatform;
let chain: LocalChain;
let team: Team;
/** 2000 USD per ETH: $8.00 is 0.004 ETH */
const RATE = '2000';
const TEAM_MONTHLY_WEI = 4_000_000_000_000_000n;

beforeAll(async () => {
  chain = await startLocalChain();
  p = await startTestPlatform({
    billing: {
      graceDays: 3,
      renewalMinutes: 5,
      ethRecipient: chain.recipient,
      ethRpcUrl: chain.url,
      ethUsdRate: RATE,
      ethConfirmations: 2,
      ethQuoteMinutes: 30,
    },
  });
  team = await makeTeam(p, 'Ether team');
});
afterAll(async () => {
  await p?.stop();
  await chain?.close();
});

type Customer = Awaited<ReturnType<typeof customer>>;
const order = (who: Who, body: object = {}) =>
  api(p, who, 'POST', '/api/subscriptions/place-order', {
    plan: 'team',
    billingCycle: 'Monthly',
    addons: [],
    PaymentMethod: 'Ether',
    ...body,
  });
const finalize = (who: Who, referenceId: string, transactionHash?: string) =>
  api(p, who, 'POST', '/api/subscriptions/finalize-order', transactionHash ? { referenceId, transactionHash } : { referenceId });
const payer = (i: number) => chain.accounts[i]!;
/** the wallet pays what the quote asks (overrides make it wrong), then the chain confirms it */
async function pay(
  params: { recipient: string; amountWei: string; data: string },
  from: string,
  change: { to?: string; value?: bigint; data?: string } = {},
) {
  const hash = await chain.send({
    from,
    to: change.to ?? params.recipient,
    value: change.value ?? BigInt(params.amountWei),
    data: change.data ?? params.data,
  });
  await chain.mine();
  return hash;
}
const subscriptionOf = async (c: Customer) => (await api(p, c, 'GET', '/api/subscriptions/for/default')).body;

describe('checkout by Ether', () => {
  it('offers Ether on a server with only the Ether gateway, and refuses Card there', async () => {
    const c = await customer(p, 'Paula Plans');
    const plans = await api(p, c, 'GET', '/api/plans');
    expect(plans.body).toMatchObject({ paymentsEnabled: true, paymentMethods: ['Ether'] });
    const card = await order(c, { PaymentMethod: 'Card' });
    expect(card.status).toBe(400);
    expect(card.body.errors.PaymentMethod).toEqual([BILLING_MESSAGES.methodNotSupported]);
  });

  it('quotes the invoice in wei; a correct payment activates the plan once however often finalize is replayed', async () => {
    const c = await customer(p, 'Ethan Ether');
    const placed = await order(c);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const params = placed.body.paymentResult.params;
    expect(params).toMatchObject({
      amount: 800,
      currency: 'USD',
      amountWei: String(TEAM_MONTHLY_WEI),
      amountEther: '0.004 ETH',
      rate: RATE,
      chainId: chain.chainId,
    });
    expect(params.recipient.toLowerCase()).toBe(chain.recipient.toLowerCase());
    expect(params.data).toBe(etherPaymentData(placed.body.reference));
    expect(Date.parse(params.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    const reference = placed.body.reference;

    const missing = await finalize(c, reference);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.transactionHash).toEqual([ETHER_MESSAGES.txMissing]);

    const hash = await chain.send({ from: payer(1), to: params.recipient, value: BigInt(params.amountWei), data: params.data });
    // one block: not yet ETH_CONFIRMATIONS (2)
    const early = await finalize(c, reference, hash);
    expect(early.status).toBe(400);
    expect(early.body.errors.referenceId).toEqual([BILLING_MESSAGES.paymentPending]);
    expect(await p.db('subscriptions').where({ workspace_id: c.workspace.id })).toEqual([]);
    await chain.mine();

    const answers = await Promise.all([1, 2].map(() => finalize(c, reference, hash)));
    for (let i = 0; i < 10; i++) answers.push(await finalize(c, reference, hash));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.invoice.number)).size).toBe(1);
    expect(await p.db('invoices').where({ workspace_id: c.workspace.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await p.db('billing_settlements').where({ ref: hash.toLowerCase() })).toHaveLength(1);
    // Ether saves nothing to charge later: the subscription does not auto-renew
    expect(answers[0]!.body.subscription).toMatchObject({
      status: 'Active',
      plan: { code: 'team' },
      autoRenew: false,
      paymentsEnabled: true,
    });
    const session = await openSession(p.db, p.config, c.user!);
    expect(verifyAccessToken(p.config, session.accessToken)?.plan).toBe('team');
  });

  it('refuses a payment of the wrong amount; the order stays open for the right one', async () => {
    const c = await customer(p, 'Lesley Less');
    const placed = await order(c);
    const params = placed.body.paymentResult.params;
    const short = await pay(params, payer(2), { value: BigInt(params.amountWei) - 1n });
    const before = await billingState(p, c.workspace.id);
    const res = await finalize(c, placed.body.reference, short);
    expect(res.status).toBe(400);
    expect(res.body.errors.transactionHash).toEqual([ETHER_MESSAGES.wrongAmount]);
    expect(await billingState(p, c.workspace.id)).toEqual(before);
    expect((await subscriptionOf(c)).plan.code).toBe('essential');
    const right = await pay(params, payer(2));
    expect((await finalize(c, placed.body.reference, right)).status).toBe(200);
    expect((await subscriptionOf(c)).plan.code).toBe('team');
  });

  it('refuses a payment to another address, one made for another order, and an unknown transaction', async () => {
    const c = await customer(p, 'Walter Wrong');
    const placed = await order(c, { plan: 'teamplus' });
    const params = placed.body.paymentResult.params;
    const before = await billingState(p, c.workspace.id);
    const elsewhere = await pay(params, payer(3), { to: payer(4) });
    const wrongTo = await finalize(c, placed.body.reference, elsewhere);
    expect(wrongTo.status).toBe(400);
    expect(wrongTo.body.errors.transactionHash).toEqual([ETHER_MESSAGES.wrongRecipient]);
    const otherOrder = await pay(params, payer(3), { data: etherPaymentData('ord_someone_else') });
    expect((await finalize(c, placed.body.reference, otherOrder)).body.errors.transactionHash).toEqual([ETHER_MESSAGES.wrongOrder]);
    const unknown = await finalize(c, placed.body.reference, `0x${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.transactionHash).toEqual([ETHER_MESSAGES.txNotFound]);
    const malformed = await finalize(c, placed.body.reference, '0x1234');
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['transactionHash']);
    expect(await billingState(p, c.workspace.id)).toEqual(before);
    expect((await subscriptionOf(c)).plan.code).toBe('essential');
  });

  it('refuses a transaction hash that already paid another order', async () => {
    const first = await customer(p, 'Reuben Reuse');
    const placed = await order(first);
    const hash = await pay(placed.body.paymentResult.params, payer(1));
    expect((await finalize(first, placed.body.reference, hash)).status).toBe(200);
    const second = await customer(p, 'Rita Replay');
    const other = await order(second);
    const before = await billingState(p, second.workspace.id);
    const res = await finalize(second, other.body.reference, hash);
    expect(res.status).toBe(400);
    expect(res.body.errors.transactionHash).toEqual([ETHER_MESSAGES.txUsed]);
    expect(await billingState(p, second.workspace.id)).toEqual(before);
    // the owner's own next order cannot reuse it either
    const upgrade = await order(first, { plan: 'teamplus' });
    expect((await finalize(first, upgrade.body.reference, hash)).body.errors.transactionHash).toEqual([ETHER_MESSAGES.txUsed]);
    expect((await subscriptionOf(first)).plan.code).toBe('team');
  });

  it('lets only the workspace owner and admins pay for seats, and nobody finalize someone else’s order; seats reach the claims', async () => {
    expect((await order(team.member, { workspace: team.workspace.id })).status).toBe(403);
    expect((await order(team.outsider, { workspace: team.workspace.id })).status).toBe(404);
    const preview = await api(p, team.owner, 'GET', `/api/invoices/upcoming?Plan=team&Quantity=3&Workspace=${team.workspace.id}`);
    expect(preview.body).toMatchObject({ subtotal: 2400, total: 2400 });
    expect((await api(p, team.owner, 'GET', `/api/invoices/upcoming?Plan=team&Quantity=0&Workspace=${team.workspace.id}`)).status).toBe(
      400,
    );
    const placed = await order(team.owner, { workspace: team.workspace.id, quantity: 3 });
    expect(placed.body.paymentResult.params.amountWei).toBe(String(3n * TEAM_MONTHLY_WEI));
    const hash = await pay(placed.body.paymentResult.params, payer(2));
    expect((await finalize(team.outsider, placed.body.reference, hash)).status).toBe(404);
    expect((await finalize(team.member, placed.body.reference, hash)).status).toBe(404);
    const done = await finalize(team.owner, placed.body.reference, hash);
    expect(done.status).toBe(200);
    expect(done.body.subscription).toMatchObject({ plan: { code: 'team' }, quantity: 3 });
    // seats reach the token: qty 3 gives the multi-workspace policy (board.md §6)
    const claims = verifyAccessToken(p.config, (await openSession(p.db, p.config, team.owner.user!)).accessToken)!;
    expect(claims).toMatchObject({ plan: 'team', qty: 3 });
    expect(hasPolicy(claims, POLICY.multiWorkspace)).toBe(true);
  });

  // last: it moves the chain's clock forward
  it('refuses a payment mined after the quote expired', async () => {
    const c = await customer(p, 'Lara Late');
    const placed = await order(c);
    await chain.rpc('evm_increaseTime', [31 * 60]);
    const hash = await pay(placed.body.paymentResult.params, payer(1));
    const res = await finalize(c, placed.body.reference, hash);
    expect(res.status).toBe(400);
    expect(res.body.errors.transactionHash).toEqual([ETHER_MESSAGES.quoteExpired]);
    expect((await subscriptionOf(c)).plan.code).toBe('essential');
  });
});
