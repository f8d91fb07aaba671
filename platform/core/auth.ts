import Boom from '@hapi/boom';
import Jwt from '@hapi/jwt';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { Config } from '../config';
import { hasExpiry, isExpired, revocationOf, TOKEN_EXPIRED } from './session-guard';
import { guestKey, participantKey, PARTICIPANT_PREFIX } from './identity';

/** Access-token claims (panel.md §3): sub, role, plan, lang, qty, client. */
export interface TokenClaims {
  sub: string;
  role: string[];
  plan: string;
  lang: string;
  qty: number;
  client?: string;
  /** the claim id used as the local user id (panel.md §3) */
  id: string;
  /** the user's token version when issued (core/session-guard): older ones are refused */
  tv?: number;
  /** the session (sign-in) the token belongs to (core/session-guard): refused once it ended */
  sid?: string;
  /** a partner's customer: the name of the partner that handles the plan (docs/billing.md "Customer-plan claim") */
  'customer-plan'?: string;
  /** expiry (seconds since the epoch), set by signAccessToken */
  exp?: number;
}

export const EXPIRED_TOKEN_HEADER = 'token-expired';

export async function registerAuth(server: Server, config: Config): Promise<void> {
  await server.register(Jwt);
  const leeway = config.accessTokenLeewaySeconds ?? 5;
  server.auth.strategy('jwt', 'jwt', {
    keys: { key: config.accessTokenSecret, algorithms: ['HS256'] },
    verify: { aud: false, iss: false, sub: false, nbf: true, exp: true, maxAgeSec: config.accessTokenTtlSeconds, timeSkewSec: leeway },
    // a token without `exp`, one issued before the user's password changed and one of an ended
    // session (logout) are refused (core/session-guard); the message is the 401's, without
    // "expired" so the client does not try to refresh
    validate: async (artifacts: { decoded: { payload: TokenClaims } }, request: Request, h: ResponseToolkit) => {
      const claims = artifacts.decoded.payload;
      let refusal: string | null;
      try {
        refusal = await revocationOf(request.server.app.db, userIdOf(claims), claims);
      } catch (err) {
        // the database is unreachable: neither a 401 (the client would sign out) nor its text
        request.server.app.logger.error({ err, requestId: request.app.requestId }, 'auth: token version lookup failed');
        return {
          isValid: false,
          response: h.response({ statusCode: 503, error: 'Service Unavailable', message: 'Service unavailable.' }).code(503),
        };
      }
      if (refusal) throw new Error(refusal);
      return { isValid: true, credentials: { ...claims } };
    },
  });
  // A route called over a socket (nes `request` messages) is injected with the socket's
  // credentials and skips the strategy: check expiry and revocation here instead.
  server.ext('onPostAuth', async (request, h) => {
    if (!(request.plugins as { nes?: unknown }).nes || !request.auth.isAuthenticated) return h.continue;
    const claims = request.auth.credentials as unknown as TokenClaims;
    if (isExpired(claims, leeway)) throw Boom.unauthorized(TOKEN_EXPIRED);
    const refusal = await revocationOf(request.server.app.db, userIdOf(claims), claims);
    if (refusal) throw Boom.unauthorized(refusal);
    return h.continue;
  });
  // A 401 caused by an expired token says so in a header: the client refreshes once and retries.
  // The error envelope's onPreResponse (registered first) has already turned the Boom into a
  // plain { statusCode, message } response by then, so both forms are handled.
  server.ext('onPreResponse', (request, h) => {
    const response = request.response as {
      isBoom?: boolean;
      output?: { statusCode: number; headers: Record<string, string> };
      message?: string;
      statusCode?: number;
      source?: { message?: unknown };
      header?: (name: string, value: string) => unknown;
    };
    if (response?.isBoom && response.output?.statusCode === 401 && /expired/i.test(response.message ?? '')) {
      response.output.headers[EXPIRED_TOKEN_HEADER] = 'true';
      response.output.headers['access-control-expose-headers'] = EXPIRED_TOKEN_HEADER;
    } else if (
      !response?.isBoom &&
      response?.statusCode === 401 &&
      /expired/i.test(String(response.source?.message ?? '')) &&
      response.header
    ) {
      response.header(EXPIRED_TOKEN_HEADER, 'true');
      response.header('access-control-expose-headers', EXPIRED_TOKEN_HEADER);
    }
    return h.continue;
  });
}

export function signAccessToken(config: Config, claims: TokenClaims): string {
  return Jwt.token.generate(claims, { key: config.accessTokenSecret, algorithm: 'HS256' }, { ttlSec: config.accessTokenTtlSeconds });
}

/** Decodes and verifies a token outside a route (e.g. the socket's auth header), or null. */
export function verifyAccessToken(config: Config, token: string): TokenClaims | null {
  try {
    const artifacts = Jwt.token.decode(token);
    Jwt.token.verify(artifacts, { key: config.accessTokenSecret, algorithm: 'HS256' }, {
      timeSkewSec: 5,
      aud: false,
      iss: false,
      sub: false,
    } as never);
    const claims = artifacts.decoded.payload as TokenClaims;
    return hasExpiry(claims) ? claims : null;
  } catch {
    return null;
  }
}

/**
 * The users.id a token names, or null for a participant token of a developer app
 * (POST /api/clients/token: sub 'client:{clientId}:{uid}', a host's user, not a Tabula account).
 */
export function userIdOf(claims: TokenClaims): string | null {
  return claims.client && claims.sub.startsWith('client:') ? null : claims.sub;
}

/**
 * The identity key of a token's holder: a user's id, or an app participant's key in the app's
 * namespace (a participant token naming a bare uid is scoped here too, never taken as is).
 */
export function tokenKey(claims: TokenClaims): string {
  const userId = userIdOf(claims);
  if (userId) return userId;
  const id = String(claims.id ?? '');
  return id.startsWith(PARTICIPANT_PREFIX) ? id : participantKey(String(claims.client), id);
}

/** The signed-in user's claims, when the request carried a valid bearer token. */
export function claimsOf(request: Request): TokenClaims | null {
  return request.auth.isAuthenticated ? (request.auth.credentials as unknown as TokenClaims) : null;
}

/**
 * Who is asking: the holder of a bearer token (a user, or an app's participant), or a guest
 * holding a secret roaming uid (the `Uid` added to every request: query for GET, body
 * otherwise, form field for multipart). A guest is keyed by the digest of that secret
 * (core/identity): naming someone's uid, or a user id, never makes the request theirs.
 */
export function actorOf(request: Request): { userId: string | null; uid: string | null } {
  const claims = claimsOf(request);
  if (claims) return { userId: userIdOf(claims), uid: tokenKey(claims) };
  return { userId: null, uid: guestSecretOf(request) ? guestKey(guestSecretOf(request)!) : null };
}

/** The roaming uid a guest's request carries (its secret), or null. */
export function guestSecretOf(request: Request): string | null {
  const source = (request.method === 'get' ? request.query : (request.payload as Record<string, unknown> | null)) ?? {};
  const raw = (source as Record<string, unknown>).Uid ?? (source as Record<string, unknown>).uid ?? request.query.Uid;
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 100 ? raw : null;
}
