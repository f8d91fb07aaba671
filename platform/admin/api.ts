/**
 * What other domains may use of the back-office (docs/architecture.md "Domains and their api.ts"):
 * operator authorization (the operator scope, who is an operator), the ADMIN_EMAILS role grant,
 * the user audit's record of a board join and the board sessions' usage facts and a user's core actions read from them. Exposed too as `server.plugins.admin`.
 */
export { isOperator, operatorOf, operatorRoute } from './operator';
export { setRole, withAdminEmailRole } from './roles';
/** The operator audit trail's note of an action (the partners' operator routes). */
export { auditAs } from './audit/trail';
export { recordBoardJoin } from './usage/record';
export { startBoardSession } from './usage/sessions';
export { coreActionsOf } from './usage/core-actions';
