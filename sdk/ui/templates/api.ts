import type { AppendedCommand } from '../../../shared/hub';
import type { Command, CommandSetCommand, Shape } from '../../../shared/model';
import type { TemplateData, TemplateParameters } from '../../../shared/templates/types';
import type { Editor } from '../../editor/editor';
import type { SyncClient } from '../../sync/sync-client';

/**
 * The templates dialog's calls (board.md §7; the contract in docs/templates.md): the lists, a
 * template's details, custom templates (save, delete), the dialog's feedback box, and the hub's
 * addTemplate that inserts one where the viewer looks. Every HTTP call goes through the board's
 * session (bearer token or Uid, one token refresh), so it works cross-origin in an embed too.
 */

/** The groups of the dialog's tabs; 'mine' is GET /api/boards/custom-templates. */
export type TemplateGroup = 'all' | 'template' | 'buildingBlock' | 'mine';

/** A card of the list (the spec's spelling `summery`). */
export interface TemplateCard {
  name: string;
  title: string;
  summery: string;
  imageUrl: string;
  /** 1 built-in, 2 custom */
  type: number;
  group: 'template' | 'buildingBlock' | string;
  hasParameters: boolean;
  isNew?: boolean;
  isOwned?: boolean;
  /** a custom template the viewer may delete (its owner, or an Admin of its workspace) */
  canDelete?: boolean;
  shared?: boolean;
  tags?: string[];
}

export interface TemplateDetails extends TemplateCard {
  parameters: TemplateParameters | null;
  isOwned?: boolean;
  width?: number;
  height?: number;
}

/** POST /api/boards/custom-templates (board.md §3 "Custom template payload"). */
export interface CustomTemplatePayload {
  name: string;
  thumbnail: string;
  shared: boolean;
  /** the board's workspace (altId); left out: the caller's default workspace */
  workspaceId?: string;
  commands: Shape[];
  width: number;
  height: number;
}

const enc = encodeURIComponent;

/** The built-in templates of a group, optionally searched (GET /api/boards/templates?Group=&Search=). */
export function listTemplates(sync: SyncClient, group: Exclude<TemplateGroup, 'mine'>, search = ''): Promise<TemplateCard[]> {
  const q = new URLSearchParams({ Group: group });
  if (search.trim()) q.set('Search', search.trim());
  return sync.request<TemplateCard[]>('GET', `/api/boards/templates?${q}`).then(asList);
}

/** The caller's custom templates and those shared with the board's workspace. */
export function listCustomTemplates(sync: SyncClient, workspace: string | null): Promise<TemplateCard[]> {
  // a board outside any workspace: the caller's default workspace
  const q = new URLSearchParams({ Workspace: workspace || 'default' });
  return sync.request<TemplateCard[]>('GET', `/api/boards/custom-templates?${q}`).then(asList);
}

export function templateDetails(sync: SyncClient, name: string): Promise<TemplateDetails> {
  return sync.request<TemplateDetails>('GET', `/api/boards/templates/${enc(name)}/details`);
}

export function deleteCustomTemplate(sync: SyncClient, name: string): Promise<unknown> {
  return sync.request('DELETE', `/api/boards/custom-templates/${enc(name)}`);
}

export function saveCustomTemplate(sync: SyncClient, payload: CustomTemplatePayload): Promise<{ message?: string; name?: string }> {
  return sync.request('POST', '/api/boards/custom-templates', payload as unknown as Record<string, unknown>);
}

/**
 * The dialog's feedback box (board.md §7: POST /api/feedbacks {description, source: 'tpl'}). The
 * feedback route also wants a type; a wish for a template is neither praise nor a complaint: neutral.
 */
export function sendTemplateFeedback(sync: SyncClient, description: string): Promise<unknown> {
  return sync.request('POST', '/api/feedbacks', { type: 'neutral', description: description.trim(), source: 'tpl' });
}

/** An address of the platform (a card's imageUrl may be relative) as the board's page can load it. */
export function absoluteUrl(server: string, url: string): string {
  try {
    return new URL(url, server.endsWith('/') ? server : `${server}/`).toString();
  } catch {
    return url;
  }
}

/**
 * Whether the board's platform is this page's origin (the hosted page, the embed's iframe) rather
 * than a host page's: the feedback route and the operators' template file answer no CORS, so they
 * are offered only here.
 */
export function samePlatform(server: string): boolean {
  try {
    return typeof location !== 'undefined' && new URL(server).origin === location.origin;
  } catch {
    return false;
  }
}

function asList(value: unknown): TemplateCard[] {
  return Array.isArray(value) ? (value as TemplateCard[]) : [];
}

/**
 * The viewer's view as addTemplate wants it: screen size in px and the board → screen matrix (the
 * zoom is in it). `scale` is the most the template may be scaled by (the server fits it into the
 * view, never above 1): 1, so a template is only ever shrunk to fit.
 */
export function viewerView(editor: Editor): { width: number; height: number; matrix: number[]; scale: number } {
  const { tx, ty, scale } = editor.viewport.state;
  return { width: editor.viewport.width, height: editor.viewport.height, matrix: [scale, 0, 0, scale, tx, ty], scale: 1 };
}

/** How long the inserted commandSet may take to reach this page after the hub's answer. */
const ARRIVAL_MS = 5000;

/**
 * Inserts a template by name through the hub (board.md §7 addTemplate(boardCode, name, {width,
 * height, matrix, scale, data}, hasParams)): the server expands it into ONE commandSet centred in
 * the viewer's view (so one Ctrl+Z takes it back and every member sees it). The answer names the
 * command; this page gets it like a collaborator's (or fetches it), and its shapes end up selected.
 */
export async function insertTemplate(
  editor: Editor,
  sync: SyncClient,
  name: string,
  data: TemplateData | null,
  hasParams: boolean,
): Promise<Shape[]> {
  const code = sync.board$.value?.code;
  if (!code) throw new Error('The board is not open');
  const params = { ...viewerView(editor), ...(data ? { data } : {}) };
  const answer = await sync.call<AppendedCommand>('addTemplate', code, name, params, hasParams);
  if (!answer || typeof answer.seq !== 'number') return [];
  sync.expectSeq(answer.seq);
  const command = await arrived(editor, answer.id);
  const ids = command ? addedShapeIds(command) : [];
  const shapes = ids.map((id) => editor.doc.get(id)).filter((s): s is Shape => !!s);
  if (shapes.length && editor.tool$.value !== 'select' && editor.toolAllowed('select')) editor.setTool('select');
  if (shapes.length) editor.select(shapes.map((s) => s.id));
  return shapes;
}

/** The ids of the shapes a command adds (a commandSet's add commands, nested sets too). */
export function addedShapeIds(command: Command): string[] {
  if (command.cmd === 'commandSet') return (command as CommandSetCommand).commands.flatMap(addedShapeIds);
  const shape = (command as { shape?: { id?: unknown } }).shape;
  return shape && typeof shape.id === 'string' ? [shape.id] : [];
}

/** Resolves with the command once the document holds it (or null after ARRIVAL_MS). */
function arrived(editor: Editor, id: string): Promise<Command | null> {
  return new Promise((resolve) => {
    const now = editor.doc.getCommand(id);
    if (now) return resolve(now);
    const timer = setTimeout(() => {
      sub.unsubscribe();
      resolve(editor.doc.getCommand(id) ?? null);
    }, ARRIVAL_MS);
    const sub = editor.changes$.subscribe(() => {
      const c = editor.doc.getCommand(id);
      if (!c) return;
      clearTimeout(timer);
      sub.unsubscribe();
      resolve(c);
    });
  });
}
