import {
  createPublicClient,
  getAddress,
  http,
  isAddress,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
} from 'viem';
import { ETHER_MESSAGES, etherPaymentData, formatEther, isTxHash, parseEtherRate, weiForCents } from '../../../shared/billing/ether';
import type { BillingConfig } from '../../config';
import { GatewayError, type PaymentGateway } from './types';

/** The Ether gateway is on when the recipient, the RPC and the rate are all configured (and valid). */
export function etherConfigured(config: BillingConfig): boolean {
  return !!config.ethRecipient && isAddress(config.ethRecipient) && !!config.ethRpcUrl && parseEtherRate(config.ethUsdRate) !== null;
}

/**
 * Ether payments (docs/billing.md "Ether"). place-order quotes the invoice total in wei at the
 * operator's fixed rate ETH_USD_RATE (no price feed: deterministic), with the recipient
 * ETH_RECIPIENT, the data naming the order (`tabula:<reference>`), an expiry and the chain id; the
 * browser's wallet (EIP-1193) sends it. finalize-order brings the transaction hash and `check`
 * reads the chain with viem at ETH_RPC_URL: the transaction exists, succeeded, went to the
 * recipient, pays at least the quoted wei, carries the order's data, was mined before the quote
 * expired, and has ETH_CONFIRMATIONS blocks. The hash is then stored unique (billing_settlements)
 * with the order it paid. Nothing is pulled from a wallet: there are no saved methods, so renewals
 * cannot charge (an Ether subscription does not auto-renew).
 */
export function etherGateway(config: BillingConfig): PaymentGateway {
  const recipient = getAddress(config.ethRecipient!);
  const rate = config.ethUsdRate!.trim();
  const confirmations = BigInt(Math.max(1, config.ethConfirmations ?? 1));
  const quoteMs = Math.max(1, config.ethQuoteMinutes ?? 30) * 60_000;
  const client = createPublicClient({ transport: http(config.ethRpcUrl, { timeout: 15_000, retryCount: 1 }) });
  let chainId: number | undefined;
  const refuse = (text: string) => new GatewayError(text, text);

  return {
    name: 'ether',
    enabled: true,
    methods: ['Ether'],
    async start(order) {
      if (order.currency.toUpperCase() !== 'USD') throw new GatewayError(`ETH_USD_RATE cannot price ${order.currency}`);
      chainId ??= await client.getChainId();
      const amountWei = weiForCents(order.amount, rate);
      return {
        gatewayRef: null,
        params: {
          amount: order.amount,
          currency: order.currency,
          recipient,
          amountWei: amountWei.toString(),
          amountEther: formatEther(amountWei),
          rate,
          data: etherPaymentData(order.reference),
          expiresAt: new Date(Date.now() + quoteMs).toISOString(),
          chainId,
        },
      };
    },
    async check(payment) {
      const quote = payment.params;
      if (!quote?.amountWei || !quote.recipient || !quote.expiresAt) throw new GatewayError('the order has no Ether quote');
      if (!isTxHash(payment.proof)) throw refuse(ETHER_MESSAGES.txMissing);
      const hash = payment.proof.toLowerCase() as Hash;
      let tx;
      try {
        tx = await client.getTransaction({ hash });
      } catch (err) {
        if (err instanceof TransactionNotFoundError) throw refuse(ETHER_MESSAGES.txNotFound);
        throw err;
      }
      if (!tx.to || getAddress(tx.to) !== getAddress(quote.recipient)) throw refuse(ETHER_MESSAGES.wrongRecipient);
      if (tx.value < BigInt(quote.amountWei)) throw refuse(ETHER_MESSAGES.wrongAmount);
      if ((tx.input ?? '').toLowerCase() !== etherPaymentData(payment.reference).toLowerCase()) throw refuse(ETHER_MESSAGES.wrongOrder);
      if (tx.blockNumber == null) return { state: 'pending' };
      let receipt;
      try {
        receipt = await client.getTransactionReceipt({ hash });
      } catch (err) {
        if (err instanceof TransactionReceiptNotFoundError) return { state: 'pending' };
        throw err;
      }
      if (receipt.status !== 'success') throw refuse(ETHER_MESSAGES.txFailed);
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      if (Number(block.timestamp) * 1000 > Date.parse(quote.expiresAt)) throw refuse(ETHER_MESSAGES.quoteExpired);
      const latest = await client.getBlockNumber({ cacheTime: 0 });
      if (latest - receipt.blockNumber + 1n < confirmations) return { state: 'pending' };
      return { state: 'paid', settlement: { ref: hash, payer: getAddress(tx.from), amount: tx.value.toString() } };
    },
    async chargeSaved() {
      return { state: 'failed', gatewayRef: null };
    },
    parseWebhook() {
      throw new GatewayError('the Ether gateway has no webhook');
    },
  };
}
