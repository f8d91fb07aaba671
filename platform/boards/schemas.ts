import Joi from 'joi';
import { LINK_SHARING_LEVELS, MEMBER_ROLES, WORKSPACE_SHARING_LEVELS } from '../../shared/permissions';

/**
 * Joi pieces every board-area route shares. Every request may carry the caller's local user
 * id as `Uid` (query for GET, body otherwise; board.md §7), so the schemas accept it.
 */
export const uidFields = {
  Uid: Joi.string().max(100).description('local user id (guests)'),
  uid: Joi.string().max(100),
};

/** A board named by its code or by its id (uuid), as the spec's `{id}` and `{code}` do. */
export const boardRef = Joi.string()
  .max(100)
  .pattern(/^[A-Za-z0-9_-]+$/)
  .required();

/** Roles an invitation can give (NoAccess is for revoking, not inviting). */
export const inviteRoleSchema = Joi.string().valid(...MEMBER_ROLES.filter((r) => r !== 'NoAccess'));
export const memberRoleSchema = Joi.string().valid(...MEMBER_ROLES);
export const workspaceLevelSchema = Joi.string().valid(...WORKSPACE_SHARING_LEVELS);
export const linkLevelSchema = Joi.string().valid(...LINK_SHARING_LEVELS);

/** Optional bearer token: signed-in users send one, roaming guests send only their Uid. */
export const optionalAuth = { strategy: 'jwt', mode: 'optional' } as const;

/** The JSON size of a value, in bytes (caps on free-form objects). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value ?? null));

export const maxJsonBytes = (max: number) => (value: unknown, helpers: Joi.CustomHelpers) =>
  jsonBytes(value) > max ? helpers.message({ custom: `must be at most ${max} bytes` }) : value;
