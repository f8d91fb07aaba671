/**
 * What other domains may use of the realtime hub (docs/architecture.md "Domains and their
 * api.ts"): the bus's message types and the revocation of a user's sessions, the hub socket's type,
 * and sending a prepared event on sockets. The hub itself is `server.plugins.realtime.hub`; these
 * functions are exposed there too.
 */
export { publishSessionsRevoked, type BoardMessage, type Bus } from './bus';
export type { HubSocket } from './session';
export { prepareEvent, sendPrepared } from './wire';
