import Boom from '@hapi/boom';
import type { Request, RequestRoute, RouteOptions, Server } from '@hapi/hapi';
import { userIdOf, type TokenClaims } from '../core/auth';
import { requestActor, type Actor } from '../core/actor';

/**
 * Operator authorization in one place (docs/backoffice.md "Who is an operator").
 *
 * An operator is an active account whose users.roles holds 'admin' (the platform Admin role).
 * Every operator route takes `operatorRoute(...)` options: the jwt strategy with the hapi scope
 * 'admin'. The scope is NOT read from the token: for routes that ask for it, `onCredentials`
 * reads the account's roles from the database on every request, so a grant or a revocation (the
 * users screen, `npm run admin`, ADMIN_EMAILS) acts at once and an old token carries nothing.
 * No token: 401; a token without the role (a user, an app's participant): 403 'Insufficient scope'.
 */
export const OPERATOR_ROLE = 'admin';
export const OPERATOR_SCOPE = OPERATOR_ROLE;
export const OPERATOR_TAG = 'operator';

/** The auth settings of an operator route. */
export const operatorAuth: RouteOptions['auth'] = { strategy: 'jwt', access: { scope: [OPERATOR_SCOPE] } };

/** Route options of an operator route: operator auth, the OpenAPI tags ('api', 'admin', 'operator' + the resource's). */
export function operatorRoute(resource: string, options: Omit<RouteOptions, 'auth' | 'tags'>): RouteOptions {
  return { ...options, auth: operatorAuth, tags: ['api', 'admin', OPERATOR_TAG, resource] } as RouteOptions;
}

/** Whether a route (as in server.table() or request.route) asks for the operator scope. */
export function requiresOperator(route: Pick<RequestRoute, 'settings'>): boolean {
  const auth = route.settings.auth as
    { access?: Array<{ scope?: { selection?: string[]; required?: string[] } | false }> } | false | undefined;
  if (!auth) return false;
  return (auth.access ?? []).some((a) => !!a.scope && [...(a.scope.selection ?? []), ...(a.scope.required ?? [])].includes(OPERATOR_SCOPE));
}

/** Whether the account is an operator now (active, role 'admin'). */
export async function isOperator(db: Server['app']['db'], userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const row = (await db('users').where({ id: userId }).first('roles', 'is_active')) as { roles: string[]; is_active: boolean } | undefined;
  return !!row?.is_active && (row.roles ?? []).includes(OPERATOR_ROLE);
}

/** Fills the credentials' scope of requests to operator routes from the database (once per server). */
export function registerOperatorScope(server: Server): void {
  server.ext('onCredentials', async (request, h) => {
    if (!requiresOperator(request.route)) return h.continue;
    const credentials = request.auth.credentials as unknown as (TokenClaims & { scope?: string[] }) | null;
    if (!credentials) return h.continue;
    credentials.scope = (await isOperator(request.server.app.db, userIdOf(credentials))) ? [OPERATOR_SCOPE] : [];
    return h.continue;
  });
}

/** The operator behind a request to an operator route (auth has already checked the scope). */
export function operatorOf(request: Request): Actor & { userId: string } {
  const actor = requestActor(request);
  if (!actor?.userId) throw Boom.unauthorized('Missing authentication');
  return actor as Actor & { userId: string };
}
