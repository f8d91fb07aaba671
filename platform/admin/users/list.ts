import Joi from 'joi';
import type { ListDeclaration } from '../../core/list';
import type { Db } from '../../db/index';

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

interface AdminUserRow {
  id: string;
  username: string;
  displayName: string;
  avatar: string | null;
  externalCount: number;
  isActive: boolean;
  flagged: boolean;
  roles: string[];
  tags: string[];
  CreatedDate: Date;
  LastOnline: Date | null;
  lastLogin: Date | null;
  customerId: string | null;
}

/** Segments (users.tags) as the query names them: a comma list or repeated values. */
const segmentsSchema = Joi.alternatives(
  Joi.array().items(Joi.string().trim().max(60)).max(20).single(),
  Joi.string().trim().max(1000).allow(''),
);
export const segmentsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value ?? ''])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 20);

/**
 * The user administration grid (backoffice.md §2 "User administration"): quick filters all,
 * inactive, beta-tester, flagged; the text filter (username, display name); the Segments filter
 * (users having any of the tags); orders CreatedDate / LastOnline; 10 a page; CSV 3000.
 * lastlogin is the start of the account's latest session (its newest refresh token).
 */
export function adminUsersList(db: Db): ListDeclaration<AdminUserRow, Record<string, unknown>> {
  return {
    name: 'AdminUsers',
    fields: {
      id: 'u.id',
      username: 'u.username',
      displayName: 'u.display_name',
      avatar: 'u.avatar',
      externalCount: db.raw('(select count(*)::int from external_identities e where e.user_id = u.id)'),
      isActive: 'u.is_active',
      flagged: 'u.flagged',
      roles: 'u.roles',
      tags: 'u.tags',
      CreatedDate: 'u.created_at',
      LastOnline: 'u.last_online_at',
      lastLogin: db.raw('(select max(r.created_at) from refresh_tokens r where r.user_id = u.id)'),
      // the payment gateway's customer made for the account (billing_customers; one per gateway, the first by name)
      customerId: db.raw('(select c.customer_ref from billing_customers c where c.user_id = u.id order by c.gateway limit 1)'),
    },
    sortable: ['CreatedDate', 'LastOnline'],
    searchable: ['username', 'displayName'],
    quickFilters: {
      all: null,
      inactive: (q) => void q.where('u.is_active', false),
      'beta-tester': (q) => void q.whereRaw("'beta-tester' = any(u.roles)"),
      flagged: (q) => void q.where('u.flagged', true),
    },
    filters: {
      Segments: {
        schema: segmentsSchema,
        apply: (q, value: unknown) => {
          const segments = segmentsOf(value);
          if (segments.length) q.whereRaw(`u.tags && array[${segments.map(() => '?').join(',')}]::text[]`, segments);
        },
      },
    },
    defaultOrder: 'CreatedDate Desc',
    pageSize: 10,
    csvMax: 3000,
    toItem: (r) => ({
      id: r.id,
      username: r.username,
      displayName: r.displayName,
      hasImage: !!r.avatar,
      hasExternalAccount: Number(r.externalCount) > 0,
      customerId: r.customerId ?? null,
      isActive: r.isActive,
      isBetaTester: (r.roles ?? []).includes('beta-tester'),
      flag: r.flagged,
      segments: r.tags ?? [],
      createdDate: iso(r.CreatedDate),
      lastOnline: iso(r.LastOnline),
      lastlogin: iso(r.lastLogin),
    }),
  };
}

export const adminUsersBase = (db: Db) => db('users as u');
