import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answerList, listAnswer, listQuery, type ListDeclaration } from '../../core/list';
import { deletedAnswer } from '../../core/route-pieces';
import { auditAs } from '../audit/trail';
import { operatorRoute } from '../operator';
import type { DbRow } from '../../db/row';

/** backoffice.md §7 Directories: an id of 24 zeros means a new directory. */
export const NEW_ID = '000000000000000000000000';
export const DIRECTORY_NOT_FOUND = 'Directory not found.';

interface DirectoryRow {
  id: string;
  name: string;
  updatedAt: Date;
}

export const DIRECTORY_LIST: ListDeclaration<DirectoryRow, Record<string, unknown>> = {
  name: 'AdminDirectories',
  fields: { id: 'd.id', name: 'd.name', updatedAt: 'd.updated_at' },
  sortable: ['name', 'updatedAt'],
  searchable: ['name'],
  defaultOrder: 'name',
  pageSize: 10,
  csvMax: 3000,
  toItem: (r) => ({ id: r.id, name: r.name, updatedAt: new Date(r.updatedAt).toISOString() }),
};

/** A row of the list (DIRECTORY_LIST.toItem): no content. */
const directoryItem = Joi.object({ id: Joi.string(), name: Joi.string(), updatedAt: Joi.string() })
  .prefs({ presence: 'required' })
  .label('AdminDirectoryRow');
/** GET /api/admin/directories/{id} (`view`). */
const directoryDetail = directoryItem.keys({ content: Joi.string().allow('') }).label('AdminDirectory');

const ref = Joi.alternatives(Joi.string().valid(NEW_ID), Joi.string().guid()).required();
const app = (request: Request) => request.server.app;
const view = (d: DbRow) => ({ id: d.id, name: d.name, content: d.content, updatedAt: new Date(d.updated_at).toISOString() });

async function directoryOr404(request: Request) {
  const id = String(request.params.id);
  const d = id === NEW_ID ? undefined : await app(request).db('directories').where({ id }).first();
  if (!d) throw Boom.notFound(DIRECTORY_NOT_FOUND);
  return d as DbRow;
}

export const directoryRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/directories',
    options: operatorRoute('admin-directories', {
      description: 'The directories (name), by name (list protocol)',
      validate: { query: listQuery(DIRECTORY_LIST) },
      response: { schema: Joi.alternatives(listAnswer('AdminDirectoriesPage', directoryItem), Joi.string()) },
    }),
    handler: (request, h) => answerList(DIRECTORY_LIST, app(request).db('directories as d'), request, h),
  },
  {
    method: 'GET',
    path: '/api/admin/directories/{id}',
    options: operatorRoute('admin-directories', {
      description: 'A directory (name, content)',
      validate: { params: Joi.object({ id: ref }) },
      response: { schema: directoryDetail },
    }),
    handler: async (request) => view(await directoryOr404(request)),
  },
  {
    method: 'POST',
    path: '/api/admin/directories/{id}',
    options: operatorRoute('admin-directories', {
      description: 'Save a directory; the id of 24 zeros creates one',
      validate: {
        params: Joi.object({ id: ref }),
        payload: Joi.object({
          id: Joi.string().max(40),
          name: Joi.string().trim().min(1).max(200).required(),
          content: Joi.string().max(200_000).allow('').default(''),
        })
          .unknown(true)
          .label('DirectoryInput'),
      },
      response: { schema: directoryDetail.keys({ message: Joi.string() }).label('AdminDirectorySaved') },
    }),
    async handler(request) {
      const { name, content } = request.payload as { name: string; content: string };
      const db = app(request).db;
      let row: DbRow;
      if (String(request.params.id) === NEW_ID) [row] = await db('directories').insert({ name, content }).returning('*');
      else {
        const d = await directoryOr404(request);
        [row] = await db('directories').where({ id: d.id }).update({ name, content, updated_at: db.fn.now() }).returning('*');
      }
      auditAs(request, {
        action: String(request.params.id) === NEW_ID ? 'directory.create' : 'directory.update',
        targetType: 'directory',
        targetId: row!.id,
        details: { name },
      });
      return { ...view(row!), message: 'data successfully saved.' };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/directories/{id}',
    options: operatorRoute('admin-directories', {
      description: 'Delete a directory',
      validate: { params: Joi.object({ id: ref }) },
      response: { schema: deletedAnswer },
    }),
    async handler(request) {
      const d = await directoryOr404(request);
      await app(request).db('directories').where({ id: d.id }).delete();
      auditAs(request, { action: 'directory.delete', targetType: 'directory', targetId: d.id, details: { name: d.name } });
      return { id: d.id, message: 'has been delete' };
    },
  },
];
