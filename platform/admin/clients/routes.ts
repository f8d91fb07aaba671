import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { operatorRoute } from '../operator';
import type { DbRow } from '../../db/row';

interface ClientRow {
  id: string;
  username: string;
  appName: string;
  clientId: string;
  isActive: boolean;
  CreatedDate: Date;
  LastSession: Date | null;
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/**
 * backoffice.md §2 Clients: the developer apps (platform/clients). Quick filter all, and the
 * spec's option whose value is 'inactive' (labelled active in the screen): apps that are not
 * active; 'active' is offered too. Text filter: owner username, app name, client id.
 */
export const CLIENT_LIST: ListDeclaration<ClientRow, Record<string, unknown>> = {
  name: 'AdminClients',
  fields: {
    id: 'c.id',
    username: 'u.username',
    appName: 'c.app_name',
    clientId: 'c.client_id',
    isActive: 'c.is_active',
    CreatedDate: 'c.created_at',
    LastSession: 'c.last_session_at',
  },
  sortable: ['CreatedDate', 'LastSession'],
  searchable: ['username', 'appName', 'clientId'],
  quickFilters: { all: null, inactive: (q) => void q.where('c.is_active', false), active: (q) => void q.where('c.is_active', true) },
  defaultOrder: 'CreatedDate Desc',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({
    id: r.id,
    username: r.username,
    appName: r.appName,
    clientId: r.clientId,
    createdDate: iso(r.CreatedDate),
    lastSession: iso(r.LastSession),
    isActive: r.isActive,
  }),
};

const app = (request: Request) => request.server.app;

/** A row of the grid (CLIENT_LIST.toItem); every key is sent. */
const clientItem = Joi.object({
  id: Joi.string(),
  username: Joi.string().allow(null),
  appName: Joi.string(),
  clientId: Joi.string(),
  createdDate: Joi.string(),
  lastSession: Joi.string().allow(null),
  isActive: Joi.boolean(),
})
  .prefs({ presence: 'required' })
  .label('AdminClientRow');
/** GET /api/admin/clients/{id}/details: the row, its settings (never the secret: its hint) and where it was embedded from. */
const clientDetail = clientItem
  .keys({
    allowedOrigins: Joi.array().items(Joi.string()).allow(null),
    secretHint: Joi.string().allow(null, ''),
    origins: Joi.array().items(
      Joi.object({
        origin: Joi.string(),
        embeds: Joi.number().integer(),
        refusals: Joi.number().integer(),
        firstSeen: Joi.string().allow(null),
        lastSeen: Joi.string().allow(null),
      })
        .prefs({ presence: 'required' })
        .label('AdminClientOrigin'),
    ),
  })
  .label('AdminClient');

export const adminClientRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/clients',
    options: operatorRoute('admin-clients', {
      description: 'The developer apps grid (list protocol)',
      validate: { query: listQuery(CLIENT_LIST) },
      response: { schema: Joi.alternatives(listAnswer('AdminClientsPage', clientItem), Joi.string()) },
    }),
    handler: (request, h) => answerList(CLIENT_LIST, app(request).db('clients as c').join('users as u', 'u.id', 'c.owner_id'), request, h),
  },
  {
    method: 'GET',
    path: '/api/admin/clients/{id}/details',
    options: operatorRoute('admin-clients', {
      description: 'A developer app with the origins its boards were embedded from',
      validate: { params: Joi.object({ id: Joi.string().guid().required() }) },
      response: { schema: clientDetail },
    }),
    async handler(request) {
      const db = app(request).db;
      const c = await db('clients as c')
        .join('users as u', 'u.id', 'c.owner_id')
        .where('c.id', String(request.params.id))
        .first('c.*', 'u.username');
      if (!c) throw Boom.notFound('Client not found.');
      const origins = (await db('client_embed_origins').where({ client_id: c.id }).orderBy('last_seen_at', 'desc')) as Array<DbRow>;
      return {
        id: c.id,
        username: c.username,
        appName: c.app_name,
        clientId: c.client_id,
        isActive: c.is_active,
        allowedOrigins: c.allowed_origins,
        createdDate: iso(c.created_at),
        lastSession: iso(c.last_session_at),
        // never the secret (only its hint)
        secretHint: c.secret_hint,
        origins: origins.map((o) => ({
          origin: o.origin,
          embeds: o.embeds,
          refusals: o.refusals,
          firstSeen: iso(o.first_seen_at),
          lastSeen: iso(o.last_seen_at),
        })),
      };
    },
  },
];
