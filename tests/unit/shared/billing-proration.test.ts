/**
 * Proration (shared/billing/proration.ts), including a property-based test over random plan
 * changes with a tiny seeded PRNG (mulberry32; no dependency): whatever the changes, the first
 * invoice plus every change's charge or credit equals the price of what was used, to the cent.
 */
import { describe, expect, it } from 'vitest';
import {
  addCycle,
  DEFAULT_PRICES,
  periodPrice,
  prorateChange,
  projectedCost,
  type BillingCycle,
  type Configuration,
  type Segment,
} from '../../../shared/billing';

const DAY = 86_400_000;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('proration', () => {
  const period = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 31) }; // 30 days

  it('an upgrade halfway charges half the difference; a downgrade halfway credits it', () => {
    const start: Segment[] = [{ from: period.start, price: 800 }];
    const up = prorateChange(period, start, period.start + 15 * DAY, 1200);
    expect(up.amount).toBe(200);
    expect([up.remainingNew, up.unusedOld]).toEqual([600, 400]);
    const down = prorateChange(period, up.segments, period.start + 20 * DAY, 0);
    expect(down.amount).toBe(-400);
    expect(projectedCost(period, down.segments)).toBe(800 + 200 - 400);
  });

  it('a change at the start replaces the configuration; one at the end changes nothing', () => {
    const s: Segment[] = [{ from: period.start, price: 800 }];
    expect(prorateChange(period, s, period.start, 1200)).toMatchObject({ amount: 400, segments: [{ from: period.start, price: 1200 }] });
    expect(prorateChange(period, s, period.end + DAY, 5000).amount).toBe(0);
    expect(() => prorateChange(period, [...s, { from: period.start + 10 * DAY, price: 0 }], period.start + 5 * DAY, 1)).toThrow();
  });

  it('property: over random plan changes, charges and credits sum to the price of what was used, to the cent', () => {
    const rand = mulberry32(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const plans = ['essential', 'team', 'teamplus'];
    const cycles: BillingCycle[] = ['Monthly', 'Quarterly', 'Semiannually'];
    for (let run = 0; run < 500; run++) {
      const cycle = pick(cycles);
      const start = Date.UTC(2026, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28), Math.floor(rand() * 24));
      const p = { start, end: addCycle(new Date(start), cycle).getTime() };
      const config = (): Configuration => ({
        plan: pick(plans),
        quantity: 1 + Math.floor(rand() * 40),
        addons: rand() < 0.3 ? ['white-label-api'] : [],
        cycle,
      });
      let segments: Segment[] = [{ from: p.start, price: periodPrice(config(), DEFAULT_PRICES) }];
      let paid = segments[0]!.price; // the first invoice: a full period
      let credited = 0;
      let at = p.start;
      const changes = Math.floor(rand() * 12);
      for (let i = 0; i < changes; i++) {
        at += Math.floor(rand() * ((p.end - at) / 2 + 1)); // anywhere in what is left, to the millisecond
        const change = prorateChange(p, segments, at, periodPrice(config(), DEFAULT_PRICES));
        if (change.amount >= 0) paid += change.amount;
        else credited += -change.amount;
        segments = change.segments;
        expect(Number.isInteger(change.amount)).toBe(true);
      }
      // what was used, computed independently: Σ price × time in force / period length
      const length = p.end - p.start;
      let usedBig = 0n; // minor-unit·ms (BigInt: seats × price × ms exceeds 2^53)
      segments.forEach((s, i) => {
        const to = i + 1 < segments.length ? segments[i + 1]!.from : p.end;
        usedBig += BigInt(s.price) * BigInt(to - s.from);
      });
      const net = paid - credited;
      // net is within half a cent of the exact used price: |net × L − used| ≤ L / 2
      const diff = BigInt(net) * BigInt(length) - usedBig;
      expect(2n * (diff < 0n ? -diff : diff) <= BigInt(length), `run ${run}: net ${net}, used ${Number(usedBig) / length}`).toBe(true);
    }
  });
});
