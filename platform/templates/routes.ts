import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { attachment } from '../core/attachment';
import { boardCors } from '../core/cors';
import { optionalAuth } from '../core/route-pieces';
import { operatorRoute } from '../admin/api';
import {
  boardParams,
  customItem,
  customListQuery,
  customPayload,
  deletedAnswer,
  detailsAnswer,
  listQuery,
  nameParams,
  savedAnswer,
  templateFileAnswer,
  templateItem,
  thumbnailQuery,
  uidQuery,
} from './schemas';
import * as service from './service';
import { TEMPLATE_LIMITS } from '../../shared/templates/types';

const tags = ['api', 'templates'];
const app = (request: Request) => request.server.app;
const actor = (request: Request) => requestActor(request);
const name = (request: Request) => String(request.params.name);

/**
 * board.md §7 "Templates" (docs/templates.md): the built-in and custom templates. The board (a
 * cross-origin embed too) calls all but the operators' template file: they answer CORS (boardCors).
 */
export const templateRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/boards/templates',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: 'The built-in templates of a group (Group all|template|buildingBlock), those matching Search',
      notes: 'Anyone may list them (a guest on a board too); failures are ignored by the board (board.md §9).',
      validate: { query: listQuery },
      response: { schema: Joi.array().items(templateItem).label('TemplateList') },
    },
    handler: (request) => service.listBuiltIn(app(request), String(request.query.Group), request.query.Search as string | undefined),
  },
  {
    method: 'GET',
    path: '/api/boards/templates/{name}/details',
    options: {
      auth: optionalAuth,
      tags,
      cors: boardCors,
      description: "A template's details: its parameters (schema, required, defaults) and laid-out size; custom ones too",
      notes:
        "404 'Template not found.' for an unknown name or a custom template the caller may not see (its owner, or members of its workspace when shared).",
      validate: { params: nameParams, query: uidQuery },
      response: { schema: detailsAnswer },
    },
    handler: (request) => service.details(app(request), actor(request), name(request)),
  },
  {
    method: 'GET',
    path: '/api/boards/templates/{name}/thumbnail',
    options: {
      auth: false,
      tags,
      cors: boardCors,
      description: "A template's thumbnail: a built-in one's PNG drawn by the server, a custom one's JPEG as saved",
      notes: "A custom template's address carries its thumbnail key (the list and details give it): 404 without it.",
      validate: { params: nameParams, query: thumbnailQuery },
    },
    async handler(request, h) {
      const { data, type } = await service.thumbnail(app(request), name(request), request.query.key as string | undefined);
      return h
        .response(data)
        .type(type)
        .header('cache-control', request.query.v || request.query.key ? 'public, max-age=86400' : 'no-cache');
    },
  },
  {
    method: 'GET',
    path: '/api/boards/custom-templates',
    options: {
      auth: 'jwt',
      tags,
      cors: boardCors,
      description: 'The custom templates of a workspace the caller sees: their own and those shared with the workspace',
      notes: "401 without a bearer token; 404 'Workspace not found.' for a workspace the caller does not belong to.",
      validate: { query: customListQuery },
      response: { schema: Joi.array().items(customItem).label('CustomTemplateList') },
    },
    handler: (request) => service.listCustom(app(request), actor(request), String(request.query.Workspace)),
  },
  {
    method: 'POST',
    path: '/api/boards/custom-templates',
    options: {
      auth: 'jwt',
      tags,
      cors: boardCors,
      description: 'Save shapes as a custom template (custom-templates policy; shared: shared-templates policy)',
      notes:
        "400 'board is empty' (commands) without shapes; 400 on a shape off the model, more than 1000 shapes or 1 MB of them, or a thumbnail that is not a JPEG data URL; 403 'Unauthorized access' without the policy.",
      validate: { payload: customPayload },
      payload: { maxBytes: TEMPLATE_LIMITS.customBytes + TEMPLATE_LIMITS.thumbnailChars + 64 * 1024 },
      response: { schema: savedAnswer },
    },
    handler: (request) => service.saveCustom(app(request), actor(request), request.payload as service.CustomTemplatePayload),
  },
  {
    method: 'DELETE',
    path: '/api/boards/custom-templates/{name}',
    options: {
      auth: 'jwt',
      tags,
      cors: boardCors,
      description: 'Delete a custom template (its owner, or an Owner or Admin of its workspace)',
      notes: "403 'Unauthorized access' for a workspace member who is neither; 404 for anyone who cannot see it.",
      validate: { params: nameParams, query: uidQuery },
      response: { schema: deletedAnswer },
    },
    handler: (request) => service.deleteCustom(app(request), actor(request), name(request)),
  },
  {
    method: 'GET',
    path: '/api/boards/{id}/template-file',
    options: operatorRoute('templates', {
      description: "Download a board as a template file (the board menu's 'download as template'; operators only)",
      notes: "The board's current shapes, moved to (0, 0), comments left out; 404 for an unknown board, 400 'board is empty'.",
      validate: { params: boardParams, query: uidQuery },
      response: { schema: templateFileAnswer },
    }),
    async handler(request, h) {
      const file = await service.boardAsTemplateFile(app(request), String(request.params.id));
      return h.response(file).header('content-disposition', attachment(`${file.name}.json`));
    },
  },
];
