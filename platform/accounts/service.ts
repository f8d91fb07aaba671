import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { AppContext } from '../core/context';
import { badRequest, fieldError } from '../core/errors';
import { sendMailLater } from '../mail/service';
import { findUserById, findUserByUsername, insertUser, isUniqueViolation, touchLastOnline, updateUser, type UserRow } from '../users/repo';
import { MESSAGES } from './messages';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import { recoveryMail } from './recovery-mail';
import {
  consumePasswordReset,
  insertPasswordReset,
  revokeAllRefreshTokens,
  retireUserPasswordResets,
} from './repo';
import { openSession, revokeRefreshTokenValue, rotateRefreshToken, sha256, subjectOfOwnToken, accessTokenFor, type Session } from './tokens';

/** Recovery links expire after one hour and work once (docs/accounts.md). */
export const RECOVERY_CODE_TTL_MINUTES = 60;

type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const newSecurityStamp = (): string => crypto.randomBytes(16).toString('hex');

export async function signup(app: App, input: { username: string; password: string }): Promise<{ id: string }> {
  if (await findUserByUsername(app.db, input.username)) throw fieldError('username', MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUser(app.db, { username: input.username, passwordHash });
    app.logger.info({ userId: user.id }, 'account created');
    return { id: user.id };
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('username', MESSAGES.usernameTaken);
    throw err;
  }
}

/** Unknown user and wrong password answer alike and cost alike (one argon2 verification). */
export async function login(app: App, input: { username: string; password: string }): Promise<Session> {
  const user = await findUserByUsername(app.db, input.username);
  const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyNothing(input.password);
  if (!user || !ok) throw badRequest(MESSAGES.invalidGrant, { '*': [MESSAGES.invalidCredentials] });
  if (!user.is_active) throw badRequest(MESSAGES.accountDisabled, { '*': [MESSAGES.accountDisabled] });
  return startSession(app, user);
}

/** A new session for a user who just proved who they are (password, recovery link, Google). */
export async function startSession(app: App, user: UserRow): Promise<Session> {
  const session = await openSession(app.db, app.config, user);
  await touchLastOnline(app.db, user.id);
  return session;
}

export async function refresh(app: App, input: { refreshToken: string; accessToken?: string | null }): Promise<Session> {
  let expectedUserId: string | null = null;
  if (input.accessToken) {
    expectedUserId = subjectOfOwnToken(app.config, input.accessToken);
    if (!expectedUserId) throw Boom.unauthorized(MESSAGES.invalidRefresh);
  }
  const outcome = await rotateRefreshToken(app.db, app.config, input.refreshToken, expectedUserId);
  if (!outcome.ok) {
    if (outcome.reason === 'reused' || outcome.reason === 'mismatch') {
      app.logger.warn({ reason: outcome.reason }, 'refresh token reuse: its family was revoked');
    }
    throw Boom.unauthorized(MESSAGES.invalidRefresh);
  }
  const user = await findUserById(app.db, outcome.userId);
  if (!user || !user.is_active) {
    await revokeRefreshTokenValue(app.db, outcome.refreshToken);
    throw Boom.unauthorized(MESSAGES.invalidRefresh);
  }
  return { accessToken: accessTokenFor(app.config, user), refreshToken: outcome.refreshToken, id: user.id, expiresIn: app.config.accessTokenTtlSeconds };
}

export async function logout(app: App, refreshToken: string | null | undefined): Promise<void> {
  if (refreshToken) await revokeRefreshTokenValue(app.db, refreshToken);
}

export function recoveryLink(app: App, code: string, email: string): string {
  return `${app.config.publicUrl}/accounts/reset-password/${code}/${encodeURIComponent(email)}`;
}

/**
 * Always the same answer; when the account exists a one-time code (256 random bits, stored
 * hashed) is mailed in the background, so neither the body nor the timing tells whether it does.
 */
export async function requestRecovery(app: App, email: string): Promise<void> {
  const user = await findUserByUsername(app.db, email);
  if (!user || !user.is_active) return;
  const code = crypto.randomBytes(32).toString('base64url');
  await insertPasswordReset(app.db, { userId: user.id, codeHash: sha256(code), expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000) });
  sendMailLater(app, recoveryMail(user.username, recoveryLink(app, code, user.username), RECOVERY_CODE_TTL_MINUTES));
}

/**
 * Sets a new password with a recovery code: the code is used up, every refresh token of the
 * user is revoked and the security stamp rotates. Answers a new session (the panel goes on
 * to the boards).
 */
export async function resetPassword(app: App, input: { email: string; code: string; password: string }): Promise<Session> {
  const user = await findUserByUsername(app.db, input.email);
  if (!user || !user.is_active) throw fieldError('user', MESSAGES.recoveryInvalid);
  const passwordHash = await hashPassword(input.password);
  const updated = await app.db.transaction(async (trx) => {
    if (!(await consumePasswordReset(trx, user.id, sha256(input.code)))) return null;
    await retireUserPasswordResets(trx, user.id);
    await revokeAllRefreshTokens(trx, user.id);
    return updateUser(trx, user.id, { password_hash: passwordHash, security_stamp: newSecurityStamp() });
  });
  if (!updated) throw fieldError('code', MESSAGES.recoveryInvalid);
  app.logger.info({ userId: user.id }, 'password reset with a recovery link');
  return startSession(app, updated);
}

/**
 * Changes the password of the signed-in user. `current` is required and checked only when
 * the account has a password (a Google-only account sets its first one). Every other session
 * ends (refresh tokens revoked, stamp rotated); the answer is a new session for this client.
 */
export async function changePassword(app: App, userId: string, input: { current?: string | null; password: string }): Promise<Session> {
  const user = await findUserById(app.db, userId);
  if (!user || !user.is_active) throw Boom.unauthorized();
  if (user.password_hash) {
    if (!input.current) throw fieldError('current', MESSAGES.currentRequired);
    if (!(await verifyPassword(user.password_hash, input.current))) throw fieldError('current', MESSAGES.currentIncorrect);
  }
  const passwordHash = await hashPassword(input.password);
  const updated = await app.db.transaction(async (trx) => {
    await revokeAllRefreshTokens(trx, user.id);
    return updateUser(trx, user.id, { password_hash: passwordHash, security_stamp: newSecurityStamp() });
  });
  app.logger.info({ userId: user.id }, 'password changed');
  return startSession(app, updated);
}

/** The signed-in user behind a valid access token, or a 401 (deleted or disabled account). */
export async function currentUser(app: App, userId: string): Promise<UserRow> {
  const user = await findUserById(app.db, userId);
  if (!user || !user.is_active) throw Boom.unauthorized('Account not found.');
  return user;
}
