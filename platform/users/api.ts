/**
 * What other domains may use of users (docs/architecture.md "Domains and their api.ts"): finding,
 * creating and updating a user, the username and id checks, the plan a user holds, and the profile's job categories (ROLE_CODES). Exposed too
 * as `server.plugins.users`.
 */
export { planOf, qtyOf } from './plan';
export { ROLE_CODES } from './role-codes';
/** the profile-image rules (panel.md §5), for other images that follow them (a partner's logo) */
export { AVATAR_LIMITS, parseAvatarDataUrl } from './avatar';
export {
  findUserById,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  isUuid,
  normalizeUsername,
  touchLastOnline,
  updateUser,
  type UserRow,
} from './repo';
