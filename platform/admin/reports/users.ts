import Joi from 'joi';
import { ROLE_CODES } from '../../users/api';
import { adminUsersBase, adminUsersList } from '../users/list';
import { userItem } from '../users/routes';
import { fromSql, iso, REPORT_SIZES, rowSchema, type Report } from './report';

/**
 * The reports on accounts (docs/backoffice.md "Reports"): users, iran/users, duplicate-users,
 * never-loggedin-users, user-functional-role.
 */

/** users: the user administration grid's list (GET /api/accounts/users) as a report, up to 3000 rows a download. */
export const usersReport: Report = {
  name: 'users',
  title: 'Users',
  description: 'Every account as the user administration grid lists it: names, image, external sign-in, customer, state, segments, dates.',
  list: (db) => ({ ...adminUsersList(db), ...REPORT_SIZES }),
  base: adminUsersBase,
  row: userItem,
};

/** The segment (users.tags) the `iran/users` report keeps, compared without case. */
export const IRAN_SEGMENT = 'iran';

/** iran/users: the accounts in the segment 'iran' (backoffice.md §7), on the user grid's list. */
export const iranUsers: Report = {
  name: 'iran/users',
  title: 'Users in the Iran segment',
  description: `Accounts whose segments (tags) include '${IRAN_SEGMENT}' (any case), as the user administration grid lists them.`,
  list: (db) => ({ ...adminUsersList(db), name: 'IranUsers', ...REPORT_SIZES }),
  base: (db) => adminUsersBase(db).whereRaw('exists (select 1 from unnest(u.tags) as t(tag) where lower(t.tag) = ?)', [IRAN_SEGMENT]),
  row: userItem,
};

/**
 * An account's normalised e-mail (its username, trimmed and lower-cased): the local part loses a
 * `+tag`, and at gmail.com / googlemail.com its dots too (the same mailbox), the domain becoming
 * gmail.com. A username that is not an e-mail is only trimmed and lower-cased. Its normalised
 * display name: trimmed, lower-cased, runs of white space as one space; an empty one collides with
 * nothing.
 */
const NORMALISED = `
  select u.id, u.username, u.display_name, u.is_active, u.created_at,
    case
      when position('@' in lower(trim(u.username))) = 0 then lower(trim(u.username))
      when split_part(lower(trim(u.username)), '@', 2) in ('gmail.com', 'googlemail.com')
        then replace(regexp_replace(split_part(lower(trim(u.username)), '@', 1), '\\+.*$', ''), '.', '') || '@gmail.com'
      else regexp_replace(split_part(lower(trim(u.username)), '@', 1), '\\+.*$', '') || '@' || split_part(lower(trim(u.username)), '@', 2)
    end as email_key,
    lower(regexp_replace(trim(u.display_name), '\\s+', ' ', 'g')) as name_key
  from users u`;

/** One row per account and kind of collision: the accounts sharing a normalised e-mail, then those sharing a display name. */
const DUPLICATES = `
  with n as (${NORMALISED})
  select id, username, display_name, is_active, created_at, 'e-mail' as reason, email_key as key,
    count(*) over (partition by email_key) as group_size
  from n
  union all
  select id, username, display_name, is_active, created_at, 'display name' as reason, name_key as key,
    count(*) over (partition by name_key) as group_size
  from n where name_key <> ''`;

