import type { Config } from '../config';
import type { AppContext } from '../core/context';
import { fieldError } from '../core/errors';
import { sessionTokenFor } from '../accounts/api';
import { AVATAR_MESSAGES, parseAvatarDataUrl } from './avatar';
import { deleteUserImage, saveUserImage, updateUser, type UserRow } from './repo';
import { accountClaims } from '../billing/api';
import type { Db } from '../db/index';

export { ROLE_CODES } from './role-codes';
export const LANGUAGES = ['en', 'fa'] as const;

export interface Profile {
  id: string;
  username: string;
  displayName: string;
  /** URL of GET /api/users/{id}/images, or null */
  avatar: string | null;
  language: string;
  role: number;
  hasPassword: boolean;
  /** platform roles: 'admin', 'beta-tester', 'partner' … */
  roles: string[];
  plan: string;
}

/** The profile as answered; `plan` is the plan the account works under now (its subscriptions', its own, or the default). */
export async function profileOf(db: Db, config: Config, user: UserRow): Promise<Profile> {
  const { plan } = await accountClaims(db, config, user);
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    avatar: user.avatar,
    language: user.language,
    role: user.role_code,
    hasPassword: Boolean(user.password_hash),
    roles: [...(user.roles ?? [])],
    plan: String(plan),
  };
}

/** The public address of a user's image; the version query changes with every upload. */
export function avatarUrl(config: Config, userId: string): string {
  return `${config.publicUrl}/api/users/${userId}/images?v=${Date.now().toString(36)}`;
}

export interface ProfileInput {
  displayName: string;
  /** undefined keeps the image; null or '' removes it; a data URL replaces it */
  avatar?: string | null;
  language: string;
  role: number;
}

/**
 * The session the token of a request belongs to (its `sid` and `exp`), which a token answered to
 * that request carries on (core/session-guard).
 */
export interface TokenSession {
  sid?: string;
  exp?: number;
}

/**
 * Saves the profile and answers it with a fresh access token (its lang claim may have changed) of
 * the same session. A token from before sessions existed (no `sid`) gets a new one that expires
 * when it does: saving the profile never makes an unrevocable token live longer.
 */
export async function saveProfile(
  app: Pick<AppContext, 'config' | 'db'>,
  user: UserRow,
  input: ProfileInput,
  session: TokenSession,
): Promise<Profile & { accessToken: string; expiresIn: number }> {
  const changes: Partial<UserRow> = { display_name: input.displayName, language: input.language, role_code: input.role };
  const avatar = input.avatar;
  const image = typeof avatar === 'string' && avatar.trim().startsWith('data:') ? parseAvatarDataUrl(avatar) : null;
  if (typeof avatar === 'string' && avatar !== '' && !image && !sameImage(avatar, user.avatar))
    throw fieldError('avatar', AVATAR_MESSAGES.badType);

  const updated = await app.db.transaction(async (trx) => {
    if (image) {
      await saveUserImage(trx, { userId: user.id, ...image });
      changes.avatar = avatarUrl(app.config, user.id);
    } else if (avatar === null || avatar === '') {
      await deleteUserImage(trx, user.id);
      changes.avatar = null;
    }
    return updateUser(trx, user.id, changes);
  });
  const expiresIn = session.sid
    ? app.config.accessTokenTtlSeconds
    : Math.max(1, Math.min(app.config.accessTokenTtlSeconds, Math.floor((session.exp ?? 0) - Date.now() / 1000)));
  const accessToken = await sessionTokenFor(app.db, { ...app.config, accessTokenTtlSeconds: expiresIn }, updated, session.sid ?? null);
  return { ...(await profileOf(app.db, app.config, updated)), accessToken, expiresIn };
}

/** The client may send back the avatar URL it was given: that keeps the image. */
function sameImage(value: string, current: string | null): boolean {
  if (!current) return false;
  const path = (url: string) => {
    try {
      return new URL(url, 'http://x').pathname;
    } catch {
      return url;
    }
  };
  return path(value) === path(current);
}
