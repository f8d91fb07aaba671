import Jwt from '@hapi/jwt';
import type { Request, Server } from '@hapi/hapi';
import type { Config } from '../config';

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
}

export const EXPIRED_TOKEN_HEADER = 'token-expired';

export async function registerAuth(server: Server, config: Config): Promise<void> {
  await server.register(Jwt);
  server.auth.strategy('jwt', 'jwt', {
    keys: { key: config.accessTokenSecret, algorithms: ['HS256'] },
    verify: { aud: false, iss: false, sub: false, nbf: true, exp: true, maxAgeSec: config.accessTokenTtlSeconds, timeSkewSec: 5 },
    validate: (artifacts: { decoded: { payload: TokenClaims } }) => ({ isValid: true, credentials: { ...artifacts.decoded.payload } }),
  });
  // A 401 caused by an expired token says so in a header: the client refreshes once and retries.
  // The error envelope's onPreResponse (registered first) has already turned the Boom into a
  // plain { statusCode, message } response by then, so both forms are handled.
  server.ext('onPreResponse', (request, h) => {
    const response = request.response as {
      isBoom?: boolean; output?: { statusCode: number; headers: Record<string, string> }; message?: string;
      statusCode?: number; source?: { message?: unknown }; header?: (name: string, value: string) => unknown;
    };
    if (response?.isBoom && response.output?.statusCode === 401 && /expired/i.test(response.message ?? '')) {
      response.output.headers[EXPIRED_TOKEN_HEADER] = 'true';
      response.output.headers['access-control-expose-headers'] = EXPIRED_TOKEN_HEADER;
    } else if (!response?.isBoom && response?.statusCode === 401 && /expired/i.test(String(response.source?.message ?? '')) && response.header) {
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
    Jwt.token.verify(artifacts, { key: config.accessTokenSecret, algorithm: 'HS256' }, { timeSkewSec: 5, aud: false, iss: false, sub: false } as never);
    return artifacts.decoded.payload as TokenClaims;
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

/** The signed-in user's claims, when the request carried a valid bearer token. */
export function claimsOf(request: Request): TokenClaims | null {
  return request.auth.isAuthenticated ? (request.auth.credentials as unknown as TokenClaims) : null;
}

/**
 * Who is asking: a signed-in user (bearer token) or a guest holding a local user id
 * (the `Uid` added to every request: query for GET, body otherwise, form field for multipart).
 */
export function actorOf(request: Request): { userId: string | null; uid: string | null } {
  const claims = claimsOf(request);
  const source = (request.method === 'get' ? request.query : (request.payload as Record<string, unknown> | null)) ?? {};
  const raw = (source as Record<string, unknown>).Uid ?? (source as Record<string, unknown>).uid ?? request.query.Uid;
  const uid = typeof raw === 'string' && raw.length > 0 && raw.length <= 100 ? raw : null;
  return { userId: claims ? userIdOf(claims) : null, uid: claims ? claims.id : uid };
}
