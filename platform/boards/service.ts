import Boom from '@hapi/boom';
import { defaultBoardName } from '../../shared/board-name';
import { CLIENT_VERSION } from '../../shared/constants';
import { can, canDeleteBoard, canSetDisposeTimer, type Permission, type Role } from '../../shared/permissions';
import type { Actor } from '../core/actor';
import { badRequest, fieldError } from '../core/errors';
import { findUserById } from '../users/api';
import { unpluggedExtensions, workspaceForUser } from '../workspaces/api';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardApp } from './access';
import { forgetBoard } from './access-cache';
import { boardConfigOf, checkConfigPatch, type BoardConfigPatch } from './config';
import { membersFor } from './contact';
import { displayNameOf, toBoardMember, userDisplayName, type BoardMember } from './members';
import { boardPoliciesFor, checkConfigPolicies } from './policy-gate';
import {
  boardsPastDisposal,
  deleteBoard,
  insertBoard,
  listMembers,
  mergeBoardConfig,
  setMemberName,
  touchMember,
  updateBoard,
  type BoardConfig,
} from './repo';

export { getBoardAccess, type BoardAccess, type BoardApp } from './access';
export { appendCommand, commandsSince, logSince } from './append';

export type { BoardRow } from './repo';

/** The Board object of board.md §3, as the client needs it when it joins. */
export interface BoardInfo {
  code: string;
  boardId: string;
  boardName: string;
  displayName: string;
  isNew: boolean;
  workspace: { id: string; altId: string } | null;
  disposeAt: string | null;
  workspaceConfig: Record<string, unknown>;
  boardConfig: Required<BoardConfig>;
  userConfig: { keys: Array<{ c: string; k: string }>; snapToObject: boolean; colors: string[] };
  locale: string;
  /** policies: the visitor's plan less the extensions the workspace unplugged (policy-gate boardPoliciesFor) */
  claims: { role: Role; permissions: Permission[]; client: string | null; policies: string[] };
  members: BoardMember[];
  client: string | null;
  version: string;
  /** the visitor's own key on the board (core/identity): members, commands and events carry it */
  uid: string;
}

export const BOARD_NAME_MAX = 200;
export const MEMBER_NAME_MAX = 100;
export const BOARD_NAME_REQUIRED = 'Board name is required.';
export const DISPLAY_NAME_REQUIRED = 'Display name is required.';
export const WORKSPACE_NOT_FOUND = 'Workspace not found.';

function requireActor(actor: Actor | null): Actor {
  if (!actor) throw Boom.unauthorized('Missing authentication');
  return actor;
}

/**
 * Creates a board: a signed-in user's lands in their workspace (default when none is named);
 * a guest's belongs to their uid until they sign in (POST /api/users/migrate). Unnamed, it is
 * 'Untitled board · Nov 28' with the day in the creator's `timeZone` (shared/board-name).
 */
export async function createBoard(
  app: BoardApp,
  actorOrNull: Actor | null,
  input: { workspace?: string | null; name?: string | null; timeZone?: string | null } = {},
): Promise<{ code: string; id: string }> {
  const actor = requireActor(actorOrNull);
  let workspaceId: string | null = null;
  if (actor.userId) {
    const workspace = await workspaceForUser(app.db, actor.userId, input.workspace);
    if (!workspace) throw fieldError('workspace', WORKSPACE_NOT_FOUND);
    workspaceId = workspace.id;
  }
  const name = input.name?.trim().slice(0, BOARD_NAME_MAX) || defaultBoardName(new Date(), input.timeZone);
  const board = await insertBoard(app.db, { name, workspaceId, ownerId: actor.userId, ownerUid: actor.uid });
  await touchMember(app.db, board.id, actor);
  return { code: board.code, id: board.id };
}

/**
 * The board as the client needs it at join (board.md §3). Records the visit: the visitor
 * becomes a member (Joined) and the board's last session moves to now.
 */
export async function describeBoard(app: BoardApp, code: string, actorOrNull: Actor | null): Promise<BoardInfo> {
  const actor = requireActor(actorOrNull);
  const access = await getBoardAccess(app, code, actor);
  const { board, workspace } = access;
  const member = await touchMember(app.db, board.id, actor);
  await updateBoard(app.db, board.id, { last_session_at: new Date() });
  const [members, user, unplugged] = await Promise.all([
    listMembers(app.db, board.id),
    actor.userId ? findUserById(app.db, actor.userId) : undefined,
    workspace ? unpluggedExtensions(app.db, workspace.id) : [],
  ]);
  const stored = (user as { config?: Partial<BoardInfo['userConfig']> } | undefined)?.config ?? {};
  const client = actor.clientId ?? actor.claims?.client ?? null;
  return {
    code: board.code,
    boardId: board.id,
    boardName: board.name,
    displayName: member.name || (user ? userDisplayName(user, user.id) : await displayNameOf(app.db, member, actor)),
    isNew: board.last_seq === 0,
    workspace: workspace ? { id: workspace.id, altId: workspace.alt_id } : null,
    disposeAt: board.dispose_at ? new Date(board.dispose_at).toISOString() : null,
    workspaceConfig: workspace?.config ?? {},
    boardConfig: boardConfigOf(board.board_config),
    userConfig: { keys: [], snapToObject: false, colors: [], ...stored },
    locale: actor.claims?.lang ?? 'en',
    claims: { role: access.role, permissions: access.permissions, client, policies: await boardPoliciesFor(app, access, actor, unplugged) },
    members: membersFor(
      access,
      actor,
      members.map((m) => toBoardMember(board, m, actor)),
    ),
    client,
    version: app.config.appVersion ?? CLIENT_VERSION,
    // the visitor's own key on the board (a guest joined with its secret: never echoed)
    uid: actor.uid,
  };
}

