import { BILLING_MESSAGES, ETHER_MESSAGES } from '../../shared/billing';
import { HttpError } from '../../ui';

/**
 * Paying an order in Ether with the browser's wallet (EIP-1193 `window.ethereum`, e.g. MetaMask;
 * docs/billing.md "Ether"): connect (eth_requestAccounts), make sure the wallet is on the server's
 * chain (wallet_switchEthereumChain), then eth_sendTransaction to the quoted recipient with the
 * quoted wei and the order's data. The server verifies the transaction on chain at finalize.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface EtherQuote {
  recipient?: string;
  amountWei?: string;
  amountEther?: string;
  data?: string;
  expiresAt?: string;
  chainId?: number;
}

export const WALLET_TEXTS = {
  connect: 'Connect your wallet…',
  confirm: (amount: string) => `Confirm the payment of ${amount} in your wallet…`,
  waiting: 'Waiting for the Ethereum network to confirm the payment…',
  rejected: 'You cancelled the payment in your wallet.',
  noAccount: 'Your wallet has no account to pay with.',
  expired: 'The price quote has expired. Try again for a new one.',
} as const;

/** The wallet, or null (the spec's MetaMask message is shown then). */
export function walletOf(win: unknown = typeof window === 'undefined' ? undefined : window): Eip1193Provider | null {
  const eth = (win as { ethereum?: Eip1193Provider } | undefined)?.ethereum;
  return eth && typeof eth.request === 'function' ? eth : null;
}

const fail = (text: string, field = 'PaymentMethod') => new HttpError(400, { message: text, errors: { [field]: [text] } }, text);
const rejected = (err: unknown) => (err as { code?: number } | null)?.code === 4001;

/** Asks the wallet for an account (before any order is placed). */
export async function connectWallet(wallet: Eip1193Provider): Promise<string> {
  let accounts: unknown;
  try {
    accounts = await wallet.request({ method: 'eth_requestAccounts' });
  } catch (err) {
    throw rejected(err) ? fail(WALLET_TEXTS.rejected) : err;
  }
  const from = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof from !== 'string') throw fail(WALLET_TEXTS.noAccount);
  return from;
}

/** Sends the quoted payment from `from`; answers the transaction hash. */
export async function sendQuotedPayment(wallet: Eip1193Provider, from: string, quote: EtherQuote): Promise<string> {
  if (!quote.recipient || !quote.amountWei || !quote.data) throw fail(BILLING_MESSAGES.methodNotSupported);
  if (quote.expiresAt && Date.parse(quote.expiresAt) <= Date.now()) throw fail(WALLET_TEXTS.expired);
  try {
    if (quote.chainId != null) {
      const current = Number.parseInt(String(await wallet.request({ method: 'eth_chainId' })), 16);
      if (current !== quote.chainId) {
        await wallet
          .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${quote.chainId.toString(16)}` }] })
          .catch(() => {
            throw fail(ETHER_MESSAGES.wrongChain);
          });
      }
    }
    const hash = await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: quote.recipient, value: `0x${BigInt(quote.amountWei).toString(16)}`, data: quote.data }],
    });
    if (typeof hash !== 'string') throw fail(ETHER_MESSAGES.txNotFound);
    return hash;
  } catch (err) {
    throw rejected(err) ? fail(WALLET_TEXTS.rejected) : err;
  }
}

/** true for finalize's "not completed yet" (the transaction lacks confirmations): ask again later. */
export const isPending = (err: unknown): boolean =>
  err instanceof HttpError && err.status === 400 && (err.errors.referenceId ?? []).includes(BILLING_MESSAGES.paymentPending);

/** Calls `finalize` until the payment has its confirmations (every `everyMs`, at most `tries` times). */
export async function untilConfirmed<T>(finalize: () => Promise<T>, { everyMs = 3000, tries = 100 } = {}): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await finalize();
    } catch (err) {
      if (!isPending(err) || i >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
