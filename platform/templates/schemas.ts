import Joi from 'joi';
import { boardRef } from '../boards/api';
import { answer, uidFields } from '../core/route-pieces';
import { workspaceRef } from '../workspaces/api';
import { TEMPLATE_LIMITS } from '../../shared/templates/types';

/** Joi of the template routes (route validation, the OpenAPI document, the wire types). */
export const templateName = Joi.string()
  .max(60)
  .pattern(/^[a-z0-9-]+$/)
  .required()
  .description("a built-in template's name, or a custom template's (ct-…)");

export const listQuery = Joi.object({
  Group: Joi.string()
    .valid('all', 'template', 'buildingBlock')
    .insensitive()
    .default('all')
    .description('all, template or buildingBlock (the spec also spells it buildingBLock)'),
  Search: Joi.string().max(100).allow('').description('words matched in the title, summary and tags'),
  ...uidFields,
});
export const nameParams = Joi.object({ name: templateName });
export const uidQuery = Joi.object({ ...uidFields });
export const thumbnailQuery = Joi.object({
  v: Joi.string()
    .max(64)
    .pattern(/^[0-9a-f]+$/)
    .description("a built-in template's version (cache busting)"),
  key: Joi.string()
    .max(64)
    .pattern(/^[A-Za-z0-9_-]+$/)
    .description("a custom template's thumbnail key (its address carries it)"),
  ...uidFields,
});
export const customListQuery = Joi.object({
  Workspace: workspaceRef.description("the workspace's altId, id or 'default'"),
  ...uidFields,
});
export const boardParams = Joi.object({ id: boardRef.description('board code or id') });

export const customPayload = Joi.object({
  name: Joi.string().max(TEMPLATE_LIMITS.title).allow('').required().description('the title the user typed'),
  thumbnail: Joi.string().max(TEMPLATE_LIMITS.thumbnailChars).allow('', null).description('data:image/jpeg;base64,…'),
  shared: Joi.boolean().default(false).description('share with the workspace (shared-templates policy)'),
  workspaceId: workspaceRef.optional().description("the workspace's altId (default: the caller's default workspace)"),
  commands: Joi.array()
    .items(Joi.object().unknown(true))
    .max(TEMPLATE_LIMITS.shapes)
    .required()
    .description('the shapes (Shape[] in board units)'),
  width: Joi.number().min(0).max(1e7),
  height: Joi.number().min(0).max(1e7),
  ...uidFields,
}).label('CustomTemplateSave');

const groupSchema = Joi.string().valid('template', 'buildingBlock');

export const templateItem = answer('TemplateListItem', {
  name: Joi.string(),
  title: Joi.string(),
  summery: Joi.string().allow('').description('the summary (the spec spells it summery)'),
  imageUrl: Joi.string(),
  type: Joi.number().integer().valid(1).description('1: built-in'),
  group: groupSchema,
  hasParameters: Joi.boolean(),
  isNew: Joi.boolean(),
});

export const customItem = answer('CustomTemplateItem', {
  name: Joi.string(),
  title: Joi.string(),
  summery: Joi.string().allow(''),
  imageUrl: Joi.string(),
  type: Joi.number().integer().valid(2).description('2: custom'),
  group: Joi.string().valid('template'),
  hasParameters: Joi.boolean(),
  isOwned: Joi.boolean(),
  canDelete: Joi.boolean().description('the caller may delete it: its owner, or an Owner or Admin of its workspace'),
  shared: Joi.boolean(),
});

const parameterSchema = Joi.object({
  type: Joi.string().valid('string', 'integer', 'number', 'boolean', 'array'),
  title: Joi.string().optional(),
  description: Joi.string().optional(),
  minLength: Joi.number().optional(),
  maxLength: Joi.number().optional(),
  enum: Joi.array().items(Joi.string()).optional(),
  minimum: Joi.number().optional(),
  maximum: Joi.number().optional(),
  items: Joi.object({ type: Joi.string().valid('string'), maxLength: Joi.number().optional() }).optional(),
  minItems: Joi.number().optional(),
  maxItems: Joi.number().optional(),
})
  .prefs({ presence: 'required' })
  .label('TemplateParameterSchema');

export const detailsAnswer = answer('TemplateDetails', {
  name: Joi.string(),
  title: Joi.string(),
  summery: Joi.string().allow(''),
  imageUrl: Joi.string(),
  type: Joi.number().integer().valid(1, 2),
  group: groupSchema,
  hasParameters: Joi.boolean(),
  parameters: Joi.object({
    properties: Joi.object().pattern(Joi.string(), parameterSchema),
    required: Joi.array().items(Joi.string()),
    data: Joi.object()
      .pattern(
        Joi.string(),
        Joi.alternatives(Joi.string().allow(''), Joi.number(), Joi.boolean(), Joi.array().items(Joi.string().allow(''))),
      )
      .description('the defaults'),
  })
    .prefs({ presence: 'required' })
    .label('TemplateParameters')
    .allow(null),
  isOwned: Joi.boolean(),
  width: Joi.number().description('the laid-out width with the defaults, board units'),
  height: Joi.number(),
});

export const savedAnswer = answer('CustomTemplateSaved', { message: Joi.string(), name: Joi.string() });
export const deletedAnswer = answer('CustomTemplateDeleted', { id: Joi.string(), message: Joi.string() });

export const templateFileAnswer = Joi.object({
  name: Joi.string(),
  title: Joi.string(),
  summary: Joi.string().allow(''),
  group: groupSchema,
  width: Joi.number(),
  height: Joi.number(),
  shapes: Joi.array().items(Joi.object().unknown(true)),
})
  .prefs({ presence: 'required' })
  .label('TemplateFile');
