import type { Plugin } from '@hapi/hapi';
import { registerJob } from '../core/jobs/index';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { closeBillingResources } from './access';
import { runRenewals } from './renewal';
import { promoAdminRoutes } from './promo-admin-routes';
import { billingRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    billing: typeof api;
  }
}

/**
 * Billing (docs/billing.md): plans, subscriptions, checkout, invoices, promos, the gateway's
 * webhook. The renewal job runs every BILLING_RENEWAL_MINUTES (platform/core/jobs: on the nodes
 * with `config.jobs`, once across them).
 */
export const billingPlugin: Plugin<void> = {
  name: 'billing',
  dependencies: ['admin', 'users', 'workspaces'],
  register(server) {
    exposeApi(server, api);
    server.route(billingRoutes);
    server.route(promoAdminRoutes);
    const app = server.app;
    registerJob(server, {
      name: 'billing-renewal',
      everyMs: Math.max(1, app.config.billing.renewalMinutes) * 60_000,
      run: async (jobApp) => ({ ...(await runRenewals(jobApp)) }),
    });
    server.ext('onPostStop', () => closeBillingResources(app));
  },
};
