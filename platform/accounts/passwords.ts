import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import Joi from 'joi';
import { MESSAGES } from './messages';

/**
 * Passwords: argon2id (the library default) with its recommended costs (19 MiB, 2 passes).
 * Bounds: 8 to 128 characters (the spec's bounds are "not shown"; docs/accounts.md). Refused
 * besides: the most common passwords (the ~18,000 of 8+ characters in @zxcvbn-ts/language-common's
 * list, compared without case) and the username / e-mail itself (or its part before the @).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;
/** Whether `password` is on the common-passwords list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}

/** Whether `password` is the username / e-mail, or its local part (case-insensitive, trimmed). */
export function isUsernamePassword(password: string, username: string | null | undefined): boolean {
  if (!username) return false;
  const p = password.trim().toLowerCase();
  const u = username.trim().toLowerCase();
  const local = u.split('@')[0] ?? '';
  return p === u || (local.length >= PASSWORD_MIN && p === local);
}

/** The field error text for a password that passes the bounds but is too guessable, else null. */
export function weakPasswordReason(password: string, username?: string | null): string | null {
  if (isUsernamePassword(password, username)) return MESSAGES.passwordIsUsername;
  if (isCommonPassword(password)) return MESSAGES.passwordCommon;
  return null;
}

/** A new password; `usernameKey` names the sibling field holding the username/e-mail, if any. */
export const passwordSchema = (usernameKey?: string) =>
  Joi.string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .required()
    .custom((value: string, helpers) => {
      const sibling = usernameKey ? (helpers.state.ancestors?.[0] as Record<string, unknown> | undefined)?.[usernameKey] : undefined;
      const reason = weakPasswordReason(value, typeof sibling === 'string' ? sibling : null);
      if (reason === MESSAGES.passwordIsUsername) return helpers.error('password.username');
      if (reason) return helpers.error('password.common');
      return value;
    })
    .messages({
      'any.required': MESSAGES.passwordRequired,
      'string.empty': MESSAGES.passwordRequired,
      'string.base': MESSAGES.passwordRequired,
      'string.min': MESSAGES.passwordMin,
      'string.max': MESSAGES.passwordMax,
      'password.common': MESSAGES.passwordCommon,
      'password.username': MESSAGES.passwordIsUsername,
    });

/** `field` must repeat the password named `of`. */
export const repeatSchema = (of = 'password') =>
  Joi.any().valid(Joi.ref(of)).required().messages({
    'any.required': MESSAGES.repeatRequired,
    'any.only': MESSAGES.passwordsDoNotMatch,
  });

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Runs one verification against a throw-away hash, so an unknown user (or one without a
 * password) costs the same time as a wrong password: login timing says nothing about accounts.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hash(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
  return false;
}
