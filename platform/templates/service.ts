import crypto from 'node:crypto';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { boardToSvg, isAnnotation, mapShapeTree, shapesBounds, translateShape } from '../../shared/geometry';
import { appendedCommand, type AppendedCommand } from '../../shared/hub';
import { MESSAGES } from '../../shared/messages';
import type { AddCommand, CommandSetCommand, Shape } from '../../shared/model';
import { can } from '../../shared/permissions';
import { hasPolicy, POLICY } from '../../shared/policies';
import { checkShape, jsonLength } from '../../shared/shape-check';
import { expandTemplate, placeShapes, templateSize, TemplateError } from '../../shared/templates/expand';
import { TEMPLATE_LIMITS, TEMPLATE_TYPE, type TemplateFile, type TemplateGroup } from '../../shared/templates/types';
import { appendCommand, boardStateAt, getBoardAccess, UNAUTHORIZED_ACCESS } from '../boards/api';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { renderThumbnailPng } from '../core/render/index';
import { resolveWorkspace, workspaceRoleOf, type WorkspaceRow } from '../workspaces/api';
import { CUSTOM_NAME, readLibrary } from './library';
import * as repo from './repo';

/**
 * Templates (docs/templates.md): the built-in library and users' custom templates — listing,
 * details, thumbnails, saving and deleting custom ones, and inserting one into a board as ONE
 * commandSet through the board's append path (so one undo removes it and every member sees it).
 */
type App = ServerApplicationState;

export const TEMPLATE_NOT_FOUND = MESSAGES.templateNotFound;
/** A template first installed this recently (and after the library's first install) is new. */
export const NEW_FOR_MS = 30 * 86_400_000;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 300;
/** The least and most a template is scaled by to fit the viewer's screen. */
export const FIT = { min: 0.05, max: 1, margin: 0.9 } as const;

export interface TemplateListItem {
  name: string;
  title: string;
  summery: string;
  imageUrl: string;
  type: number;
  group: TemplateGroup;
  hasParameters: boolean;
  isNew: boolean;
}

export interface CustomTemplateItem {
  name: string;
  title: string;
  summery: string;
  imageUrl: string;
  type: number;
  group: 'template';
  hasParameters: false;
  isOwned: boolean;
  canDelete: boolean;
  shared: boolean;
}

const builtInImage = (name: string, hash: string) => `/api/boards/templates/${name}/thumbnail?v=${hash.slice(0, 12)}`;
const customImage = (name: string, key: string) => `/api/boards/templates/${name}/thumbnail?key=${key}`;
const notFound = () => Boom.notFound(TEMPLATE_NOT_FOUND);
const forbidden = () => Boom.forbidden(UNAUTHORIZED_ACCESS);

/* ---------------- install and thumbnails ---------------- */

/** Installs the library when its content changed (or always with `force`); answers what changed. */
export async function installLibrary(app: Pick<App, 'db' | 'logger'>, opts: { force?: boolean } = {}) {
  const library = await readLibrary(undefined, (file, problem) =>
    app.logger.warn({ file, problem }, 'templates: a library file is left out'),
  );
  const result = await repo.installTemplates(app.db, library.hash, library.templates, opts);
  return { ...result, templates: library.templates.length, hash: library.hash.slice(0, 12) };
}

/** Draws shapes as a thumbnail PNG (the board thumbnails' drawing: shared boardToSvg, the render process). */
export async function drawThumbnail(shapes: readonly Shape[]): Promise<Buffer | null> {
  const drawn = shapes.filter((s) => !isAnnotation(s));
  if (!drawn.length) return null;
  const svg = boardToSvg(drawn, { maxSize: THUMBNAIL_WIDTH * 2, background: '#ffffff', offline: true, assetUrl: () => '' });
  return renderThumbnailPng({ input: Buffer.from(svg), width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, background: '#ffffff' });
}

const sampleIds = () => {
  let n = 0;
  return () => `t${++n}`;
};

/** A built-in template's thumbnail: cached, else drawn from the template expanded with its defaults and stored. */
async function builtInThumbnail(app: App, row: repo.TemplateRow): Promise<Buffer> {
  // PGlite reads bytea back as a Uint8Array, which hapi would send as JSON: always a Buffer
  if (row.thumbnail && row.thumbnail_hash === row.content_hash) return Buffer.from(row.thumbnail);
  const { shapes } = expandTemplate(row.content, undefined, { uid: 'template', now: 0, newId: sampleIds() });
  const png = (await drawThumbnail(shapes)) ?? (await drawThumbnail([]))!;
  await repo.storeTemplateThumbnail(app.db, row.name, row.content_hash, png);
  return png;
}

