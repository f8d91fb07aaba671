/**
 * What other domains may use of comments (docs/architecture.md "Domains and their api.ts"): the
 * threads kept in step with the board's log, inside its append (which comment shapes a board has,
 * the sync of threads to a stored command). Exposed too as `server.plugins.comments`, with
 * `addComment` and `deleteComment` (./service.ts) that the hub's methods call there: they are not
 * published here because importing them would close a cycle (boards → comments → boards).
 */
export { commentShapeIds } from './repo';
export { syncCommentThreads } from './threads';
