import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { AppContext } from '../core/context';
import { badRequest, fieldError } from '../core/errors';
import { sendMailLater } from '../mail/api';
import { findUserById, findUserByUsername, insertUser, isUniqueViolation, touchLastOnline, updateUser, type UserRow } from '../users/api';
import { MESSAGES } from './messages';
import { hashPassword, verifyNothing, verifyPassword, weakPasswordReason } from './passwords';
import { recoveryMail } from './recovery-mail';
import { alreadyRegisteredMail, welcomeMail } from './signup-mail';
import { claimInvitations, invitationTokenFits } from '../boards/api';
import { consumePasswordReset, insertPasswordReset, retireUserPasswordResets } from './repo';
import {
  openSession,
  revokeRefreshTokenValue,
  rotateRefreshToken,
  sha256,
  subjectOfOwnToken,
  sessionTokenFor,
  type Session,
} from './tokens';
import { endSessionOfRefreshToken, endUserSessions, sessionEnded, sessionsRevoked } from './tokens';
import type { Bus } from '../realtime/api';
import { withAdminEmailRole } from '../admin/api';

/** A user id no account has: the reset of an unknown address runs the same queries against it. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Recovery links expire after one hour and work once (docs/accounts.md). */
export const RECOVERY_CODE_TTL_MINUTES = 60;

type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const newSecurityStamp = (): string => crypto.randomBytes(16).toString('hex');

/**
 * Signup answers the same whether or not the address already has an account, after the same
 * work (one argon2 hash): a new address gets its account and a welcome mail; a taken one gets
 * a mail saying so (with login and recovery links) and nothing else changes. Mails go in the
 * background, so the answer's timing does not depend on them (docs/accounts.md "Signup").
 * `invitation`, the token of a board invitation link, proves the mailbox: the new account
 * joins the boards it was invited to.
 */
export async function signup(
  app: App,
  input: { username: string; password: string; invitation?: string | null },
  /** whether this address may get another "already registered" mail now (a bound on mail bombing) */
  mayMail: (address: string) => Promise<boolean> = async () => true,
): Promise<{ message: string }> {
  const done = { message: MESSAGES.signedUp };
  const existing = await findUserByUsername(app.db, input.username);
  const passwordHash = await hashPassword(input.password);
  // counted on both paths (the same work); only the "already registered" mail is held back by it
  const mailAllowed = await mayMail(input.username.trim().toLowerCase());
  if (existing) {
    alreadyRegistered(app, existing.username, mailAllowed);
    return done;
  }
  let user: UserRow;
  try {
    user = await insertUser(app.db, { username: input.username, passwordHash });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    alreadyRegistered(app, input.username, mailAllowed);
    return done;
  }
  app.logger.info({ userId: user.id }, 'account created');
  sendMailLater(app, welcomeMail(user.username, `${app.config.publicUrl}/accounts/login`));
  if (input.invitation && (await invitationTokenFits(app.db, input.invitation, user.username))) await claimInvitations(app, user);
  return done;
}

function alreadyRegistered(app: App, username: string, mailAllowed: boolean): void {
  if (!mailAllowed) return; // repeated signups of one address: no more mails for a while
  app.logger.info('signup with an address that already has an account: mailed its owner');
  sendMailLater(
    app,
    alreadyRegisteredMail(username, `${app.config.publicUrl}/accounts/login`, `${app.config.publicUrl}/accounts/forgot-password`),
  );
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
  // ADMIN_EMAILS: such an account gets the operator role before its token is made (docs/backoffice.md)
  const session = await openSession(app.db, app.config, await withAdminEmailRole(app.db, app.config.adminEmails, user));
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
  // the same session: the new access token names it, so a logout ends it too
  return {
    accessToken: await sessionTokenFor(app.db, app.config, user, outcome.sessionId),
    refreshToken: outcome.refreshToken,
    id: user.id,
    expiresIn: app.config.accessTokenTtlSeconds,
  };
}

/**
 * Ends the session of the refresh token (docs/security.md "Sessions and tokens"): its refresh
 * tokens are revoked and its access tokens refused at once, and its sockets closed, on every node
 * (the bus). The user's other sessions go on. Nothing for an unknown token.
 */
export async function logout(app: App & { bus?: Bus }, refreshToken: string | null | undefined): Promise<void> {
  if (!refreshToken) return;
  const ended = await endSessionOfRefreshToken(app.db, refreshToken);
  if (!ended) return;
  app.logger.info({ userId: ended.userId }, 'signed out: session ended');
  await sessionEnded(app, ended);
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
  await insertPasswordReset(app.db, {
    userId: user.id,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000),
  });
  sendMailLater(app, recoveryMail(user.username, recoveryLink(app, code, user.username), RECOVERY_CODE_TTL_MINUTES));
}

/**
 * Sets a new password with a recovery code: the code is used up, every refresh token of the
 * user is revoked and the security stamp rotates. Answers a new session (the panel goes on
 * to the boards).
 */
export async function resetPassword(app: App, input: { email: string; code: string; password: string }): Promise<Session> {
  // An unknown address, a disabled account and a bad code answer alike (under `code`) after the
  // same work: one argon2 hash and the same transaction (the code checked against no user).
  const found = await findUserByUsername(app.db, input.email);
  const user = found?.is_active ? found : null;
  const passwordHash = await hashPassword(input.password);
  const updated = await app.db.transaction(async (trx) => {
    if (!(await consumePasswordReset(trx, user?.id ?? NO_USER, sha256(input.code)))) return null;
    if (!user) return null;
    await retireUserPasswordResets(trx, user.id);
    await endUserSessions(trx, user.id); // every access token issued before is refused (tokens.ts)
    return updateUser(trx, user.id, { password_hash: passwordHash, security_stamp: newSecurityStamp() });
  });
  if (!updated || !user) throw fieldError('code', MESSAGES.recoveryInvalid);
  app.logger.info({ userId: user.id }, 'password reset with a recovery link');
  // the recovery link proved the mailbox: pending board invitations of the address are accepted
  await claimInvitations(app, updated);
  await sessionsRevoked(app, updated); // and the user's open sockets are closed, on every node
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
  // (the schema refused the common and weak passwords; only here is the username known: the
  // username itself, and the strength with the e-mail as a user input)
  const weak = weakPasswordReason(input.password, user.username);
  if (weak) throw fieldError('password', weak);
  const passwordHash = await hashPassword(input.password);
  const updated = await app.db.transaction(async (trx) => {
    await endUserSessions(trx, user.id); // every access token issued before is refused (tokens.ts)
    return updateUser(trx, user.id, { password_hash: passwordHash, security_stamp: newSecurityStamp() });
  });
  app.logger.info({ userId: user.id }, 'password changed');
  await sessionsRevoked(app, updated); // and the user's open sockets are closed, on every node
  return startSession(app, updated);
}

/** The signed-in user behind a valid access token, or a 401 (deleted or disabled account). */
export async function currentUser(app: App, userId: string): Promise<UserRow> {
  const user = await findUserById(app.db, userId);
  if (!user || !user.is_active) throw Boom.unauthorized('Account not found.');
  return user;
}
