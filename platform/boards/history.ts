import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Command, Shape } from '../../shared/model';
import { can } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import { kindGeometry } from '../../shared/geometry';
import { BoardDoc } from '../../shared/reducer';
import { buildHistory, HISTORY_WINDOW, removedIds, withinRestoreWindow, type HistoryEntry, type HistoryItem } from '../../shared/history';
import { requestActor, type Actor } from '../core/actor';
import { boardCors } from '../core/cors';
import { optionalAuth, uidFields } from '../core/route-pieces';
import type { Db } from '../db/index';
import { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardApp } from './access';
import { isBlurryOn, isPrivateModeOn } from './config';
import { shapeCreators, shapeHistory } from './log';
import { GUEST_NAME, userDisplayName } from './members';
import { boardPoliciesFor } from './policy-gate';
import { listMembers } from './repo';
import { boardRef } from './schemas';
import { isRestricted, ownersFor, visibleCommand } from './visibility';

/** At most this many removed shapes are looked up for Restore per answer (bounds the work of one call). */
export const RESTORE_LOOKUP_MAX = 2000;

/**
 * The window of the log the history reads: the board's last HISTORY_WINDOW commands by seq, newest
 * first — an index range scan of the (board_id, seq) primary key backwards, never the whole log
 * (board.md §9; tests/api/board-history.test.ts checks the plan on a 100k-command board).
 */
export function historyWindowQuery(db: Db, boardId: string, size = HISTORY_WINDOW) {
  return db('commands').where({ board_id: boardId }).orderBy('seq', 'desc').limit(size).select('seq', 'payload', 'status', 'created_at');
}

interface WindowRow {
  seq: number | string;
  payload: unknown;
  status: string;
  created_at: Date | string;
}

/**
 * GET /api/boards/{id}/history: the board's history entries, newest first (shared/history).
 * Only for a visitor with view rights (getBoardAccess: NoAccess is 403) whose plan has the board
 * history policy (403 otherwise). In private mode a restricted member reads only what they may
 * receive of each command (./visibility.ts), so nothing of a shape hidden from them is told.
 */
export async function boardHistory(
  app: BoardApp,
  code: string,
  actor: Actor | null,
  opts: { utcOffsetMinutes?: number; now?: number } = {},
): Promise<HistoryEntry[]> {
  const access = await getBoardAccess(app, code, actor);
  const viewer = actor!;
  const policies = await boardPoliciesFor(app, access, viewer);
  if (!policies.includes(POLICY.boardHistory))
    throw Boom.forbidden(UNAUTHORIZED_ACCESS, { feature: 'board history', policies: [POLICY.boardHistory] });
  const boardId = access.board.id;
  const now = opts.now ?? Date.now();

  const rows = (await historyWindowQuery(app.db, boardId)) as WindowRow[];
  let items: HistoryItem[] = rows.map((r) => {
    const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Command;
    return {
      command: { ...payload, seq: Number(r.seq), status: r.status === 'disabled' ? 'disabled' : 'normal' } as Command,
      at: new Date(r.created_at).getTime(),
    };
  });

  const privateMode = isPrivateModeOn(access.board.board_config);
  const restricted = isRestricted(privateMode, access.role);
  if (restricted) {
    const owners = await ownersFor(
      app.db,
      boardId,
      items.map((i) => i.command),
      viewer.uid,
    );
    const blurry = isBlurryOn(access.board.board_config);
    items = items.flatMap((i) => {
      const seen = visibleCommand(i.command, viewer.uid, owners, blurry);
      return seen ? [{ command: seen, at: i.at }] : [];
    });
  }

  const names = await memberNames(app.db, boardId);
  const canRestore = can(access.role, 'edit_board');
  const removed = canRestore ? await removedShapesOf(app.db, boardId, items, now, restricted ? viewer.uid : null) : new Map();
  return buildHistory(items, {
    now,
    nameOf: (uid) => names.get(uid) ?? GUEST_NAME,
    utcOffsetMinutes: opts.utcOffsetMinutes ?? 0,
    canRestore,
    removedShapes: (c) => removed.get(c.id),
  });
}

/** Every member's name as the board shows it (board_members: the name chosen there, else the profile's). */
async function memberNames(db: Db, boardId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const m of await listMembers(db, boardId)) {
    out.set(m.uid, m.name || (m.user_id ? userDisplayName(m, m.user_id) : GUEST_NAME));
  }
  return out;
}