/** Re-draws every built-in thumbnail (the 'rebuild templates' action). */
export async function rebuildThumbnails(app: App, signal?: AbortSignal): Promise<{ drawn: number; failed: number }> {
  await repo.clearTemplateThumbnails(app.db);
  let drawn = 0;
  let failed = 0;
  for (const { name } of await repo.listTemplates(app.db)) {
    signal?.throwIfAborted();
    const row = await repo.findTemplate(app.db, name);
    if (!row) continue;
    try {
      await builtInThumbnail(app, row);
      drawn++;
    } catch (err) {
      failed++;
      app.logger.warn({ err, template: name }, 'templates: thumbnail not drawn');
    }
  }
  return { drawn, failed };
}

const sameKey = (stored: string, given: string | undefined) =>
  !!given && given.length === stored.length && crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/** GET …/templates/{name}/thumbnail: a built-in one's PNG, or a custom one's JPEG (its address's key). */
export async function thumbnail(app: App, name: string, key: string | undefined): Promise<{ data: Buffer; type: string }> {
  if (CUSTOM_NAME.test(name)) {
    const row = await repo.findCustomTemplate(app.db, name);
    if (!row || !sameKey(row.thumbnail_key, key)) throw notFound();
    if (row.thumbnail) return { data: Buffer.from(row.thumbnail), type: 'image/jpeg' };
    const png = await drawThumbnail(placeShapes(row.shapes, { uid: 'template', now: 0, newId: sampleIds() }).shapes);
    if (!png) throw notFound();
    return { data: png, type: 'image/png' };
  }
  const row = await repo.findTemplate(app.db, name);
  if (!row) throw notFound();
  return { data: await builtInThumbnail(app, row), type: 'image/png' };
}

/* ---------------- lists and details ---------------- */

const GROUPS: Record<string, TemplateGroup | null> = { all: null, template: 'template', buildingblock: 'buildingBlock' };

