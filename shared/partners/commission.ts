/**
 * Commission and payout arithmetic (docs/billing.md "Partners"), integer minor units only.
 * A payout covers customer invoices not covered before: each charge adds what it was worth before
 * the customer's credit paid part of it (total + balance used), each credit note subtracts its
 * total. The commission is the programme's basis points of that sum, rounded half up once (not per
 * invoice, so many small invoices lose no cents). Nothing to pay when the sum is not positive:
 * the invoices then stay uncovered and count in the next payout.
 */
import { roundDiv } from '../billing/money';
import type { CommissionRule } from './programs';

export interface CoveredInvoice {
  id: string;
  type: 'Charge' | 'Credit Note';
  currency: string;
  /** the invoice's total, minor units (a credit note's total is the credit it created, positive) */
  total: number;
  /** a charge: the credit used to pay it; a credit note: the credit created (ignored) */
  balance: number;
  createdAt: Date;
}

export interface PayoutLine {
  invoiceId: string;
  /** contribution to the basis; negative for a credit note */
  amount: number;
}

export interface PayoutFigures {
  currency: string;
  lines: PayoutLine[];
  /** the basis: the lines' sum */
  subtotal: number;
  /** the commission owed */
  total: number;
  periodStart: Date;
  periodEnd: Date;
}

/** What one customer invoice adds to the commission basis. */
export function basisOf(invoice: Pick<CoveredInvoice, 'type' | 'total' | 'balance'>): number {
  if (invoice.type === 'Credit Note') return -invoice.total;
  return invoice.total + invoice.balance;
}

/** basisPoints of amount (≥ 0), rounded half up. */
export function commissionOf(amount: number, rule: CommissionRule): number {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(rule.basisPoints)) throw new RangeError('commission: integers only');
  if (amount <= 0) return 0;
  return Number(roundDiv(BigInt(amount) * BigInt(rule.basisPoints), 10_000n));
}

/**
 * The payouts these uncovered invoices make: one per currency whose commission is positive
 * (currencies are never mixed). Answers [] when there is nothing to pay.
 */
export function computePayouts(invoices: readonly CoveredInvoice[], rule: CommissionRule): PayoutFigures[] {
  const byCurrency = new Map<string, CoveredInvoice[]>();
  for (const inv of invoices) {
    const key = inv.currency.toUpperCase();
    byCurrency.set(key, [...(byCurrency.get(key) ?? []), inv]);
  }
  const payouts: PayoutFigures[] = [];
  for (const [currency, list] of [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const lines = list.map((inv) => ({ invoiceId: inv.id, amount: basisOf(inv) }));
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    const total = commissionOf(subtotal, rule);
    if (total <= 0) continue;
    const times = list.map((inv) => inv.createdAt.getTime());
    payouts.push({
      currency,
      lines,
      subtotal,
      total,
      periodStart: new Date(Math.min(...times)),
      periodEnd: new Date(Math.max(...times)),
    });
  }
  return payouts;
}

/** The payout number: PP-000001. */
export const payoutNumber = (value: number): string => `PP-${String(value).padStart(6, '0')}`;
