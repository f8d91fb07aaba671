import type { Lifecycle, Request, ResponseToolkit, RouteOptionsResponse, RouteOptionsValidate, ServerRoute } from '@hapi/hapi';
import { claimsOf } from '../core/auth';
import { clientAddress } from '../core/client-ip';
import { enforceRateLimit, type RateLimiter } from '../core/ratelimit';
import { normalizeUsername } from '../users/api';
import { DEVICE_COOKIE, deviceOf, issueDeviceCookie, type LoginAttempt, type LoginLimiter } from './limits';
import { MESSAGES } from './messages';
import * as schemas from './schemas';
import * as accounts from './service';
import type { Session } from './tokens';

export interface AccountLimiters {
  login: LoginLimiter;
  /** "you already have an account" mails per address (signups of a taken address) */
  signupMail: RateLimiter;
  recovery: RateLimiter;
  reset: RateLimiter;
}

/** Rate-limit key: client address (X-Forwarded-For only from TRUSTED_PROXIES) + the account asked about. */
const keyOf = (request: Request, username: string) => `${clientAddress(request)}|${normalizeUsername(username)}`;

/** The login attempt as the limits see it: address, account, and the device cookie if it is this account's. */
function attemptOf(request: Request, username: string): LoginAttempt {
  const account = normalizeUsername(username);
  const cookie = (request.state as Record<string, unknown> | null)?.[DEVICE_COOKIE];
  return { ip: clientAddress(request), account, device: deviceOf(request.server.app.config, cookie, account) };
}

/** Answers a session and marks this browser as a device that signed in to the account (limits.ts). */
function withDevice(request: Request, h: ResponseToolkit, attempt: LoginAttempt, session: Session) {
  const response = h.response(session);
  if (!attempt.device) response.state(DEVICE_COOKIE, issueDeviceCookie(request.server.app.config, attempt.account));
  return response;
}

const tags = ['api', 'accounts'];

/** What differs from one accounts route to the next; all share the tags. */
interface AccountRoute {
  /** false: public; 'jwt': a signed-in user's bearer token */
  auth: false | 'jwt';
  description: string;
  notes?: string;
  validate: RouteOptionsValidate;
  response?: RouteOptionsResponse;
  handler: Lifecycle.Method;
}

function route(method: 'GET' | 'POST', path: string, { auth, description, notes, validate, response, handler }: AccountRoute): ServerRoute {
  return {
    method,
    path,
    options: {
      auth,
      tags,
      description,
      ...(notes === undefined ? {} : { notes }),
      validate,
      ...(response === undefined ? {} : { response }),
    },
    handler,
  };
}

