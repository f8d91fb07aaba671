import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { closeBillingResources } from './access';
import { runRenewals } from './renewal';
import { promoAdminRoutes } from './promo-admin';
import { billingRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    billing: typeof api;
  }
}

/**
 * Billing (docs/billing.md): plans, subscriptions, checkout, invoices, promos, the gateway's
 * webhook. With `config.jobs` the renewal job runs every BILLING_RENEWAL_MINUTES (one runner
 * across nodes: an advisory lock).
 */
export const billingPlugin: Plugin<void> = {
  name: 'billing',
  dependencies: ['admin', 'users', 'workspaces'],
  register(server) {
    exposeApi(server, api);
    server.route(billingRoutes);
    server.route(promoAdminRoutes);
    const app = server.app;
    let timer: NodeJS.Timeout | undefined;
    if (app.config.jobs) {
      server.ext('onPostStart', () => {
        timer = setInterval(
          () => {
            runRenewals(app).catch((err) => app.logger.error({ err }, 'renewal run failed'));
          },
          Math.max(1, app.config.billing.renewalMinutes) * 60_000,
        );
        timer.unref();
      });
    }
    server.ext('onPreStop', () => {
      if (timer) clearInterval(timer);
    });
    server.ext('onPostStop', () => closeBillingResources(app));
  },
};
