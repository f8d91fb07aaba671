/**
 * What other domains may use of billing (docs/architecture.md "Domains and their api.ts"): the
 * plan claims of an account (what its subscription allows). Exposed too as `server.plugins.billing`.
 */
export { accountClaims, withSubscriptionPlan } from './claims';
