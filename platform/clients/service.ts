import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { Config } from '../config';
import { signAccessToken, userIdOf, type TokenClaims } from '../core/auth';
import { badRequest, fieldError } from '../core/errors';
import { participantKey } from '../core/identity';
import type { Db } from '../db/index';
import { planOf, findUserById } from '../users/api';
import { isOrigin, originOf, type ClientApp } from '../../shared/embed';
import { hasPolicy, POLICY } from '../../shared/policies';
import {
  findClientByClientId,
  findClientById,
  findClientByOwner,
  insertClient,
  listEmbedOrigins,
  recordEmbedOrigin,
  touchClientSession,
  updateClient,
  type ClientRow,
} from './repo';

/** Field texts (panel.md §5 "App creation"). */
export const CLIENT_MESSAGES = {
  appNameRequired: 'App name is required.',
  appNameTooLong: 'App name must be at most 100 characters.',
  termsRequired: 'You must accept the Developer Terms.',
  invalidOrigin: 'Each allowed origin must be an origin such as https://example.com (no path).',
  tooManyOrigins: 'At most 20 allowed origins.',
  invalidCredentials: 'Invalid client credentials.',
  unknownClient: 'Unknown client app.',
  inactiveClient: 'This app is disabled.',
  notAUser: 'Only a signed-in user can manage developer apps.',
  notFound: 'App not found.',
} as const;

export const originRefused = (origin: string) => `This board cannot be embedded on ${origin}.`;

/** Participant tokens are short-lived: the host backend asks for a new one when needed. */
export const PARTICIPANT_TOKEN_TTL_SECONDS = 600;
export const MAX_ALLOWED_ORIGINS = 20;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const newSecret = () => crypto.randomBytes(32).toString('base64url');
const newClientId = () => `tc_${crypto.randomBytes(12).toString('hex')}`;

async function view(db: Db, row: ClientRow, secret: string | null = null): Promise<ClientApp> {
  const origins = await listEmbedOrigins(db, row.id);
  return {
    id: row.id,
    appName: row.app_name,
    clientId: row.client_id,
    secret,
    secretHint: row.secret_hint,
    allowedOrigins: row.allowed_origins,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    lastSession: row.last_session_at ? new Date(row.last_session_at).toISOString() : null,
    origins: origins.map((o) => ({
      origin: o.origin,
      embeds: o.embeds,
      refusals: o.refusals,
      lastSeen: new Date(o.last_seen_at).toISOString(),
    })),
  };
}

/** The signed-in account that owns apps: a real user, never a participant token. */
export async function ownerOf(db: Db, claims: TokenClaims | null): Promise<string> {
  if (!claims) throw Boom.unauthorized('Missing authentication');
  const userId = userIdOf(claims);
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) throw Boom.forbidden(CLIENT_MESSAGES.notAUser);
  const user = await findUserById(db, userId);
  if (!user || !user.is_active) throw Boom.unauthorized('Missing authentication');
  return user.id;
}

/** GET /api/clients: the user's app, as a list of zero or one. */
export async function listMyClients(db: Db, ownerId: string): Promise<ClientApp[]> {
  const row = await findClientByOwner(db, ownerId);
  return row ? [await view(db, row)] : [];
}

export interface ClientInput {
  appName?: string;
  terms?: boolean;
  allowedOrigins?: string[];
}

/** `https://Example.com/` → `https://example.com`; null unless it is an http(s) origin with no path, query or credentials. */
function asOrigin(value: string): string | null {
  const origin = originOf(value);
  if (!origin) return null;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password ? origin : null;
}

function validateInput(input: ClientInput): { appName: string; allowedOrigins: string[] | undefined } {
  const errors: Record<string, string[]> = {};
  const appName = (input.appName ?? '').trim();
  if (!appName) errors.appName = [CLIENT_MESSAGES.appNameRequired];
  else if (appName.length > 100) errors.appName = [CLIENT_MESSAGES.appNameTooLong];
  if (input.terms !== true) errors.terms = [CLIENT_MESSAGES.termsRequired];
  let allowedOrigins: string[] | undefined;
  if (input.allowedOrigins !== undefined) {
    const given = input.allowedOrigins.map((o) => o.trim()).filter(Boolean);
    const origins = given.map(asOrigin);
    if (given.length > MAX_ALLOWED_ORIGINS) errors.allowedOrigins = [CLIENT_MESSAGES.tooManyOrigins];
    else if (origins.includes(null)) errors.allowedOrigins = [CLIENT_MESSAGES.invalidOrigin];
    else allowedOrigins = [...new Set(origins as string[])];
  }
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]!]![0]!, errors);
  return { appName, allowedOrigins };
}

