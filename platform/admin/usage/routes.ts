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

function gridRoute(
  path: string,
  list: ListDeclaration<DbRow, Record<string, unknown>>,
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
      response: { schema: Joi.alternatives(listAnswer(`${list.name}Page`, Joi.object().unknown(true)), Joi.string()) },
    }),
    handler: (request: Request, h: ResponseToolkit) => answerList(list, base(request), request, h),
  };
}

export const usageRoutes: ServerRoute[] = [
  gridRoute('/api/admin/user-audits', USER_AUDIT_LIST, 'User audit: board joins with country, source and attributes', (r) =>
    db(r)('user_audits as a').leftJoin('users as u', 'u.id', 'a.user_id'),
  ),
  gridRoute(
    '/api/admin/feature-audits',
    FEATURE_AUDIT_LIST,
    'Feature audit: the usage records clients send to POST /api/logs/usages',
    (r) => db(r)('usage_logs as l').leftJoin('users as u', 'u.id', 'l.user_id'),
  ),
  gridRoute('/api/admin/perf-logs', PERF_LIST, 'Performance logs: the records clients send to POST /api/logs/perfs', (r) =>
    db(r)('perf_logs as p').leftJoin('users as u', 'u.id', 'p.user_id'),
  ),
];
