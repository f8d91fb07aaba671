/**
 * What other domains may use of chat (docs/architecture.md "Domains and their api.ts"): sending a
 * message (the hub's sendMessage) and the name a member goes by on a board. Exposed too as
 * `server.plugins.chat`.
 */
export { nameOnBoard, sendMessage } from './service';
