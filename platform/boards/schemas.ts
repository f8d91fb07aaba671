import Joi from 'joi';
import { LINK_SHARING_LEVELS, MEMBER_ROLES, WORKSPACE_SHARING_LEVELS } from '../../shared/permissions';

/**
 * Joi pieces of the board routes (and of the hub methods naming a board). The pieces every
 * route shares (the caller's `Uid`, the optional bearer token, JSON size caps) are
 * platform/core/route-pieces.ts.
 */

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
