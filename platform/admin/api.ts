/**
 * What other domains may use of the back-office (docs/architecture.md "Domains and their api.ts"):
 * operator authorization (the operator scope, who is an operator), the ADMIN_EMAILS role grant,
 * and the user audit's record of a board join. Exposed too as `server.plugins.admin`.
 */
export { isOperator, operatorOf, operatorRoute } from './operator';
export { withAdminEmailRole } from './roles';
export { recordBoardJoin } from './usage/record';
