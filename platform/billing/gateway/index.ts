import type { BillingConfig } from '../../config';
import { etherConfigured, etherGateway } from './ether';
import { noGateway } from './none';
import { stripeGateway } from './stripe';
import type { PaymentGateway } from './types';

export type { PaymentGateway } from './types';

/** The configured card gateway: Stripe with STRIPE_SECRET_KEY, otherwise none (docs/billing.md). */
export function gatewayFor(config: BillingConfig): PaymentGateway {
  return config.stripeSecretKey ? stripeGateway(config) : noGateway;
}

/** The Ether gateway when ETH_RECIPIENT, ETH_RPC_URL and ETH_USD_RATE are set (docs/billing.md "Ether"), else null. */
export function etherGatewayFor(config: BillingConfig): PaymentGateway | null {
  return etherConfigured(config) ? etherGateway(config) : null;
}
