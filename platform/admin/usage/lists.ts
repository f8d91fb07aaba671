import type { Knex } from 'knex';
import type { ListDeclaration } from '../../core/list';
import { countryOf } from '../sender';
import type { DbRow } from '../../db/row';

/**
 * The audits' lists (backoffice.md §2/§3 User Audit, Feature Audit, Performance Logs; §9 CSV
 * sizes): declarations on the one list protocol. Who is the account's username (null for a
 * guest) and the unique id (the account id or the guest's key). A record whose sender gave no
 * country gets the one of its address from the offline geoip-country database.
 */
type Row = DbRow;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const parsed = (v: unknown) => (typeof v === 'string' ? safeJson(v) : (v ?? null));
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
const countryFor = (r: Row) => r.country ?? countryOf(r.ip ?? null);
const hasAttribute = (name: 'size' | 'template' | 'freq') => (q: Knex.QueryBuilder) =>
  void q.whereRaw(`a.attributes->>'${name}' is not null`);

export const USER_AUDIT_LIST: ListDeclaration<Row, Record<string, unknown>> = {
  name: 'UserAudits',
  fields: {
    id: 'a.id',
    username: 'u.username',
    uniqueUserId: 'a.uid',
    country: 'a.country',
    ip: 'a.ip',
    boardCode: 'a.board_code',
    type: 'a.type',
    source: 'a.source',
    attributes: 'a.attributes',
    createdDate: 'a.created_at',
  },
  sortable: ['createdDate', 'boardCode', 'country', 'type'],
  searchable: ['username', 'uniqueUserId', 'boardCode', 'country', 'source'],
  quickFilters: { all: null, withSize: hasAttribute('size'), withTemplate: hasAttribute('template'), withFreq: hasAttribute('freq') },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  csvMax: 300,
  toItem: (r) => ({
    id: Number(r.id),
    username: r.username ?? null,
    uniqueUserId: r.uniqueUserId,
    country: countryFor(r),
    boardCode: r.boardCode,
    type: r.type,
    source: r.source,
    attributes: parsed(r.attributes),
    createdDate: iso(r.createdDate),
  }),
};

export const FEATURE_AUDIT_LIST: ListDeclaration<Row, Record<string, unknown>> = {
  name: 'FeatureAudits',
  fields: {
    id: 'l.id',
    context: 'l.context',
    data: 'l.data',
    username: 'u.username',
    uniqueUserId: 'l.uid',
    country: 'l.country',
    ip: 'l.ip',
    createdDate: 'l.created_at',
  },
  sortable: ['createdDate', 'context', 'country'],
  searchable: ['context', 'username', 'uniqueUserId', 'country'],
  quickFilters: { all: null },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: Number(r.id),
    context: r.context,
    data: parsed(r.data),
    username: r.username ?? null,
    uniqueUserId: r.uniqueUserId,
    country: countryFor(r),
    createdDate: iso(r.createdDate),
  }),
};

/** backoffice.md §2 Performance Logs: the quick filters are record types. */
export const PERF_TYPES = ['Join', 'Speed', 'SlowNetwork', 'ReportingMain', 'ReportingDefault', 'Socket', 'Error'] as const;

/** A record's payload as the detail's name/value entries. */
export function payloadEntries(payload: unknown): Array<{ name: string; value: string }> {
  const value = parsed(payload);
  if (value === null || value === undefined) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (Array.isArray(value)) {
    return value.map((item, i) =>
      item && typeof item === 'object' && 'name' in item
        ? { name: String((item as Row).name), value: text((item as Row).value) }
        : { name: String(i), value: text(item) },
    );
  }
  if (typeof value === 'object') return Object.entries(value as Row).map(([name, v]) => ({ name, value: text(v) }));
  return [{ name: 'value', value: text(value) }];
}

export const PERF_LIST: ListDeclaration<Row, Record<string, unknown>> = {
  name: 'PerfLogs',
  fields: {
    id: 'p.id',
    sessionId: 'p.session_id',
    username: 'u.username',
    uid: 'p.uid',
    country: 'p.country',
    ip: 'p.ip',
    board: 'p.board',
    type: 'p.type',
    payload: 'p.payload',
    createdDate: 'p.created_at',
  },
  sortable: ['createdDate', 'type', 'board'],
  searchable: ['sessionId', 'username', 'uid', 'board', 'ip', 'type'],
  quickFilters: {
    all: null,
    ...Object.fromEntries(PERF_TYPES.map((t) => [t, (q: Knex.QueryBuilder) => void q.whereRaw('lower(p.type) = ?', [t.toLowerCase()])])),
  },
  defaultOrder: 'createdDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: Number(r.id),
    sessionId: r.sessionId,
    username: r.username ?? null,
    uid: r.uid,
    country: countryFor(r),
    ip: r.ip,
    board: r.board,
    type: r.type,
    createdDate: iso(r.createdDate),
    payload: payloadEntries(r.payload),
  }),
};
