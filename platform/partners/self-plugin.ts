import type { Server } from '@hapi/hapi';
import { addClaimSource } from '../accounts/api';
import { customerPlanClaim } from './authorize-claim';
import { partnerAuthorizeRoutes } from './authorize-routes';
import { partnerSelfRoutes } from './self-routes';

/**
 * The partner's own area and the authorize-partner flow, registered by the partners plugin: their
 * routes, and the `customer-plan` claim of a partner's customers' tokens (authorize-claim.ts).
 */
export function registerPartnerSelf(server: Server): void {
  server.route(partnerSelfRoutes);
  server.route(partnerAuthorizeRoutes);
  addClaimSource(customerPlanClaim);
}
