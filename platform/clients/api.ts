/**
 * What other domains may use of developer apps (docs/architecture.md "Domains and their api.ts"):
 * finding an app by its client id (the embedded board page). Exposed too as `server.plugins.clients`.
 */
export { findClientByClientId } from './repo';
