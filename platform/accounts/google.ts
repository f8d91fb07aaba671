import crypto from 'node:crypto';
import Bell from '@hapi/bell';
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import Joi from 'joi';
import type { Config } from '../config';
import type { AppContext } from '../core/context';
import { findUserById, findUserByUsername, insertUser, isUniqueViolation, type UserRow } from '../users/api';
import { MESSAGES } from './messages';
import { findExternalIdentity, insertExternalIdentity, updateExternalIdentityEmail } from './repo';
import { claimInvitations } from '../boards/api';
import { escapeHtml } from '../mail/api';
import { startSession } from './service';

/**
 * "Sign in with Google" (panel.md §2, §7): GET /api/connect/google runs the OAuth 2 code flow
 * through @hapi/bell in the login popup, then answers a page that posts
 * `{ oauthReturn: { accessToken, refreshToken, id } }` (or `{ oauthReturn: { error } }`) to
 * the window that opened it, on the platform's own origin only, and closes itself.
 */
export const GOOGLE_ENDPOINTS = {
  auth: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  profile: 'https://openidconnect.googleapis.com/v1/userinfo',
};

export interface GoogleProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string;
}

const PATH = '/api/connect/google';
const tags = ['api', 'accounts'];
const description = 'Sign in with Google (popup): answers a page posting oauthReturn to the opener';

/** Whether this server offers Google sign-in: a client id is configured (GOOGLE_CLIENT_ID). */
export const googleConfigured = (config: Config): boolean => Boolean(config.googleClientId);

/** Whether the request comes from a browser page (the login popup), not an API client. */
const wantsPage = (request: Request) => String(request.headers.accept ?? '').includes('text/html');

export async function registerGoogle(server: Server): Promise<void> {
  const { config } = server.app;
  // what the visitor screens may offer (no dead ends: no Google button on a server without Google)
  server.route({
    method: 'GET',
    path: '/api/accounts/providers',
    options: {
      auth: false,
      tags,
      description: 'The sign-in providers this server offers besides e-mail and password',
      notes: 'google: GOOGLE_CLIENT_ID is configured, so GET /api/connect/google runs the sign-in popup.',
      response: { schema: Joi.object({ google: Joi.boolean().required() }).label('AuthProviders') },
    },
    handler: () => ({ google: googleConfigured(config) }),
  });
  if (!googleConfigured(config)) {
    server.route({
      method: 'GET',
      path: PATH,
      options: {
        auth: false,
        tags,
        description,
        notes: 'Without GOOGLE_CLIENT_ID: 404, as the popup page (it tells the opener and closes) for a browser, else the error envelope.',
      },
      handler(request, h) {
        if (wantsPage(request)) return popupPage(h, config, { error: MESSAGES.googleNotConfigured }).code(404);
        throw Boom.notFound(MESSAGES.googleNotConfigured);
      },
    });
    return;
  }

  await server.register(Bell, { once: true });
  server.auth.strategy('google', 'bell', {
    provider: googleProvider(config),
    password: config.cookieSecret,
    clientId: config.googleClientId,
    clientSecret: config.googleClientSecret ?? '',
    cookie: 'tabula-google',
    isSecure: config.publicUrl.startsWith('https:'),
    // Lax: the browser must send the state cookie on the top-level redirect back from Google.
    isSameSite: 'Lax',
    location: config.publicUrl,
  } as Bell.BellOptions);

  server.route({
    method: 'GET',
    path: PATH,
    options: { auth: { strategy: 'google', mode: 'try' }, tags, description },
    async handler(request, h) {
      const app = request.server.app;
      if (!request.auth.isAuthenticated) {
        app.logger.warn({ err: request.auth.error }, 'google sign-in failed');
        return popupPage(h, config, { error: MESSAGES.googleFailed });
      }
      try {
        const profile = (request.auth.credentials as { profile?: GoogleProfile }).profile!;
        const user = await userForGoogle(app, profile);
        const session = await startSession(app, user);
        return popupPage(h, config, { accessToken: session.accessToken, refreshToken: session.refreshToken, id: session.id });
      } catch (err) {
        const known = Boom.isBoom(err) && err.output.statusCode < 500;
        if (!known) app.logger.error({ err }, 'google sign-in failed');
        return popupPage(h, config, { error: known ? (err as Boom.Boom).message : MESSAGES.googleFailed });
      }
    },
  });
}

