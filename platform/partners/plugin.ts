import type { Plugin } from '@hapi/hapi';
import { partnerAdminRoutes } from './admin-routes';
// the partner's own area and the authorize-partner flow (self-*.ts, authorize*.ts)
import { registerPartnerSelf } from './self-plugin';

/**
 * Partners (docs/billing.md "Partners", docs/backoffice.md "Partners"): the operators' partner
 * administration (admin-*.ts: partners, programmes, customers, payouts) and the partner's own area
 * and the authorize-partner flow (self-*.ts, authorize*.ts).
 */
export const partnersPlugin: Plugin<void> = {
  name: 'partners',
  dependencies: ['admin', 'users', 'billing', 'accounts', 'workspaces'],
  register(server) {
    server.route(partnerAdminRoutes);
    registerPartnerSelf(server);
  },
};
