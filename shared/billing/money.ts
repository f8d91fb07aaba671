/**
 * Money (issue 16): integer minor units (cents) with an ISO currency code; USD by default
 * (backoffice.md §9: "Currency USD for new subscriptions"). Nothing here uses floating cents.
 */
export const DEFAULT_CURRENCY = 'USD';

export interface Money {
  /** minor units (cents), an integer */
  amount: number;
  currency: string;
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$', JPY: '¥' };
/** Currencies without minor units (ISO 4217 exponent 0). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND']);

export function money(amount: number, currency: string = DEFAULT_CURRENCY): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money: ${amount} is not an integer amount of minor units`);
  return { amount, currency: currency.toUpperCase() };
}

export const currencySymbol = (currency: string): string => SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
export const minorDigits = (currency: string): number => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);

/** "$12.50", "-$3.00", "€0.99". */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = minorDigits(currency);
  const abs = Math.abs(amount);
  const major = digits ? `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` : String(abs);
  return `${amount < 0 ? '-' : ''}${currencySymbol(currency)}${major}`;
}

/**
 * round(numerator / denominator) for non-negative BigInts, half up: exact for any size, so a
 * proration never loses a cent to floating point.
 */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('roundDiv: denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (2n * n + denominator) / (2n * denominator);
  return negative ? -q : q;
}

/** amount × percent / 100, rounded half up (percent may have up to 2 decimals). */
export function percentOf(amount: number, percent: number): number {
  const basisPoints = BigInt(Math.round(percent * 100));
  return Number(roundDiv(BigInt(amount) * basisPoints, 10_000n));
}