function googleProvider(config: Config): Bell.CustomProviderOptions['provider'] {
  const profileUrl = config.googleProfileUrl ?? GOOGLE_ENDPOINTS.profile;
  return {
    name: 'google',
    protocol: 'oauth2',
    useParamsAuth: true,
    pkce: 'S256',
    auth: config.googleAuthUrl ?? GOOGLE_ENDPOINTS.auth,
    token: config.googleTokenUrl ?? GOOGLE_ENDPOINTS.token,
    scope: ['openid', 'email', 'profile'],
    async profile(credentials, _params, get) {
      const raw = (await get(profileUrl)) as { sub?: string; email?: string; email_verified?: boolean | string; name?: string };
      if (!raw.sub) throw Boom.badRequest(MESSAGES.googleFailed);
      const profile: GoogleProfile = {
        id: String(raw.sub),
        email: raw.email ? String(raw.email).trim().toLowerCase() : null,
        emailVerified: raw.email_verified === true || raw.email_verified === 'true',
        displayName: String(raw.name ?? ''),
      };
      credentials.profile = profile;
    },
  };
}

/**
 * Which account a Google identity signs in to: the one already linked to it; else the account
 * whose username is the same (verified) e-mail, which gets linked; else a new account without
 * a password.
 */
export async function userForGoogle(app: Pick<AppContext, 'db' | 'logger'>, profile: GoogleProfile): Promise<UserRow> {
  const identity = await findExternalIdentity(app.db, 'google', profile.id);
  if (identity) {
    const user = await findUserById(app.db, identity.user_id);
    if (!user) throw Boom.badRequest(MESSAGES.googleFailed);
    if (!user.is_active) throw Boom.forbidden(MESSAGES.accountDisabled);
    if (profile.email !== identity.email) await updateExternalIdentityEmail(app.db, identity.id, profile.email);
    return user;
  }
  if (!profile.email) throw Boom.badRequest(MESSAGES.googleNoEmail);
  if (!profile.emailVerified) throw Boom.badRequest(MESSAGES.googleEmailUnverified);

  const existing = await findUserByUsername(app.db, profile.email);
  if (existing) {
    if (!existing.is_active) throw Boom.forbidden(MESSAGES.accountDisabled);
    await insertExternalIdentity(app.db, { userId: existing.id, provider: 'google', subject: profile.id, email: profile.email });
    app.logger.info({ userId: existing.id }, 'google identity linked to an existing account');
    await claimInvitations(app, existing); // Google verified the address: its board invitations are accepted
    return existing;
  }
  try {
    const user = await app.db.transaction(async (trx) => {
      const created = await insertUser(trx, { username: profile.email!, passwordHash: null, displayName: profile.displayName });
      await insertExternalIdentity(trx, { userId: created.id, provider: 'google', subject: profile.id, email: profile.email });
      return created;
    });
    app.logger.info({ userId: user.id }, 'account created with google');
    await claimInvitations(app, user); // Google verified the address: its board invitations are accepted
    return user;
  } catch (err) {
    // Two popups racing for the same new account: the other one created it; use it.
    if (isUniqueViolation(err)) return userForGoogle(app, profile);
    throw err;
  }
}

type OAuthReturn = { accessToken: string; refreshToken: string; id: string } | { error: string };

function popupPage(h: ResponseToolkit, config: Config, oauthReturn: OAuthReturn) {
  const origin = new URL(config.publicUrl).origin;
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const note = 'error' in oauthReturn ? oauthReturn.error : 'You are signed in. You can close this window.';
  // its one inline script runs by nonce; nothing else may run, load or frame the page (docs/security.md)
  const nonce = crypto.randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>Tabula</title></head>
<body><p id="note">${escapeHtml(note)}</p>
<script nonce="${nonce}">
(function () {
  var message = ${json({ oauthReturn })};
  if (window.opener) {
    window.opener.postMessage(message, ${json(origin)});
    window.close();
  }
})();
</script></body></html>`;
  return h
    .response(html)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
}