export function accountRoutes(limiters: AccountLimiters): ServerRoute[] {
  return [
    route('POST', '/api/accounts/users', {
      auth: false,
      description: 'Sign up with an e-mail and a password',
      notes:
        'Field errors under username, password, repeatPassword, terms. Answers the same { message } whether or not the address already had an account (that address gets an e-mail instead); no tokens (log in next).',
      validate: { payload: schemas.signupPayload },
      response: { status: { 201: schemas.signupResponse } },
      async handler(request, h) {
        const { username, password, invitation } = request.payload as { username: string; password: string; invitation?: string | null };
        const mayMail = async (address: string) => (await limiters.signupMail.hit(address)).allowed;
        return h.response(await accounts.signup(request.server.app, { username, password, invitation }, mayMail)).code(201);
      },
    }),
    route('POST', '/api/accounts/login', {
      auth: false,
      description: 'Log in with username and password',
      notes: `Failure: 400 { message: '${MESSAGES.invalidGrant}', errors: { '*': ['${MESSAGES.invalidCredentials}'] } }. Failed logins are limited per client address, per account (with backoff) and globally (429 with Retry-After); a browser that signed in to the account before (device cookie) is exempt (docs/security.md).`,
      validate: { payload: schemas.loginPayload },
      response: { schema: schemas.sessionResponse },
      async handler(request, h) {
        const input = request.payload as { username: string; password: string };
        const attempt = attemptOf(request, input.username);
        await limiters.login.begin(attempt);
        let session: Session;
        try {
          session = await accounts.login(request.server.app, input);
        } catch (err) {
          await limiters.login.failed(attempt);
          throw err;
        }
        await limiters.login.succeeded(attempt);
        return withDevice(request, h, attempt, session);
      },
    }),
    route('POST', '/api/accounts/refresh', {
      auth: false,
      description: 'Exchange a refresh token for new tokens (rotation)',
      notes: 'The refresh token presented stops working; presenting an already-rotated token revokes its whole family (401).',
      validate: { payload: schemas.refreshPayload },
      response: { schema: schemas.sessionResponse },
      async handler(request) {
        return accounts.refresh(request.server.app, request.payload as { refreshToken: string; accessToken?: string | null });
      },
    }),
    route('POST', '/api/accounts/logout', {
      auth: false,
      description: 'Log out: end the session of the refresh token',
      notes:
        "Always 204, also for an unknown token. The session's access tokens are refused at once (401) and its sockets closed, on every node; its refresh tokens no longer refresh. The user's other sessions go on.",
      validate: { payload: schemas.logoutPayload },
      async handler(request, h) {
        await accounts.logout(request.server.app, (request.payload as { refreshToken?: string | null } | null)?.refreshToken);
        return h.response().code(204);
      },
    }),
    route('POST', '/api/accounts/password/reset-password', {
      auth: false,
      description: 'Ask for a password recovery link by e-mail',
      notes: 'Always the same answer, whether the account exists or not. Rate limited per client and e-mail (429).',
      validate: { payload: schemas.recoveryRequestPayload },
      response: { schema: schemas.messageResponse },
      async handler(request) {
        const { email } = request.payload as { email: string };
        await enforceRateLimit(limiters.recovery, keyOf(request, email));
        await accounts.requestRecovery(request.server.app, email);
        return { message: MESSAGES.recoverySent };
      },
    }),
    route('POST', '/api/accounts/password/reset', {
      auth: false,
      description: 'Set a new password with the code of a recovery link',
      notes:
        'Field errors under code (a bad, used or expired code and an unknown address alike), password, confirmPassword. Success answers a new session. Rate limited per client and e-mail (429).',
      validate: { payload: schemas.resetPayload },
      response: { schema: schemas.sessionResponse },
      async handler(request, h) {
        const input = request.payload as { email: string; code: string; password: string };
        await enforceRateLimit(limiters.reset, keyOf(request, input.email));
        const session = await accounts.resetPassword(request.server.app, input);
        // the recovery link proved the mailbox: this browser becomes a known device of the account
        return withDevice(request, h, attemptOf(request, input.email), session);
      },
    }),
    route('GET', '/api/accounts/validate', {
      auth: 'jwt',
      description: "Check the bearer token and whether Uid is this user's claim id",
      validate: { query: schemas.uidQuery },
      response: { schema: schemas.validateResponse },
      async handler(request) {
        const claims = claimsOf(request)!;
        const user = await accounts.currentUser(request.server.app, claims.sub);
        const uid = (request.query as { Uid?: string }).Uid;
        return { id: user.id, username: user.username, displayName: user.display_name, uidMatches: Boolean(uid) && uid === claims.id };
      },
    }),
    route('POST', '/api/change-password', {
      auth: 'jwt',
      description: 'Change the password of the signed-in user',
      notes:
        'current is required and checked only when the account has a password. Other sessions end; the answer is a new session for this client.',
      validate: { payload: schemas.changePasswordPayload },
      response: { schema: schemas.sessionResponse },
      async handler(request) {
        const input = request.payload as { current?: string | null; password: string };
        return accounts.changePassword(request.server.app, claimsOf(request)!.sub, input);
      },
    }),
  ];
}
