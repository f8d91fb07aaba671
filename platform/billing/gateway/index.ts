import type { BillingConfig } from '../../config';
import { noGateway } from './none';
import { stripeGateway } from './stripe';
import type { PaymentGateway } from './types';

export type { PaymentGateway } from './types';

/** The configured gateway: Stripe with STRIPE_SECRET_KEY, otherwise none (docs/billing.md). */
export function gatewayFor(config: BillingConfig): PaymentGateway {
  return config.stripeSecretKey ? stripeGateway(config) : noGateway;
}
