import Joi from 'joi';

/**
 * Route pieces every domain's routes share. Every request may carry the caller's local user id
 * as `Uid` (query for GET, body otherwise; board.md §7), so the schemas accept it.
 */
export const uidFields = {
  Uid: Joi.string().max(100).description('local user id (guests)'),
  uid: Joi.string().max(100),
};

/** Optional bearer token: signed-in users send one, roaming guests send only their Uid. */
export const optionalAuth = { strategy: 'jwt', mode: 'optional' } as const;

/** The JSON size of a value, in bytes (caps on free-form objects). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value ?? null));

export const maxJsonBytes = (max: number) => (value: unknown, helpers: Joi.CustomHelpers) =>
  jsonBytes(value) > max ? helpers.message({ custom: `must be at most ${max} bytes` }) : value;
