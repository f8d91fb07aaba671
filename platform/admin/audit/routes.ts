import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { operatorRoute } from '../operator';

interface AuditRow {
  id: number;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  at: Date;
}

/** The operator audit trail (migration 011 operator_audit) on the list protocol. */
export const AUDIT_LIST: ListDeclaration<AuditRow, Record<string, unknown>> = {
  name: 'OperatorAudit',
  fields: {
    id: 'a.id',
    actorId: 'a.actor_id',
    actorName: 'a.actor_name',
    action: 'a.action',
    targetType: 'a.target_type',
    targetId: 'a.target_id',
    details: 'a.details',
    at: 'a.at',
  },
  sortable: ['at', 'action', 'actorName'],
  searchable: ['actorName', 'action', 'targetId'],
  quickFilters: {
    all: null,
    boards: (q) => void q.where('a.target_type', 'board'),
    users: (q) => void q.where('a.target_type', 'user'),
    roles: (q) => void q.where('a.action', 'like', 'role.%'),
  },
  filters: {
    TargetId: { schema: Joi.string().max(100), apply: (q, v: string) => void q.where('a.target_id', v) },
  },
  defaultOrder: 'at Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: Number(r.id),
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
    at: new Date(r.at).toISOString(),
  }),
};

const auditItem = Joi.object({
  id: Joi.number(),
  actorId: Joi.string().allow(null),
  actorName: Joi.string(),
  action: Joi.string(),
  targetType: Joi.string().allow(null),
  targetId: Joi.string().allow(null),
  details: Joi.object().unknown(true),
  at: Joi.string(),
})
  .prefs({ presence: 'required' })
  .label('OperatorAuditEntry');

export const auditRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/audit',
    options: operatorRoute('admin-audit', {
      description: 'The operator audit trail: who did what to which target, when (list protocol)',
      validate: { query: listQuery(AUDIT_LIST) },
      response: { schema: Joi.alternatives(listAnswer('OperatorAuditPage', auditItem), Joi.string()) },
    }),
    handler: (request, h) => answerList(AUDIT_LIST, request.server.app.db('operator_audit as a'), request, h),
  },
];
