/**
 * What other domains may use of notifications (docs/architecture.md "Domains and their api.ts"):
 * notifying a user. Exposed too as `server.plugins.notifications`.
 */
export { notify } from './service';
