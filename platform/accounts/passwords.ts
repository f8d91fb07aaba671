import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import Joi from 'joi';
import { MESSAGES } from './messages';

/**
 * Passwords: argon2id (the library default) with its recommended costs (19 MiB, 2 passes).
 * Bounds: 8 to 128 characters (the spec's bounds are "not shown"; docs/accounts.md). Refused
 * besides: the most common passwords (the ~18,000 of 8+ characters in @zxcvbn-ts/language-common's
 * list, compared without case), the username / e-mail itself (or its part before the @), and any
 * password zxcvbn scores below PASSWORD_MIN_SCORE (docs/security.md "Password strength").
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

/**
 * The zxcvbn score a new password needs (0–4; 3 = "safely unguessable: moderate protection from an
 * offline slow-hash scenario", about 10^8 guesses). In practice an 8-character password needs more
 * than random characters to reach it; the length bounds stay the spec's.
 */
export const PASSWORD_MIN_SCORE = 3;
/** The product's name: a password built on it is as guessable as one built on the e-mail. */
export const PRODUCT_NAME = 'Tabula';

let zxcvbn: ZxcvbnFactory | undefined;

/**
 * What an attacker knows about the account: the product's name and the e-mail, its local part and
 * the words of both (`ann.smith@example.com` → ann.smith@example.com, ann.smith, ann, smith, example.com, example).
 */
export function passwordUserInputs(username?: string | null): string[] {
  const inputs = new Set([PRODUCT_NAME.toLowerCase()]);
  const u = username?.trim().toLowerCase();
  if (u) {
    const [local = '', domain = ''] = u.split('@');
    for (const part of [u, local, domain, ...u.split(/[^\p{L}\p{N}]+/u)]) if (part.length >= 3) inputs.add(part);
  }
  return [...inputs].sort((a, b) => b.length - a.length);
}

/**
 * The password's zxcvbn score with the user inputs, and the score of what is left once every user
 * input is taken out of it (`tabula2026tabula` → `2026`): a password is as strong as the weaker.
 */
export function passwordScore(password: string, username?: string | null): number {
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const inputs = passwordUserInputs(username);
  const score = zxcvbn.check(password, inputs).score;
  let rest = password;
  for (const input of inputs) rest = rest.split(new RegExp(input.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu')).join('');
  return rest === password ? score : Math.min(score, rest ? zxcvbn.check(rest, inputs).score : 0);
}

/** Whether `password` scores below the floor (PASSWORD_MIN_SCORE). */
export function isWeakPassword(password: string, username?: string | null): boolean {
  return passwordScore(password, username) < PASSWORD_MIN_SCORE;
}

/** The field error text for a password that passes the bounds but is too guessable, else null. */
export function weakPasswordReason(password: string, username?: string | null): string | null {
  if (isUsernamePassword(password, username)) return MESSAGES.passwordIsUsername;
  if (isCommonPassword(password)) return MESSAGES.passwordCommon;
  if (isWeakPassword(password, username)) return MESSAGES.passwordWeak;
  return null;
}

/** A new password; `usernameKey` names the sibling field holding the username/e-mail, if any. */
export const passwordSchema = (usernameKey?: string) =>
  Joi.string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .required()
    .custom((value: string, helpers) => {
      // out of bounds: the bound's error alone (and no strength estimate of an oversized value)
      if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return value;
      // without the username (change-password: the service checks it with the account's e-mail,
      // which must come first) only the common list is checked here
      if (!usernameKey) return isCommonPassword(value) ? helpers.error('password.common') : value;
      const sibling = (helpers.state.ancestors?.[0] as Record<string, unknown> | undefined)?.[usernameKey];
      const reason = weakPasswordReason(value, typeof sibling === 'string' ? sibling : null);
      if (reason === MESSAGES.passwordIsUsername) return helpers.error('password.username');
      if (reason === MESSAGES.passwordWeak) return helpers.error('password.weak');
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
      'password.weak': MESSAGES.passwordWeak,
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