/** Hub renameBoard and POST /api/boards/{id}/rename: edit_board; publishes onBoardRenamed. */
export async function renameBoard(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  name: string,
  opts: { connectionId?: string } = {},
): Promise<{ name: string }> {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'edit_board')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  const clean = String(name ?? '').trim();
  if (!clean) throw fieldError('name', BOARD_NAME_REQUIRED);
  if (clean.length > BOARD_NAME_MAX) throw fieldError('name', `Board name must be at most ${BOARD_NAME_MAX} characters.`);
  await updateBoard(app.db, access.board.id, { name: clean });
  await app.bus.publish(access.board.code, { event: 'onBoardRenamed', data: { name: clean }, except: opts.connectionId });
  return { name: clean };
}

/** Hub updateConfig: the rules of board.md §6 per setting; publishes onConfigChanged with the whole config. */
export async function updateBoardConfig(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  partial: BoardConfigPatch,
  opts: { connectionId?: string } = {},
): Promise<Required<BoardConfig>> {
  const access = await getBoardAccess(app, code, actor);
  if (!partial || typeof partial !== 'object') throw badRequest('Invalid configuration.');
  const patch = checkConfigPatch(access.role, partial as Record<string, unknown>);
  await checkConfigPolicies(app, access, requireActor(actor), patch);
  // merged in the database (two patches at once both land) and published in the order this node
  // stored them, so everyone ends with the stored config
  return inBoardOrder(access.board.id, async () => {
    const config = boardConfigOf(await mergeBoardConfig(app.db, access.board.id, patch));
    forgetBoard(app, access.board.code);
    await app.bus.publish(access.board.code, { event: 'onConfigChanged', data: config, except: opts.connectionId });
    return config;
  });
}

/** Work on one board's config, one after another on this node (a patch waits for the one before it). */
const configTurns = new Map<string, Promise<unknown>>();
function inBoardOrder<T>(boardId: string, work: () => Promise<T>): Promise<T> {
  const run = (configTurns.get(boardId) ?? Promise.resolve()).then(work, work);
  const turn = run.catch(() => undefined);
  configTurns.set(boardId, turn);
  void turn.then(() => configTurns.get(boardId) === turn && configTurns.delete(boardId));
  return run;
}

/** Hub renameMember: the visitor's display name on this board; publishes onBoardMemberRenamed. */
export async function renameMember(
  app: BoardApp,
  code: string,
  actorOrNull: Actor | null,
  name: string,
  opts: { connectionId?: string } = {},
): Promise<{ uid: string; name: string }> {
  const actor = requireActor(actorOrNull);
  const access = await getBoardAccess(app, code, actor);
  const clean = String(name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) throw fieldError('name', DISPLAY_NAME_REQUIRED);
  if (clean.length > MEMBER_NAME_MAX) throw fieldError('name', `Display name must be at most ${MEMBER_NAME_MAX} characters.`);
  await setMemberName(app.db, access.board.id, actor, clean);
  const data = { uid: actor.uid, name: clean };
  await app.bus.publish(access.board.code, { event: 'onBoardMemberRenamed', data, except: opts.connectionId });
  return data;
}

/** POST /api/boards/{id}/dispose {days}: owner only; 0 = never (board.md §4 Dispose timer). */
export async function setDisposeTimer(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  days: number,
): Promise<{ disposeAt: string | null }> {
  const access = await getBoardAccess(app, code, actor);
  if (!canSetDisposeTimer(access.role)) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  const disposeAt = days === 0 ? null : new Date(Date.now() + days * 86_400_000);
  await updateBoard(app.db, access.board.id, { dispose_at: disposeAt });
  forgetBoard(app, access.board.code);
  return { disposeAt: disposeAt?.toISOString() ?? null };
}

/** DELETE /api/boards {id}: owner only; everyone on the board learns it (onBoardRemoved). */
export async function removeBoard(app: BoardApp, code: string, actor: Actor | null): Promise<void> {
  const access = await getBoardAccess(app, code, actor);
  if (!canDeleteBoard(access.role)) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  await deleteBoard(app.db, access.board.id);
  forgetBoard(app, access.board.code);
  await app.bus.publish(access.board.code, { event: 'onBoardRemoved', data: { code: access.board.code, reason: 'deleted' } });
}

/** How often the disposal job looks for boards past their dispose time. */
export const DISPOSAL_INTERVAL_MS = 10 * 60_000;

/** The disposal job: removes boards whose dispose time has passed; returns how many. */
export async function disposeExpiredBoards(app: BoardApp, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await boardsPastDisposal(app.db, now, 100);
    if (batch.length === 0) return removed;
    for (const board of batch) {
      if (await deleteBoard(app.db, board.id)) {
        removed++;
        await app.bus.publish(board.code, { event: 'onBoardRemoved', data: { code: board.code, reason: 'disposed' } });
      }
    }
  }
}
