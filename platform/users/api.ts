/**
 * What other domains may use of users (docs/architecture.md "Domains and their api.ts"): finding,
 * creating and updating a user, the username and id checks, and the plan a user holds. Exposed too
 * as `server.plugins.users`.
 */
export { planOf, qtyOf } from './plan';
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
