import crypto from 'node:crypto';
import { copyAssets, planCopies, resourcesOf, withCopiedResources, type AssetStorage } from '../assets/api';
import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import type { AddCommand, Shape } from '../../shared/model';
import { isAnnotation } from '../../shared/geometry';
import { hasPolicy, type PolicyName } from '../../shared/policies';
import { accountClaims } from '../billing/api';
import { touchedShapes } from '../../shared/reducer';
import { hasWorkspaceRight, type WorkspaceRight, type WorkspaceRole } from '../../shared/workspace-roles';
import {
  forgetBoard,
  insertCommands,
  textArray,
  insertBoard,
  touchMember,
  type BoardConfig,
  type BoardRow,
  boardStateAt,
  refreshSnapshot,
} from '../boards/api';
import type { Actor } from '../core/actor';
import { runList } from '../core/list';
import { findUserById } from '../users/api';
import { findWorkspaceById, workspaceRoleOf, type WorkspaceRow, resolveWorkspace } from '../workspaces/api';
import { boardList, boardsWithListData, type BoardListItem } from './board-list';
import { findLiveBoard } from './repo';
import { scheduleThumbnail } from './thumbnails';

/**
 * The board list's actions (panel.md §2, §6, §7): tags, move, duplicate, and the rules they share
 * with backup and restore. Every function takes the Actor (a signed-in user: their bearer token).
 * A board that does not exist (or is gone) is 404; a board the asker may not act on — not Owner or
 * Admin of its workspace, or their plan lacks the policy — is 403 'Unauthorized access'.
 */
export type App = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus'>;

export const BOARD_TAGS_MAX = 20;
export const BOARD_TAG_MAX_LENGTH = 40;
/** Shapes written per statement when a board is filled (duplicate, restore). */
const FILL_BATCH = 500;

export function userIdOf(actor: Actor | null): string {
  if (!actor) throw Boom.unauthorized('Missing authentication');
  if (!actor.userId) throw Boom.forbidden(MESSAGES.unauthorizedAccess);
  return actor.userId;
}

const forbidden = () => Boom.forbidden(MESSAGES.unauthorizedAccess);

/** Whether the account (read now: a token may predate a plan change) holds a plan policy (its subscriptions, else its plan, else the operator's default). */
export async function accountHasPolicy(app: App, userId: string, policy: PolicyName): Promise<boolean> {
  const user = await findUserById(app.db, userId);
  return !!user && hasPolicy(await accountClaims(app.db, app.config, user), policy);
}

export interface BoardInWorkspace {
  board: BoardRow;
  workspace: WorkspaceRow;
  role: WorkspaceRole;
  userId: string;
}

/** The board named by `ref` in its workspace, when the asker's workspace role holds `right` (and the account `policy`). */
export async function boardForAction(
  app: App,
  actor: Actor | null,
  ref: string,
  right: WorkspaceRight,
  policy?: PolicyName,
): Promise<BoardInWorkspace> {
  const userId = userIdOf(actor);
  const board = await findLiveBoard(app.db, ref);
  if (!board) throw Boom.notFound(MESSAGES.boardNotFound);
  const workspace = board.workspace_id ? await findWorkspaceById(app.db, board.workspace_id) : undefined;
  const role = workspace ? await workspaceRoleOf(app.db, workspace, userId) : null;
  if (!workspace || !role || !hasWorkspaceRight(role, right)) throw forbidden();
  if (policy && !(await accountHasPolicy(app, userId, policy))) throw forbidden();
  return { board, workspace, role, userId };
}

/** A board as the list shows it to `userId`. */
export async function boardItem(app: App, userId: string, boardId: string): Promise<BoardListItem> {
  const { data } = await runList(boardList(app.db, userId), boardsWithListData(app.db, userId).where('b.id', boardId), {});
  if (!data[0]) throw Boom.notFound(MESSAGES.boardNotFound);
  return data[0];
}

/** Tags as saved: trimmed, distinct (case-insensitively), in the order given. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, ' ').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** POST /api/boards/{id}/tags {tags}: replaces the board's tags (tag-boards policy; Owner or Admin). */
export async function setBoardTags(app: App, actor: Actor | null, ref: string, tags: string[]): Promise<BoardListItem> {
  const { board, userId } = await boardForAction(app, actor, ref, 'tagBoards', 'tag-boards');
  await app
    .db('boards')
    .where({ id: board.id })
    .update({ tags: app.db.raw('?::text[]', [textArray(cleanTags(tags))]) });
  return boardItem(app, userId, board.id);
}

