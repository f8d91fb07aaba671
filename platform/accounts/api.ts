/**
 * What other domains may use of accounts (sign-in, sessions; docs/architecture.md "Domains and
 * their api.ts"): the signed-in user's own view, and the session tokens a password change or an
 * operator ends. Exposed too as `server.plugins.accounts`.
 */
export { currentUser } from './service';
export { addClaimSource, endUserSessions, sessionTokenFor, sessionsRevoked, type ClaimSource } from './tokens';
