/**
 * Ether payments, the pure part (docs/billing.md "Ether"): the fixed rate ETH_USD_RATE (US dollars
 * per ether, a decimal like "3150.25"), the amount in wei an invoice total is quoted at (rounded
 * up: the customer never pays less than the invoice), the data a payment carries to name its
 * order, and the messages of a refused payment.
 */
export const WEI_PER_ETHER = 10n ** 18n;
/** decimals the rate may carry */
const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** A decimal rate as an integer scaled by 10^8; null when it is not a positive decimal. */
export function parseEtherRate(rate: string | undefined | null): bigint | null {
  const text = (rate ?? '').trim();
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return null;
  const scaled = BigInt(m[1]!) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
}

/**
 * The wei that pay `amountMinor` cents of USD at `rate` dollars per ether, rounded up to the wei:
 * cents × 10^18 / (100 × rate).
 */
export function weiForCents(amountMinor: number, rate: string): bigint {
  const scaled = parseEtherRate(rate);
  if (scaled === null) throw new Error(`invalid ether rate: ${rate}`);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new Error(`invalid amount: ${amountMinor}`);
  const numerator = BigInt(amountMinor) * WEI_PER_ETHER * RATE_SCALE;
  const denominator = 100n * scaled;
  return (numerator + denominator - 1n) / denominator;
}

/** Wei as ether, for people ("0.0025 ETH"): up to 8 decimals, trailing zeros dropped, rounded up. */
export function formatEther(wei: bigint | string): string {
  const value = BigInt(wei);
  const unit = 10n ** 10n; // 18 - 8 decimals shown
  const shown = (value + unit - 1n) / unit;
  const whole = shown / RATE_SCALE;
  const fraction = (shown % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`;
}

/** The transaction data of an order's payment: the UTF-8 of `tabula:<reference>`, hex. */
export function etherPaymentData(reference: string): `0x${string}` {
  let hex = '';
  for (const byte of new TextEncoder().encode(`tabula:${reference}`)) hex += byte.toString(16).padStart(2, '0');
  return `0x${hex}`;
}

export const isTxHash = (v: unknown): v is `0x${string}` => typeof v === 'string' && /^0x[0-9a-fA-F]{64}$/.test(v);

export const ETHER_MESSAGES = {
  walletMissing: 'Please install MetaMask to connect with the Ethereum network',
  txMissing: 'Send the payment from your wallet first: the transaction hash is missing.',
  txNotFound: 'This transaction was not found on the Ethereum network.',
  txFailed: 'This transaction failed on the Ethereum network.',
  wrongRecipient: 'This transaction was not sent to our payment address.',
  wrongAmount: 'This transaction does not pay the quoted amount.',
  wrongOrder: 'This transaction was not made for this order.',
  quoteExpired: 'The price quote expired before this transaction was made. Place a new order.',
  txUsed: 'This transaction has already been used for a payment.',
  wrongChain: 'Your wallet is connected to another Ethereum network.',
} as const;
