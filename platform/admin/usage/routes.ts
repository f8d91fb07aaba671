import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { operatorRoute } from '../operator';
import { FEATURE_AUDIT_LIST, PERF_LIST, USER_AUDIT_LIST } from './lists';
import type { DbRow } from '../../db/row';

/**
 * The audits' grids (backoffice.md §7 Audits): GET /api/admin/user-audits, /feature-audits and
 * /perf-logs, operators only, on the list protocol (`Accept: text/csv`: 300 / 3000 rows).
 */
const db = (request: Request) => request.server.app.db;

const nullable = () => Joi.string().allow(null, '');
/** The rows of the three grids (lists.ts toItem); every key is sent. */
const USER_AUDIT_ROW = Joi.object({
  id: Joi.number().integer(),
  username: nullable(),
  uniqueUserId: nullable(),
  country: nullable(),
  boardCode: Joi.string(),
  type: Joi.string(),
  source: nullable(),
  /** what the board recorded of the join (free-form) */
  attributes: Joi.object().unknown(true).allow(null),
  createdDate: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('UserAuditRow');
const FEATURE_AUDIT_ROW = Joi.object({
  id: Joi.number().integer(),
  context: Joi.string(),
  data: Joi.any(),
  username: nullable(),
  uniqueUserId: nullable(),
  country: nullable(),
  createdDate: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('FeatureAuditRow');
const PERF_LOG_ROW = Joi.object({
  id: Joi.number().integer(),
  sessionId: Joi.string().allow(''),
  username: nullable(),
  uid: nullable(),
  country: nullable(),
  ip: nullable(),
  board: nullable(),
  type: Joi.string(),
  createdDate: Joi.string(),
  payload: Joi.array().items(
    Joi.object({ name: Joi.string(), value: Joi.string().allow('') })
      .prefs({ presence: 'required' })
      .label('PerfLogEntry'),
  ),
})
  .prefs({ presence: 'required' })
  .label('PerfLogRow');

function gridRoute(
  path: string,
  list: ListDeclaration<DbRow, Record<string, unknown>>,
  item: Joi.ObjectSchema,
  description: string,
  base: (request: Request) => ReturnType<ReturnType<typeof db>>,
): ServerRoute {
  return {
    method: 'GET',
    path,
    options: operatorRoute('admin-usage', {
      description,
      notes: `List protocol (Take, Skip, Orders, Filter, QuickFilter: ${Object.keys(list.quickFilters ?? {}).join(', ')}); Accept: text/csv gives at most ${list.csvMax} rows.`,
      validate: { query: listQuery(list) },
      response: { schema: Joi.alternatives(listAnswer(`${list.name}Page`, item), Joi.string()) },
    }),
    handler: (request: Request, h: ResponseToolkit) => answerList(list, base(request), request, h),
  };
}

export const usageRoutes: ServerRoute[] = [
  gridRoute('/api/admin/user-audits', USER_AUDIT_LIST, USER_AUDIT_ROW, 'User audit: board joins with country, source and attributes', (r) =>
    db(r)('user_audits as a').leftJoin('users as u', 'u.id', 'a.user_id'),
  ),
  gridRoute(
    '/api/admin/feature-audits',
    FEATURE_AUDIT_LIST,
    FEATURE_AUDIT_ROW,
    'Feature audit: the usage records clients send to POST /api/logs/usages',
    (r) => db(r)('usage_logs as l').leftJoin('users as u', 'u.id', 'l.user_id'),
  ),
  gridRoute('/api/admin/perf-logs', PERF_LIST, PERF_LOG_ROW, 'Performance logs: the records clients send to POST /api/logs/perfs', (r) =>
    db(r)('perf_logs as p').leftJoin('users as u', 'u.id', 'p.user_id'),
  ),
];
