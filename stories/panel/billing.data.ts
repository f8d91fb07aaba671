import type { BillingCalls, Invoice, InvoicePreview, Plans, Subscription } from '../../panel/billing/api';

/** Sample billing data for the stories (the shapes platform/billing answers), and a server stand-in. */
const prices = (monthly: number) =>
  (
    [
      ['Monthly', monthly],
      ['Quarterly', Math.round(monthly * 2.85)],
      ['Semiannually', Math.round(monthly * 5.4)],
    ] as const
  ).map(([cycle, amount]) => ({ cycle, amount, formatted: `$${(amount / 100).toFixed(2)}` }));
const catalog = (code: string, name: string, features: string[], perSeat: boolean, monthly: number) => ({
  code,
  name,
  features,
  perSeat,
  prices: prices(monthly),
  price: { amount: monthly, formatted: `$${(monthly / 100).toFixed(2)}` },
});

export const SAMPLE_PLANS: Plans = {
  plans: [
    catalog('essential', 'Essential', [], true, 0),
    catalog('team', 'Team', ['Highlighter', 'Frames'], true, 800),
    catalog('teamplus', 'Team Plus', ['Everything in Team'], true, 1200),
  ],
  addons: [catalog('white-label-api', 'White-label API', [], false, 2000)],
  billingCycles: ['Monthly', 'Quarterly', 'Semiannually'],
  paymentMethods: ['Card', 'Ether'],
  paymentsEnabled: true,
  currency: 'USD',
  cardEntry: 'test',
};

const base: Subscription = {
  id: null,
  workspaceId: 'ws-1',
  status: 'Active',
  plan: { code: 'essential', name: 'Essential' },
  billingCycle: null,
  billingCycleCode: null,
  nextBillingCycle: null,
  quantity: 1,
  addons: [],
  promos: [],
  autoRenew: false,
  nextBilling: null,
  nextRenewDate: null,
  amount: null,
  remainingDays: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  isValid: true,
  inGrace: false,
  isActive: true,
  credit: 0,
  currency: 'USD',
  paymentsEnabled: true,
  canPause: false,
  canResume: false,
};

export const FREE_SUBSCRIPTION: Subscription = base;
export const TEAM_SUBSCRIPTION: Subscription = {
  ...base,
  id: '6f1c2b0e-0000-4000-8000-000000000001',
  plan: { code: 'team', name: 'Team' },
  billingCycle: 'Monthly',
  billingCycleCode: 1,
  quantity: 3,
  addons: [{ code: 'white-label-api', name: 'White-label API' }],
  promos: [{ name: 'Spring 20%' }],
  autoRenew: true,
  nextBilling: '2026-12-23T10:00:00.000Z',
  nextRenewDate: '2026-12-23T10:00:00.000Z',
  amount: 3520,
  remainingDays: 30,
  currentPeriodStart: '2026-11-23T10:00:00.000Z',
  currentPeriodEnd: '2026-12-23T10:00:00.000Z',
  credit: 250,
  canPause: true,
};
export const PAUSED_SUBSCRIPTION: Subscription = {
  ...TEAM_SUBSCRIPTION,
  status: 'Paused',
  nextBilling: null,
  canPause: false,
  canResume: true,
  promos: [],
};

export const SAMPLE_PREVIEW: InvoicePreview = {
  items: [
    { description: '1 × Team (Monthly)', price: 800 },
    { description: 'White-label API (Monthly)', price: 2000 },
  ],
  subtotal: 2800,
  discount: { items: [{ name: 'Spring 20%', amount: 560 }], totalAmount: 560 },
  balance: 0,
  total: 2240,
  creditAfter: 0,
  creditCreated: 0,
  usedPromos: [],
  currency: 'USD',
  currencySymbol: '$',
  type: 'new',
  nextPayment: { date: '2026-12-23T10:00:00.000Z', amount: 2800 },
};

export const SAMPLE_INVOICES: Invoice[] = Array.from({ length: 12 }, (_, n) => {
  const credit = n % 4 === 3;
  return {
    id: `inv-${n + 1}`,
    number: credit ? `CN-${String(n + 1).padStart(6, '0')}` : `INV-${String(n + 1).padStart(6, '0')}`,
    createdAt: new Date(Date.UTC(2026, 10, 23 - n)).toISOString(),
    dueAt: new Date(Date.UTC(2026, 10, 23 - n)).toISOString(),
    type: credit ? 'Credit Note' : 'Charge',
    status: 'Paid',
    subtotal: 800,
    discount: 0,
    totalAmount: credit ? 150 : 800,
    paid: credit ? 0 : 800,
    balance: credit ? 150 : 0,
    currencyCode: 'USD',
    formattedTotal: credit ? '$1.50' : '$8.00',
    items: [{ description: credit ? 'Unused time on 1 × Team Plus' : '1 × Team (Monthly)', formattedAmount: credit ? '$1.50' : '$8.00' }],
    discounts: [],
  };
});

/** A server stand-in answering the billing calls from the samples (no network). */
export function sampleApi(subscription: Subscription, overrides: Partial<BillingCalls> = {}): BillingCalls {
  let current = subscription;
  const ok = <T>(value: T) => Promise.resolve(value);
  return {
    plans: () => ok(SAMPLE_PLANS),
    subscription: () => ok(current),
    preview: () => ok(SAMPLE_PREVIEW),
    placeOrder: () =>
      ok({ reference: 'ord_story', type: 'new', paymentResult: { params: { amount: 2240, currency: 'USD' } }, invoice: SAMPLE_PREVIEW }),
    finalize: () =>
      ok({ reference: 'ord_story', status: 'Paid', invoice: SAMPLE_INVOICES[0]!, subscription: (current = TEAM_SUBSCRIPTION) }),
    changeCycle: (_id, cycle) => ok((current = { ...current, nextBillingCycle: cycle })),
    pause: (_ws, pause) => ok((current = pause ? PAUSED_SUBSCRIPTION : TEAM_SUBSCRIPTION)),
    history: () => async (q) => {
      const rows =
        q.QuickFilter === 'inactive'
          ? SAMPLE_INVOICES.filter((i) => i.type !== 'Charge')
          : q.QuickFilter === 'beta-tester'
            ? SAMPLE_INVOICES.filter((i) => i.type === 'Charge')
            : SAMPLE_INVOICES;
      return { totalCount: rows.length, data: rows.slice(q.Skip, q.Skip + q.Take) };
    },
    invoice: (id) => ok(SAMPLE_INVOICES.find((i) => i.id === id)!),
    redeem: (code) =>
      ok(
        code === 'WT10-GOOD-PROMO1' ? { result: 'Promo code redeemed.', succeed: true } : { result: 'Invalid promo code.', succeed: false },
      ),
    ...overrides,
  };
}
