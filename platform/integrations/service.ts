import Boom from '@hapi/boom';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { fieldError } from '../core/errors';
import { findUserById } from '../users/api';
import { linkedProviders, unlinkProvider } from './repo';

type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const SET_PASSWORD_FIRST = 'Set a password before disconnecting Google.';
export const NOT_CONNECTED = 'This integration is not connected.';

/**
 * Integrations (panel.md §2 profile Integrations tab, §3 Integration): Google is the one there
 * is, on top of "Sign in with Google" (accounts/google.ts stores the link in external_identities).
 * canConnect says whether this server offers Google sign-in at all (GOOGLE_CLIENT_ID), so the
 * panel never shows a Connect button that leads nowhere.
 */
export const INTEGRATIONS = [
  { key: 'google', name: 'Google', description: 'Sign in to Tabula with your Google account.', provider: 'google' },
] as const;

export type IntegrationKey = (typeof INTEGRATIONS)[number]['key'];

export interface IntegrationView {
  key: string;
  name: string;
  description: string;
  isConnected: boolean;
  canConnect: boolean;
}

function userOf(actor: Actor | null): string {
  if (!actor?.userId) throw Boom.unauthorized();
  return actor.userId;
}

/** GET /api/integrations */
export async function listIntegrations(app: App, actor: Actor | null): Promise<IntegrationView[]> {
  const linked = await linkedProviders(app.db, userOf(actor));
  return INTEGRATIONS.map((i) => ({
    key: i.key,
    name: i.name,
    description: i.description,
    isConnected: linked.has(i.provider),
    canConnect: i.provider === 'google' ? Boolean(app.config.googleClientId) : false,
  }));
}

/**
 * POST /api/intergrations/disconnect {key}: removes the link. An account without a password
 * whose only way in is Google keeps it (field error under key) until a password is set.
 */
export async function disconnect(app: App, actor: Actor | null, key: IntegrationKey): Promise<IntegrationView[]> {
  const userId = userOf(actor);
  const integration = INTEGRATIONS.find((i) => i.key === key)!;
  const linked = await linkedProviders(app.db, userId);
  if (!linked.has(integration.provider)) throw fieldError('key', NOT_CONNECTED);
  const user = await findUserById(app.db, userId);
  if (!user) throw Boom.unauthorized();
  if (!user.password_hash && linked.size <= 1) throw fieldError('key', SET_PASSWORD_FIRST);
  await unlinkProvider(app.db, userId, integration.provider);
  app.logger.info({ userId, integration: key }, 'integration disconnected');
  return listIntegrations(app, actor);
}