/**
 * For each removal within the hour: the shapes it removed that are not on the board now, as they
 * were just before it. One indexed read (the GIN index on shape_ids) of the removed shapes' history,
 * folded once in seq order with the commands' current statuses (undos are in the statuses).
 * `onlyCreatedBy`: a restricted member restores only shapes they created.
 */
async function removedShapesOf(
  db: Db,
  boardId: string,
  items: readonly HistoryItem[],
  now: number,
  onlyCreatedBy: string | null,
): Promise<Map<string, Shape[]>> {
  const out = new Map<string, Shape[]>();
  const candidates = items
    .filter((i) => i.command.status !== 'disabled' && withinRestoreWindow(i.at, now) && removedIds(i.command).length > 0)
    .sort((a, b) => a.command.seq! - b.command.seq!);
  if (candidates.length === 0) return out;
  const ids = new Set<string>();
  for (const c of candidates) {
    for (const id of removedIds(c.command)) {
      if (ids.size >= RESTORE_LOOKUP_MAX) break;
      ids.add(id);
    }
  }
  const history = await shapeHistory(db, boardId, [...ids], Number.MAX_SAFE_INTEGER);
  const creators = onlyCreatedBy ? await shapeCreators(db, boardId, [...ids]) : null;
  const doc = new BoardDoc();
  const before = new Map<string, Map<string, Shape>>();
  let next = 0;
  for (const { command } of history) {
    // the state just before each candidate removal, taken as the fold reaches its seq
    while (next < candidates.length && candidates[next]!.command.seq! <= command.seq!) {
      takeBefore(doc, candidates[next]!.command, ids, before);
      next++;
    }
    if (command.cmd !== 'undo') doc.apply(command);
  }
  for (; next < candidates.length; next++) takeBefore(doc, candidates[next]!.command, ids, before);
  for (const c of candidates) {
    const shapes = [...(before.get(c.command.id)?.values() ?? [])].filter(
      (s) =>
        !doc.has(s.id) &&
        (!creators || creators.get(s.id) === onlyCreatedBy) &&
        // a comment pin lives with its thread (deleted through the comments): Restore does not bring it back alone
        !kindGeometry(s.cmd)?.commenterWritable,
    );
    if (shapes.length) out.set(c.command.id, shapes);
  }
  return out;
}

function takeBefore(doc: BoardDoc, removal: Command, ids: ReadonlySet<string>, into: Map<string, Map<string, Shape>>): void {
  const shapes = new Map<string, Shape>();
  for (const id of removedIds(removal)) {
    if (!ids.has(id)) continue;
    const s = doc.get(id);
    if (s) shapes.set(id, s);
  }
  into.set(removal.id, shapes);
}

/** shared/history HistoryEntry on the wire. */
const historyEntrySchema = Joi.object({
  id: Joi.string(),
  date: Joi.string().description('when the latest command of the entry was stored (ISO 8601)'),
  day: Joi.string().description("the day of `date` in the viewer's time zone (`tz`), YYYY-MM-DD"),
  name: Joi.string().allow(''),
  uid: Joi.string().description("the member's key on the board (public)"),
  description: Joi.string().description("who did what, in words: 'Ana moved 3 shapes'"),
  restore: Joi.boolean().description('Restore is offered: a removal within the last hour whose shapes are not back'),
  count: Joi.number().integer().description('how many commands the entry folds'),
  shapes: Joi.array()
    .items(Joi.object().unknown(true))
    .optional()
    .description('with restore: the removed shapes as they were just before the removal (shared/model Shape)'),
})
  .prefs({ presence: 'required' })
  .label('HistoryEntry');

/** GET /api/boards/{id}/history (registered with the boards routes). */
export const historyRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/boards/{id}/history',
    options: {
      auth: optionalAuth,
      cors: boardCors,
      tags: ['api', 'boards'],
      description: "Board history: entries read from the board's last 1000 commands, newest first (board history policy)",
      validate: {
        params: Joi.object({ id: boardRef.description('board code or id') }),
        query: Joi.object({
          tz: Joi.number()
            .integer()
            .min(-840)
            .max(840)
            .description("minutes to add to UTC for the viewer's local day (−Date#getTimezoneOffset()); default 0"),
          ...uidFields,
        }),
      },
      response: { schema: Joi.array().items(historyEntrySchema).label('BoardHistory') },
      plugins: {
        openapi: {
          responses: { 403: "'Unauthorized access' without view rights or without the board history policy (team, teamplus)." },
        },
      },
    },
    handler: (request) =>
      boardHistory(request.server.app, (request.params as { id: string }).id, requestActor(request), {
        utcOffsetMinutes: (request.query as { tz?: number }).tz ?? 0,
      }),
  },
];