/**
 * POST /api/boards/{id}/move {workspace}: Owner or Admin of the board's workspace and of the
 * target one. Every node forgets what it knew of the board's access (the bus message the
 * workspace service uses for that), so the old workspace's members lose it at once.
 */
export async function moveBoard(app: App, actor: Actor | null, ref: string, target: string): Promise<BoardListItem> {
  const { board, workspace, userId } = await boardForAction(app, actor, ref, 'moveBoards');
  const { workspace: to, role } = await resolveWorkspace(app, actor, target);
  if (!hasWorkspaceRight(role, 'createBoards')) throw forbidden();
  if (to.id !== workspace.id) {
    await app.db('boards').where({ id: board.id }).update({ workspace_id: to.id, updated_at: app.db.fn.now() });
    forgetBoard(app, board.code, board.id);
    await app.bus.publish(board.code, { event: 'onRoleChanged', data: null, to: [] });
    app.logger.info({ boardId: board.id, from: workspace.id, to: to.id, by: userId }, 'board moved');
  }
  return boardItem(app, userId, board.id);
}

/** The name of a copy: '<name> (copy)', within the name's bound. */
export const copyName = (name: string): string => `${name.slice(0, 193)} (copy)`;

/**
 * A new board in `workspace` owned by `userId`, holding `shapes` (bottom → top) as its first
 * commands — one add per shape, authored by `author(shape)` — with a snapshot at once (a join reads
 * the board, not its adds). Nothing is left behind when it fails.
 */
export async function boardWithShapes(
  app: App,
  input: {
    workspaceId: string;
    userId: string;
    name: string;
    settings: BoardConfig;
    tags: string[];
    shapes: readonly Shape[];
    author(shape: Shape): string;
  },
): Promise<BoardRow> {
  const timestamp = Date.now();
  const board = await app.db.transaction(async (trx) => {
    const row = await insertBoard(trx, { name: input.name, workspaceId: input.workspaceId, ownerId: input.userId, ownerUid: input.userId });
    await trx('boards')
      .where({ id: row.id })
      .update({ board_config: JSON.stringify(input.settings), tags: trx.raw('?::text[]', [textArray(input.tags)]) });
    await touchMember(trx, row.id, { uid: input.userId, userId: input.userId });
    for (let i = 0; i < input.shapes.length; i += FILL_BATCH) {
      const rows = input.shapes.slice(i, i + FILL_BATCH).map((shape) => {
        const command = {
          id: crypto.randomUUID(),
          uid: input.author(shape),
          status: 'normal',
          timestamp,
          cmd: shape.cmd,
          shape,
        } as AddCommand;
        return { command, shapeIds: touchedShapes(command) };
      });
      await insertCommands(trx, row.id, rows);
    }
    return row;
  });
  if (input.shapes.length) await refreshSnapshot(app.db, board.id);
  return (await app.db('boards').where({ id: board.id }).first()) as BoardRow;
}

/**
 * The shapes a copy or a backup carries: the board now, without annotations (the registry's
 * isAnnotation: comment pins, whose threads stay with the board).
 */
export const portableShapes = (shapes: readonly Shape[]): Shape[] => shapes.filter((s) => !isAnnotation(s));

/**
 * POST /api/boards/{id}/duplicate: the board's current state (not its history) in a new board
 * with a new code in the same workspace, named '<name> (copy)', with its settings and tags; the
 * asker owns it, with copies of its pictures. Answers the new board as the list shows it; its
 * thumbnail follows shortly.
 */
export async function duplicateBoard(app: App, storage: AssetStorage, actor: Actor | null, ref: string): Promise<BoardListItem> {
  const { board, workspace, userId } = await boardForAction(app, actor, ref, 'duplicateBoards');
  const current = portableShapes((await boardStateAt(app.db, board.id, Number(board.last_seq))).ordered());
  // the copy's pictures are its own (platform/assets/copy.ts): new ids in its shapes, the bytes copied
  const plan = planCopies(resourcesOf(current));
  const shapes = withCopiedResources(current, plan);
  const copy = await boardWithShapes(app, {
    workspaceId: workspace.id,
    userId,
    name: copyName(board.name),
    settings: board.board_config ?? {},
    tags: board.tags ?? [],
    shapes,
    author: (shape) => shape.uid || userId,
  });
  await copyAssets(app.db, storage, board.id, plan, { boardId: copy.id, userId, uid: null });
  if (shapes.length) scheduleThumbnail(app, copy.code, userId);
  app.logger.info({ boardId: board.id, copyId: copy.id, by: userId, assets: plan.size }, 'board duplicated');
  return boardItem(app, userId, copy.id);
}