/** GET /api/boards/templates?Group&Search: the built-in templates of a group, those matching the search words. */
export async function listBuiltIn(app: App, group: string, search: string | undefined): Promise<TemplateListItem[]> {
  const wanted = GROUPS[group.toLowerCase()] ?? null;
  const rows = await repo.listTemplates(app.db);
  const firstInstall = Math.min(...rows.map((r) => new Date(r.created_at).getTime()));
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const now = Date.now();
  return rows
    .filter((r) => !wanted || r.group_name === wanted)
    .filter((r) => {
      if (!words.length) return true;
      const text = [r.name, r.title, r.summary, ...(r.tags ?? [])].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .map((r) => {
      const created = new Date(r.created_at).getTime();
      return {
        name: r.name,
        title: r.title,
        summery: r.summary,
        imageUrl: builtInImage(r.name, r.content_hash),
        type: TEMPLATE_TYPE.builtIn,
        group: r.group_name as TemplateGroup,
        hasParameters: r.has_parameters,
        isNew: now - created < NEW_FOR_MS && created - firstInstall > 60_000,
      };
    });
}

/** Whether the actor may see (and insert) a custom template: its owner, or a member of its workspace when shared. */
async function seesCustom(app: App, actor: Actor | null, row: repo.CustomTemplateRow): Promise<boolean> {
  const userId = actor?.userId ?? null;
  if (!userId) return false;
  if (row.owner_id === userId) return true;
  if (!row.shared || !row.workspace_id) return false;
  const workspace = (await app.db('workspaces').where({ id: row.workspace_id }).first()) as WorkspaceRow | undefined;
  return !!workspace && !!(await workspaceRoleOf(app.db, workspace, userId));
}

/** A template by name as the actor may use it: built-in, or custom they see (404 otherwise). */
async function findUsable(app: App, actor: Actor | null, name: string) {
  if (CUSTOM_NAME.test(name)) {
    const row = await repo.findCustomTemplate(app.db, name);
    if (!row || !(await seesCustom(app, actor, row))) throw notFound();
    return { kind: 'custom' as const, row };
  }
  const row = await repo.findTemplate(app.db, name);
  if (!row) throw notFound();
  return { kind: 'builtIn' as const, row };
}

/** GET /api/boards/templates/{name}/details. */
export async function details(app: App, actor: Actor | null, name: string) {
  const found = await findUsable(app, actor, name);
  if (found.kind === 'custom') {
    const r = found.row;
    return {
      name: r.name,
      title: r.title,
      summery: '',
      imageUrl: customImage(r.name, r.thumbnail_key),
      type: TEMPLATE_TYPE.custom,
      group: 'template' as const,
      hasParameters: false,
      parameters: null,
      isOwned: r.owner_id === actor?.userId,
      width: Number(r.width),
      height: Number(r.height),
    };
  }
  const r = found.row;
  const file = r.content;
  const params = file.parameters;
  const size = templateSize(file, expandTemplate(file, undefined, { uid: 'template', now: 0, newId: sampleIds() }).data);
  return {
    name: r.name,
    title: r.title,
    summery: r.summary,
    imageUrl: builtInImage(r.name, r.content_hash),
    type: TEMPLATE_TYPE.builtIn,
    group: r.group_name as TemplateGroup,
    hasParameters: r.has_parameters,
    parameters: params ? { properties: params.properties, required: params.required ?? [], data: params.data ?? {} } : null,
    isOwned: false,
    width: size.width,
    height: size.height,
  };
}

/** GET /api/boards/custom-templates?Workspace: the caller's own and those shared with the workspace. */
export async function listCustom(app: App, actor: Actor | null, workspaceRef: string): Promise<CustomTemplateItem[]> {
  const { workspace, userId } = await resolveWorkspace(app, actor, workspaceRef);
  const rows = await repo.listCustomTemplates(app.db, userId, workspace.id);
  // board.md §5: a custom template is deleted by its owner or an Admin of its workspace
  const role = rows.some((r) => r.owner_id !== userId) ? await workspaceRoleOf(app.db, workspace, userId) : null;
  const admin = role === 'Owner' || role === 'Admin';
  return rows.map((r) => ({
    name: r.name,
    title: r.title,
    summery: '',
    imageUrl: customImage(r.name, r.thumbnail_key),
    type: TEMPLATE_TYPE.custom,
    group: 'template',
    hasParameters: false,
    isOwned: r.owner_id === userId,
    canDelete: r.owner_id === userId || admin,
    shared: r.shared,
  }));
}

/* ---------------- saving and deleting custom templates ---------------- */

export interface CustomTemplatePayload {
  name: string;
  thumbnail?: string | null;
  shared?: boolean;
  workspaceId?: string;
  commands: unknown[];
  width?: number;
  height?: number;
}

/** What a shape saved as a template keeps: not who changed or protected it, nor its status. */
function portable(shape: Shape): Shape {
  return mapShapeTree(shape, (s) => {
    const { modifiedBy: _m, modifiedTimestamp: _t, protectedBy: _p, status: _s, blurred: _b, ...rest } = s;
    return rest as Shape;
  })!;
}

/** A custom template's shapes from a board's: checked, annotations left out, moved so their bounds start at (0, 0). */
export function customShapes(input: unknown[], uid: string): { shapes: Shape[]; width: number; height: number } {
  if (!input.length) throw badRequest(MESSAGES.boardEmpty, { commands: [MESSAGES.boardEmpty] });
  if (input.length > TEMPLATE_LIMITS.shapes) {
    const text = `A template holds at most ${TEMPLATE_LIMITS.shapes} shapes.`;
    throw badRequest(text, { commands: [text] });
  }
  const shapes: Shape[] = [];
  for (const [i, raw] of input.entries()) {
    const stamped = raw && typeof raw === 'object' ? { uid, timestamp: 0, ...(raw as object) } : raw;
    const check = checkShape(stamped);
    if (check.message) {
      const text = `commands[${i}]: ${check.message}`;
      throw badRequest(text, { commands: [text] });
    }
    const shape = portable(stamped as Shape);
    if (!isAnnotation(shape)) shapes.push(shape);
  }
  if (!shapes.length) throw badRequest(MESSAGES.boardEmpty, { commands: [MESSAGES.boardEmpty] });
  if (jsonLength(shapes) > TEMPLATE_LIMITS.customBytes) {
    const text = `A template holds at most ${TEMPLATE_LIMITS.customBytes / 1_000_000} MB of shapes.`;
    throw badRequest(text, { commands: [text] });
  }
  const box = shapesBounds(shapes)!;
  const moved = shapes.map((s) => translateShape(s, -box.x, -box.y));
  return { shapes: moved, width: Math.max(1, Math.ceil(box.w)), height: Math.max(1, Math.ceil(box.h)) };
}

/** The JPEG a data URL carries (400 on `thumbnail` when it is not one). */
function jpegOf(dataUrl: string | null | undefined): Buffer | null {
  if (!dataUrl) return null;
  const m = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  const data = m ? Buffer.from(m[1], 'base64') : null;
  if (!data || data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) {
    const text = 'The thumbnail must be a data:image/jpeg;base64 URL of a JPEG picture.';
    throw badRequest(text, { thumbnail: [text] });
  }
  return data;
}

/** POST /api/boards/custom-templates: saves the shapes as a custom template of the workspace (custom-templates policy; shared: shared-templates). */
export async function saveCustom(
  app: App,
  actor: Actor | null,
  payload: CustomTemplatePayload,
): Promise<{ message: string; name: string }> {
  if (!actor?.userId) throw Boom.unauthorized('Missing authentication');
  const title = payload.name.trim();
  if (!title) throw badRequest('name is required', { name: ['name is required'] });
  const claims = actor.claims ?? {};
  if (!hasPolicy(claims, POLICY.customTemplates))
    throw Boom.forbidden(UNAUTHORIZED_ACCESS, { feature: 'custom templates', policies: [POLICY.customTemplates] });
  if (payload.shared && !hasPolicy(claims, POLICY.sharedTemplates))
    throw Boom.forbidden(UNAUTHORIZED_ACCESS, { feature: 'shared templates', policies: [POLICY.sharedTemplates] });
  const { workspace, userId } = await resolveWorkspace(app, actor, payload.workspaceId || 'default');
  const { shapes, width, height } = customShapes(payload.commands, actor.uid);
  const thumbnail = jpegOf(payload.thumbnail);
  const name = `ct-${crypto.randomBytes(8).toString('hex')}`;
  await repo.insertCustomTemplate(app.db, {
    name,
    owner_id: userId,
    workspace_id: workspace.id,
    title: title.slice(0, TEMPLATE_LIMITS.title),
    shared: !!payload.shared,
    shapes,
    width,
    height,
    thumbnail,
    thumbnail_key: crypto.randomBytes(18).toString('base64url'),
  });
  return { message: MESSAGES.templateSaved, name };
}

/** DELETE /api/boards/custom-templates/{name}: its owner, or an Owner or Admin of its workspace. */
export async function deleteCustom(app: App, actor: Actor | null, name: string): Promise<{ id: string; message: string }> {
  if (!actor?.userId) throw Boom.unauthorized('Missing authentication');
  const row = CUSTOM_NAME.test(name) ? await repo.findCustomTemplate(app.db, name) : undefined;
  if (!row) throw notFound();
  if (row.owner_id !== actor.userId) {
    const workspace = row.workspace_id
      ? ((await app.db('workspaces').where({ id: row.workspace_id }).first()) as WorkspaceRow | undefined)
      : undefined;
    const role = workspace ? await workspaceRoleOf(app.db, workspace, actor.userId) : null;
    // someone who cannot even see it learns nothing of it
    if (!role || (!row.shared && role !== 'Owner' && role !== 'Admin')) throw notFound();
    if (role !== 'Owner' && role !== 'Admin') throw forbidden();
  }
  await repo.deleteCustomTemplate(app.db, name);
  return { id: name, message: MESSAGES.templateDeleted };
}

/* ---------------- inserting into a board ---------------- */

/** The viewer's view: their screen in px and the board → screen transform [a, b, c, d, e, f]. */
export interface ViewSize {
  width?: number;
  height?: number;
  matrix?: number[];
  scale?: number;
  data?: Record<string, unknown>;
}

/**
 * Where a template of `size` lands in the view and at what scale: centred in the viewer's screen,
 * scaled to fit FIT.margin of it (never above 1 nor above the `scale` asked for). Without a screen,
 * at (0, 0) as laid out.
 */
export function placement(size: { width: number; height: number }, view: ViewSize): { origin: { x: number; y: number }; scale: number } {
  const [a, , , d, e, f] = view.matrix?.length === 6 ? view.matrix : [1, 0, 0, 1, 0, 0];
  const zoomX = Math.abs(a) > 1e-9 ? Math.abs(a) : 1;
  const zoomY = Math.abs(d) > 1e-9 ? Math.abs(d) : 1;
  const cap = Math.min(FIT.max, view.scale && view.scale > 0 ? view.scale : FIT.max);
  if (!view.width || !view.height) return { origin: { x: 0, y: 0 }, scale: cap };
  const viewW = view.width / zoomX;
  const viewH = view.height / zoomY;
  const centre = { x: (view.width / 2 - e) / (a || 1), y: (view.height / 2 - f) / (d || 1) };
  const scale = Math.max(FIT.min, Math.min(cap, (viewW * FIT.margin) / size.width, (viewH * FIT.margin) / size.height));
  return { origin: { x: centre.x - (size.width * scale) / 2, y: centre.y - (size.height * scale) / 2 }, scale };
}

/** A TemplateError as the 400 envelope (the data's fields keep their names). */
function asBadRequest(err: unknown): never {
  if (err instanceof TemplateError) throw badRequest(err.message, err.errors);
  throw err;
}

/**
 * addTemplate: inserts a template into a board as one commandSet of adds, through the board's
 * append path (validation, rights, plan policies, shape cap, publishing). `what` is a template's
 * name (built-in or custom) or a custom payload given inline ({ commands, … }). Needs edit_board
 * and view_templates on the board. Answers the AppendedCommand of the commandSet.
 */
export async function insertTemplate(
  app: App,
  code: string,
  actor: Actor | null,
  what: string | { commands?: unknown[]; shapes?: unknown[] },
  view: ViewSize,
  opts: { connectionId?: string } = {},
): Promise<AppendedCommand & { name: string }> {
  if (!actor) throw Boom.unauthorized('Missing authentication');
  const access = await getBoardAccess(app, code, actor, { cached: true });
  if (!can(access.role, 'edit_board') || !can(access.role, 'view_templates')) throw forbidden();
  const now = Date.now();
  const newId = () => crypto.randomUUID();
  let shapes: Shape[];
  let use: { name: string; type: number; title: string };
  try {
    if (typeof what === 'string') {
      const found = await findUsable(app, actor, what);
      if (found.kind === 'builtIn') {
        const file: TemplateFile = found.row.content;
        const sample = expandTemplate(file, view.data, { uid: actor.uid, now, newId: () => 'x' });
        const at = placement(templateSize(file, sample.data), view);
        shapes = expandTemplate(file, view.data, { uid: actor.uid, now, newId, ...at }).shapes;
        use = { name: found.row.name, type: TEMPLATE_TYPE.builtIn, title: found.row.title };
      } else {
        const r = found.row;
        const at = placement({ width: Number(r.width), height: Number(r.height) }, view);
        shapes = placeShapes(r.shapes, { uid: actor.uid, now, newId, ...at }).shapes;
        use = { name: r.name, type: TEMPLATE_TYPE.custom, title: r.title };
      }
    } else {
      const given = customShapes((what.commands ?? what.shapes ?? []) as unknown[], actor.uid);
      const at = placement(given, view);
      shapes = placeShapes(given.shapes, { uid: actor.uid, now, newId, ...at }).shapes;
      use = { name: 'inline', type: TEMPLATE_TYPE.custom, title: 'inline' };
    }
  } catch (err) {
    asBadRequest(err);
  }
  const base = { uid: actor.uid, status: 'normal' as const, timestamp: now };
  const command: CommandSetCommand = {
    ...base,
    id: newId(),
    cmd: 'commandSet',
    commands: shapes.map((shape): AddCommand => ({ ...base, id: newId(), cmd: shape.cmd, shape })),
  };
  const { command: stored } = await appendCommand(app, code, actor, command, opts);
  repo
    .recordUse(app.db, { ...use, boardId: access.board.id, uid: actor.uid })
    .catch((err: unknown) => app.logger.warn({ err }, 'templates: use not recorded'));
  return { ...appendedCommand(stored), name: use.name };
}

/* ---------------- download as template ---------------- */

/** GET /api/boards/{id}/template-file (operators): the board's current shapes as a template file. */
export async function boardAsTemplateFile(app: App, ref: string): Promise<TemplateFile> {
  const board = (await app
    .db('boards')
    .where(/^[0-9a-f-]{36}$/i.test(ref) ? { id: ref } : { code: ref })
    .first('id', 'name', 'last_seq')) as { id: string; name: string | null; last_seq: string | number } | undefined;
  if (!board) throw Boom.notFound(MESSAGES.boardNotFound);
  const doc = await boardStateAt(app.db, board.id, Number(board.last_seq));
  const live = doc.ordered().filter((s) => !isAnnotation(s));
  if (!live.length) throw badRequest(MESSAGES.boardEmpty, { board: [MESSAGES.boardEmpty] });
  const { shapes, width, height } = customShapes(live, 'template');
  const name =
    (board.name ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'board';
  return {
    name,
    title: board.name || 'Board',
    summary: '',
    group: 'template',
    width,
    height,
    shapes: shapes.map((s) => {
      const { uid: _u, timestamp: _t, ...rest } = s;
      return rest as never;
    }),
  };
}