/** POST /api/clients: creates the user's app (secret shown once) or edits it. */
export async function saveClient(db: Db, ownerId: string, input: ClientInput): Promise<ClientApp> {
  const { appName, allowedOrigins } = validateInput(input);
  const existing = await findClientByOwner(db, ownerId);
  if (existing) {
    const row = await updateClient(db, existing.id, {
      app_name: appName,
      terms_accepted_at: new Date(),
      ...(allowedOrigins ? { allowed_origins: allowedOrigins } : {}),
    });
    return view(db, row);
  }
  const secret = newSecret();
  const row = await insertClient(db, {
    ownerId,
    appName,
    clientId: newClientId(),
    secretHash: sha256(secret),
    secretHint: secret.slice(-4),
    allowedOrigins: allowedOrigins ?? [],
  });
  return view(db, row, secret);
}

/** POST /api/clients/{id}/regenerate: a new secret, shown once; the old one stops working. */
export async function regenerateSecret(db: Db, ownerId: string, id: string): Promise<ClientApp> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findClientById(db, id) : undefined;
  if (!row || row.owner_id !== ownerId) throw Boom.notFound(CLIENT_MESSAGES.notFound);
  const secret = newSecret();
  const updated = await updateClient(db, row.id, { secret_hash: sha256(secret), secret_hint: secret.slice(-4) });
  return view(db, updated, secret);
}

function secretMatches(row: ClientRow, secret: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(row.secret_hash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  uid: string;
  name?: string;
}

/**
 * POST /api/clients/token (server to server): a short-lived participant token for `uid`
 * on behalf of the app. Claims: sub 'client:{clientId}:{uid}', client, id = the participant's
 * key in the app's own namespace (core/identity participantKey: never a platform user's id nor
 * another app's participant), plan of the app owner (so plan policies such as
 * api-white-label apply to the embedded board).
 */
export async function exchangeToken(
  db: Db,
  config: Config,
  request: TokenRequest,
): Promise<{ token: string; expiresIn: number; tokenType: 'Bearer' }> {
  const row = await findClientByClientId(db, request.clientId);
  if (!row || !secretMatches(row, request.clientSecret)) throw Boom.unauthorized(CLIENT_MESSAGES.invalidCredentials);
  if (!row.is_active) throw Boom.forbidden(CLIENT_MESSAGES.inactiveClient);
  const owner = await findUserById(db, row.owner_id);
  if (!owner || !owner.is_active) throw Boom.forbidden(CLIENT_MESSAGES.inactiveClient);
  const expiresIn = Math.min(PARTICIPANT_TOKEN_TTL_SECONDS, config.accessTokenTtlSeconds);
  const claims: TokenClaims & { name?: string } = {
    sub: `client:${row.client_id}:${request.uid}`,
    role: [],
    plan: planOf(owner, config.defaultPlan),
    lang: owner.language,
    qty: 1,
    client: row.client_id,
    id: participantKey(row.client_id, request.uid),
    ...(request.name ? { name: request.name } : {}),
  };
  const token = signAccessToken({ ...config, accessTokenTtlSeconds: expiresIn }, claims);
  await touchClientSession(db, row.id);
  return { token, expiresIn, tokenType: 'Bearer' };
}

export interface EmbedCheck {
  appName: string;
  clientId: string;
  /** the app's owner plan allows white-label embedding (api-white-label policy) */
  whiteLabel: boolean;
  /** the origins the board page may talk to over penpal */
  allowedOrigins: string[];
}

/**
 * GET /api/clients/{clientId}/embed-check?origin=: may a board of this app be embedded on
 * `origin`? Records the origin (embed or refusal) for the back-office.
 */
export async function checkEmbed(db: Db, clientId: string, origin: string, defaultPlan: string): Promise<EmbedCheck> {
  if (!isOrigin(origin)) throw fieldError('origin', CLIENT_MESSAGES.invalidOrigin);
  const row = await findClientByClientId(db, clientId);
  if (!row) throw Boom.notFound(CLIENT_MESSAGES.unknownClient);
  if (!row.is_active) throw Boom.forbidden(CLIENT_MESSAGES.inactiveClient);
  const allowed = row.allowed_origins.length === 0 || row.allowed_origins.includes(origin);
  await recordEmbedOrigin(db, row.id, origin, !allowed);
  if (!allowed) throw Boom.forbidden(originRefused(origin));
  await touchClientSession(db, row.id);
  const owner = await findUserById(db, row.owner_id);
  return {
    appName: row.app_name,
    clientId: row.client_id,
    // board.md §6: api-white-label = the white-label-api plan plus a client claim
    whiteLabel: !!owner && hasPolicy({ plan: planOf(owner, defaultPlan), client: row.client_id }, POLICY.apiWhiteLabel),
    allowedOrigins: row.allowed_origins.length ? row.allowed_origins : [origin],
  };
}
