/** Commission and payout arithmetic in integer minor units (docs/billing.md "Partners"). */
import { describe, expect, it } from 'vitest';
import { basisOf, commissionOf, computePayouts, payoutNumber, type CoveredInvoice } from '../../../shared/partners/commission';
import { programOf } from '../../../shared/partners/programs';

const rule = programOf('Reseller')!.commission;
const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const inv = (id: string, type: CoveredInvoice['type'], total: number, balance = 0, currency = 'USD', day = 1): CoveredInvoice => ({
  id,
  type,
  total,
  balance,
  currency,
  createdAt: at(day),
});

describe('commission', () => {
  it('takes a charge before credit paid part of it, and a credit note as a negative', () => {
    expect(basisOf(inv('a', 'Charge', 800))).toBe(800);
    expect(basisOf(inv('b', 'Charge', 300, 500))).toBe(800);
    expect(basisOf(inv('c', 'Credit Note', 400, 400))).toBe(-400);
  });

  it('is the basis points of the sum, rounded half up, never negative', () => {
    expect(commissionOf(800, rule)).toBe(160);
    expect(commissionOf(1, rule)).toBe(0);
    expect(commissionOf(3, rule)).toBe(1); // 0.6 → 1
    expect(commissionOf(-500, rule)).toBe(0);
    expect(() => commissionOf(1.5, rule)).toThrow(RangeError);
  });

  it('rounds once on the sum, not per invoice (no cents lost over many small invoices)', () => {
    const many = Array.from({ length: 10 }, (_, i) => inv(`i${i}`, 'Charge', 3));
    const [payout] = computePayouts(many, rule);
    expect(payout).toMatchObject({ subtotal: 30, total: 6 });
  });
});

describe('payouts', () => {
  it('nets credit notes, one payout per currency, with the invoices period', () => {
    const payouts = computePayouts(
      [
        inv('a', 'Charge', 1200, 0, 'USD', 3),
        inv('b', 'Credit Note', 400, 400, 'USD', 5),
        inv('c', 'Charge', 300, 500, 'USD', 9),
        inv('d', 'Charge', 1000, 0, 'EUR', 4),
      ],
      rule,
    );
    expect(payouts.map((p) => [p.currency, p.subtotal, p.total])).toEqual([
      ['EUR', 1000, 200],
      ['USD', 1600, 320],
    ]);
    const usd = payouts[1]!;
    expect(usd.lines).toEqual([
      { invoiceId: 'a', amount: 1200 },
      { invoiceId: 'b', amount: -400 },
      { invoiceId: 'c', amount: 800 },
    ]);
    expect([usd.periodStart, usd.periodEnd]).toEqual([at(3), at(9)]);
  });

  it('pays nothing when credit notes outweigh the charges or there is nothing', () => {
    expect(computePayouts([inv('a', 'Charge', 300), inv('b', 'Credit Note', 500)], rule)).toEqual([]);
    expect(computePayouts([], rule)).toEqual([]);
  });

  it('numbers payouts PP-000001', () => {
    expect(payoutNumber(1)).toBe('PP-000001');
    expect(payoutNumber(1234567)).toBe('PP-1234567');
  });
});
