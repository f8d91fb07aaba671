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

/**
 * An answer object whose every key is sent (docs/api.md "Wire types"), named for the clients'
 * types (shared/wire.ts); `.optional()` marks a key that may be absent.
 */
export const answer = (label: string, keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' }).label(label);

/** `{ id, message }`: what deleting one thing answers (the back-office's 'has been delete'). */
export const deletedAnswer = answer('Deleted', { id: Joi.string(), message: Joi.string() });

/** `{ id, message }`: what storing a form (feedback, contact) answers ('data successfully saved.'). */
export const savedAnswer = answer('Saved', { id: Joi.string(), message: Joi.string() });
