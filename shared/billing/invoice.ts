/**
 * Invoice arithmetic (panel.md §3 "Invoice preview"; backoffice.md §3 Invoice): items, subtotal,
 * discounts from promos, credit balance, total. Percent discounts apply first, then fixed amounts;
 * discounts never exceed the subtotal; the customer's credit pays what is left; a negative
 * subtotal (a downgrade) is no charge but credit (a credit note). All amounts in minor units.
 */
import { currencySymbol, formatMoney, percentOf } from './money';

export const PROMO_TYPES = ['Fixed', 'Percent', 'Subscription'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];
export const PERCENT_DURATIONS = ['Once', 'Forever'] as const;
export type PercentDuration = (typeof PERCENT_DURATIONS)[number];

/** A promo attached to a subscription, as far as invoices care. */
export interface PromoDiscount {
  name: string;
  type: PromoType;
  /** Fixed: minor units */
  amount?: number;
  /** Percent: 0–100 */
  percent?: number;
  percentDuration?: PercentDuration;
  /** a Once promo that already discounted an invoice */
  used?: boolean;
}

export interface InvoiceLine {
  description: string;
  /** minor units; negative for an unused-time line */
  price: number;
}

export interface InvoiceInput {
  lines: readonly InvoiceLine[];
  promos?: readonly PromoDiscount[];
  /** the customer's credit before this invoice, minor units ≥ 0 */
  credit?: number;
  currency: string;
}

export interface InvoiceFigures {
  items: InvoiceLine[];
  subtotal: number;
  discount: { items: Array<{ name: string; amount: number }>; totalAmount: number };
  /** credit used to pay this invoice */
  balance: number;
  total: number;
  /** credit left after this invoice (including any credit this invoice creates) */
  creditAfter: number;
  /** credit this invoice creates (a negative subtotal) */
  creditCreated: number;
  /** the Once promos this invoice uses up */
  usedPromos: string[];
  currency: string;
  currencySymbol: string;
}

/** Whether a promo discounts the next invoice. */
export const discounts = (p: PromoDiscount): boolean =>
  (p.type === 'Fixed' && (p.amount ?? 0) > 0) ||
  (p.type === 'Percent' && (p.percent ?? 0) > 0 && !(p.percentDuration === 'Once' && p.used));

export function computeInvoice(input: InvoiceInput): InvoiceFigures {
  const items = input.lines.map((l) => ({ description: l.description, price: l.price }));
  const subtotal = items.reduce((s, l) => s + l.price, 0);
  const credit = Math.max(0, input.credit ?? 0);
  const discountItems: Array<{ name: string; amount: number }> = [];
  const usedPromos: string[] = [];
  let left = Math.max(0, subtotal);
  const active = (input.promos ?? []).filter(discounts);
  for (const promo of [...active.filter((p) => p.type === 'Percent'), ...active.filter((p) => p.type === 'Fixed')]) {
    if (left <= 0) break;
    const raw = promo.type === 'Percent' ? percentOf(left, Math.min(100, promo.percent ?? 0)) : (promo.amount ?? 0);
    const amount = Math.min(left, raw);
    if (amount <= 0) continue;
    discountItems.push({ name: promo.name, amount });
    if (promo.type === 'Percent' && promo.percentDuration === 'Once') usedPromos.push(promo.name);
    left -= amount;
  }
  const balance = Math.min(credit, left);
  const creditCreated = subtotal < 0 ? -subtotal : 0;
  return {
    items,
    subtotal,
    discount: { items: discountItems, totalAmount: discountItems.reduce((s, d) => s + d.amount, 0) },
    balance,
    total: left - balance,
    creditAfter: credit - balance + creditCreated,
    creditCreated,
    usedPromos,
    currency: input.currency,
    currencySymbol: currencySymbol(input.currency),
  };
}

/** The items as the billing history shows them: [{description, formattedAmount}]. */
export const formattedItems = (items: readonly InvoiceLine[], currency: string) =>
  items.map((i) => ({ description: i.description, formattedAmount: formatMoney(i.price, currency) }));
