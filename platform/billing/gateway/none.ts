import { GatewayError, type PaymentGateway } from './types';

/** No payment rails (the self-hosted default): nothing can be bought; operators assign plans. */
export const noGateway: PaymentGateway = {
  name: 'none',
  enabled: false,
  methods: [],
  async start() {
    throw new GatewayError('no payment gateway');
  },
  async check() {
    return { state: 'failed' };
  },
  async chargeSaved() {
    return { state: 'failed', gatewayRef: null };
  },
  parseWebhook() {
    throw new GatewayError('no payment gateway');
  },
};