export const duplicateUsers: Report = {
  name: 'duplicate-users',
  title: 'Duplicate users',
  description:
    'Accounts whose e-mail is the same once normalised (case, +tag, Gmail dots) or whose display name is the same (case, spaces): one row per account and kind.',
  base: (db) => fromSql(db, DUPLICATES, 'd').where('d.group_size', '>', 1),
  list: () => ({
    name: 'DuplicateUsers',
    fields: {
      reason: 'd.reason',
      key: 'd.key',
      groupSize: 'd.group_size',
      id: 'd.id',
      username: 'd.username',
      displayName: 'd.display_name',
      isActive: 'd.is_active',
      createdDate: 'd.created_at',
    },
    sortable: ['key', 'groupSize', 'createdDate', 'username'],
    searchable: ['key', 'username', 'displayName'],
    quickFilters: {
      all: null,
      email: (q) => void q.where('d.reason', 'e-mail'),
      displayName: (q) => void q.where('d.reason', 'display name'),
    },
    // a group's accounts next to each other, the oldest first
    presets: { Group: ['key', 'createdDate'] },
    defaultOrder: 'Group',
    ...REPORT_SIZES,
    toItem: (r) => ({
      reason: r.reason,
      key: r.key,
      groupSize: Number(r.groupSize),
      id: r.id,
      username: r.username,
      displayName: r.displayName,
      isActive: r.isActive,
      createdDate: iso(r.createdDate),
    }),
  }),
  row: rowSchema('DuplicateUser', {
    reason: Joi.string().valid('e-mail', 'display name').description('what collides'),
    key: Joi.string().description('the normalised e-mail or display name the accounts share'),
    groupSize: Joi.number().integer().description('how many accounts share it'),
    id: Joi.string(),
    username: Joi.string(),
    displayName: Joi.string().allow(''),
    isActive: Joi.boolean(),
    createdDate: Joi.string(),
  }),
};

export const neverLoggedInUsers: Report = {
  name: 'never-loggedin-users',
  title: 'Never logged-in users',
  description: 'Accounts that never signed in: no session and no refresh token was ever issued to them, and they were never seen online.',
  base: (db) =>
    db('users as u')
      .whereNull('u.last_online_at')
      .whereNotExists(db('refresh_tokens as r').select(db.raw('1')).whereRaw('r.user_id = u.id'))
      .whereNotExists(db('sessions as s').select(db.raw('1')).whereRaw('s.user_id = u.id')),
  list: (db) => ({
    name: 'NeverLoggedInUsers',
    fields: {
      id: 'u.id',
      username: 'u.username',
      displayName: 'u.display_name',
      isActive: 'u.is_active',
      hasPassword: db.raw('u.password_hash is not null'),
      createdDate: 'u.created_at',
    },
    sortable: ['createdDate', 'username'],
    searchable: ['username', 'displayName'],
    quickFilters: { all: null, active: (q) => void q.where('u.is_active', true), inactive: (q) => void q.where('u.is_active', false) },
    defaultOrder: 'createdDate Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      id: r.id,
      username: r.username,
      displayName: r.displayName,
      isActive: r.isActive,
      hasPassword: !!r.hasPassword,
      createdDate: iso(r.createdDate),
    }),
  }),
  row: rowSchema('NeverLoggedInUser', {
    id: Joi.string(),
    username: Joi.string(),
    displayName: Joi.string().allow(''),
    isActive: Joi.boolean(),
    hasPassword: Joi.boolean().description('whether a password was set (an account made through an external sign-in has none)'),
    createdDate: Joi.string(),
  }),
};

const ROLE_NAMES = ROLE_CODES as Record<number, string>;

export const userFunctionalRole: Report = {
  name: 'user-functional-role',
  title: 'Users by functional role',
  description: 'How many accounts chose each job category in their profile (Others is the default).',
  base: (db) =>
    fromSql(db, 'select role_code, count(*) as users, count(*) filter (where is_active) as active from users group by role_code', 'r'),
  list: () => ({
    name: 'UserFunctionalRoles',
    fields: { code: 'r.role_code', users: 'r.users', active: 'r.active' },
    sortable: ['code', 'users'],
    defaultOrder: 'users Desc',
    ...REPORT_SIZES,
    toItem: (r) => ({
      code: Number(r.code),
      role: ROLE_NAMES[Number(r.code)] ?? `code ${r.code}`,
      users: Number(r.users),
      active: Number(r.active),
    }),
  }),
  row: rowSchema('UserFunctionalRole', {
    code: Joi.number().integer(),
    role: Joi.string().description('the profile select’s label'),
    users: Joi.number().integer(),
    active: Joi.number().integer().description('of them, active accounts'),
  }),
};
