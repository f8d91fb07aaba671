import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import Joi from 'joi';
import { MESSAGES } from './messages';

/**
 * Passwords: argon2id (the library default) with its recommended costs (19 MiB, 2 passes).
 * Bounds: 8 to 128 characters (the spec's bounds are "not shown"; docs/accounts.md).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordSchema = () =>
  Joi.string().min(PASSWORD_MIN).max(PASSWORD_MAX).required().messages({
    'any.required': MESSAGES.passwordRequired,
    'string.empty': MESSAGES.passwordRequired,
    'string.base': MESSAGES.passwordRequired,
    'string.min': MESSAGES.passwordMin,
    'string.max': MESSAGES.passwordMax,
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
