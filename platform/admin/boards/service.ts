import Boom from '@hapi/boom';
import { type BoardApp, forgetBoard, deleteBoard, textArray, upsertInvitedMember, type BoardRow } from '../../boards/api';
import { badRequest } from '../../core/errors';
import { isUuid } from '../../users/api';
import { ensureDefaultWorkspace } from '../../workspaces/api';
import { statusSql } from './list';
import type { DbRow } from '../../db/row';

/**
 * Board administration (backoffice.md §2, §4, §7 Boards). Operators only: the routes carry the
 * operator scope (admin/operator.ts); these functions trust their caller for that and take the
 * board by id or code.
 */
export const BOARD_NOT_FOUND = 'Board not found.';
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

export async function findAnyBoard(app: BoardApp, ref: string): Promise<BoardRow> {
  const row = (await app
    .db('boards')
    .where(isUuid(ref) ? { id: ref } : { code: ref })
    .first()) as BoardRow | undefined;
  if (!row) throw Boom.notFound(BOARD_NOT_FOUND);
  return row;
}

/** GET /api/admin/boards/{id}/details (backoffice.md §3 Board detail). */
export async function boardDetails(app: BoardApp, ref: string): Promise<Record<string, unknown>> {
  const b = await findAnyBoard(app, ref);
  const db = app.db;
  const [status] = (await db('boards as b')
    .where('b.id', b.id)
    .select(db.raw(`${statusSql} as status`))) as Array<{ status: number }>;
  const workspace = b.workspace_id ? await db('workspaces').where({ id: b.workspace_id }).first('id', 'name', 'alt_id') : null;
  // the developer app the board was last opened through (board_activity), and its owner's username
  const client = (await db('board_activity as a')
    .leftJoin('clients as c', 'c.client_id', 'a.client_id')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .where('a.board_id', b.id)
    .whereNotNull('a.client_id')
    .orderBy('a.last_at', 'desc')
    .first('a.client_id', 'u.username')) as { client_id: string; username: string | null } | undefined;
  const members = (await db('board_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.board_id', b.id)
    .orderBy('m.created_at')
    .select(
      'm.id',
      'm.uid',
      'm.user_id',
      'm.name',
      'm.role',
      'm.status',
      'm.updated_at',
      'u.username',
      'u.is_active',
      'u.last_online_at',
    )) as Array<DbRow>;
  // each member's last board session (usage facts, platform/admin/usage): address, browser, length
  const lastSessions = new Map(
    (
      (
        await db.raw(
          `select distinct on (uid) uid, joined_at, left_at, duration_s, ip, user_agent
         from board_sessions where board_id = ? and uid = any(?::text[]) order by uid, joined_at desc`,
          [b.id, textArray(members.map((m) => String(m.uid)))],
        )
      ).rows as Array<DbRow>
    ).map((r) => [String(r.uid), r] as const),
  );
  const now = Date.now();
  const media = (await db('assets')
    .where({ board_id: b.id })
    .first(db.raw('count(*)::int as count'), db.raw('coalesce(sum(bytes), 0)::bigint as bytes'))) as {
    count: number;
    bytes: number | string;
  };
  const commandBytes = (await db('commands')
    .where({ board_id: b.id })
    .first(db.raw('coalesce(sum(pg_column_size(payload)), 0)::bigint as bytes'))) as { bytes: number };
  return {
    id: b.id,
    code: b.code,
    name: b.name,
    status: Number(status?.status ?? 1),
    owner: b.owner_id ?? b.owner_uid,
    createdDate: iso(b.created_at),
    lastSession: iso(b.last_session_at),
    lastChange: iso(b.updated_at),
    commandsCount: Number(b.last_seq),
    mediaCount: Number(media.count),
    mediaSize: Number(media.bytes),
    workspace: workspace ? { id: workspace.id, altId: workspace.alt_id, name: workspace.name } : null,
    // the command log and the pictures and documents
    storage: Number(commandBytes.bytes) + Number(media.bytes),
    clientUsername: client?.username ?? null,
    clientId: client?.client_id ?? null,
    isDisposable: b.dispose_at != null,
    disposeAt: iso(b.dispose_at),
    members: members.map((m) => {
      const last = lastSessions.get(String(m.uid));
      return {
        id: m.id,
        uid: m.uid,
        username: m.username ?? m.name,
        displayName: m.name,
        role: m.role,
        isOwner: (b.owner_id && m.user_id === b.owner_id) || (!b.owner_id && m.uid === b.owner_uid),
        isActive: m.user_id ? !!m.is_active : true,
        // the last board session's join; before sessions were recorded, when the member first joined
        lastJoinedAt: last ? iso(last.joined_at) : m.status === 'Joined' ? iso(m.updated_at) : null,
        lastOnline: iso(m.last_online_at),
        ip: (last?.ip as string | null) ?? null,
        userAgent: (last?.user_agent as string | null) ?? null,
        // seconds of the last session (while it is open, so far)
        sessionDuration: !last
          ? null
          : last.duration_s != null
            ? Number(last.duration_s)
            : Math.max(0, Math.round((now - new Date(last.joined_at as string).getTime()) / 1000)),
      };
    }),
  };
}

/** GET /api/admin/boards/{id}/insights: titled groups of items (backoffice.md §3 Board insight). */
export async function boardInsights(
  app: BoardApp,
  ref: string,
): Promise<Array<{ title: string; items: Array<{ name: string; value: string | number }> }>> {
  const b = await findAnyBoard(app, ref);
  const db = app.db;
  const activity = (await db('board_activity')
    .where({ board_id: b.id })
    .first(
      db.raw('count(distinct day)::int as days'),
      db.raw('count(distinct uid)::int as visitors'),
      db.raw('count(distinct uid) filter (where edited)::int as editors'),
      db.raw('max(last_at) as last_at'),
    )) as { days: number; visitors: number; editors: number; last_at: Date | null };
  const members = (await db('board_members')
    .where({ board_id: b.id })
    .select(db.raw("coalesce(role, 'by sharing level') as role"), db.raw('count(*)::int as n'))
    .groupBy(db.raw("coalesce(role, 'by sharing level')"))) as Array<{ role: string; n: number }>;
  const kinds = (await db('commands')
    .where({ board_id: b.id })
    .select('kind', db.raw('count(*)::int as n'))
    .groupBy('kind')
    .orderBy('n', 'desc')) as Array<{ kind: string; n: number }>;
  const perDay = (await db('commands')
    .where({ board_id: b.id })
    .whereRaw("created_at > now() - interval '30 days'")
    .select(db.raw("to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day"), db.raw('count(*)::int as n'))
    .groupByRaw('1')
    .orderBy('day', 'desc')) as Array<{ day: string; n: number }>;
  const size = (await db('commands')
    .where({ board_id: b.id })
    .first(db.raw('coalesce(sum(pg_column_size(payload)), 0)::bigint as bytes'))) as { bytes: number };
  return [
    {
      title: 'activity',
      items: [
        { name: 'created', value: iso(b.created_at) ?? '' },
        { name: 'last session', value: iso(b.last_session_at) ?? '' },
        { name: 'active days', value: activity?.days ?? 0 },
        { name: 'visitors', value: activity?.visitors ?? 0 },
        { name: 'editors', value: activity?.editors ?? 0 },
      ],
    },
    {
      title: 'size',
      items: [
        { name: 'commands', value: Number(b.last_seq) },
        { name: 'snapshot seq', value: Number(b.snapshot_seq) },
        { name: 'command bytes', value: Number(size.bytes) },
      ],
    },
    { title: 'members', items: members.map((m) => ({ name: m.role, value: m.n })) },
    { title: 'commands by kind', items: kinds.map((k) => ({ name: k.kind, value: k.n })) },
    { title: 'commands per day', items: perDay.map((d) => ({ name: d.day, value: d.n })) },
  ];
}

/** Everyone on the board leaves it (and every node forgets what it knew): deleted or disabled. */
async function evict(app: BoardApp, board: BoardRow, reason: string): Promise<void> {
  forgetBoard(app, board.code, board.id);
  await app.bus.publish(board.code, { event: 'onBoardRemoved', data: { code: board.code, reason } });
}

/** POST /api/admin/boards/{id}/disable: toggles active ⇄ disabled; a disabled board refuses every join. */
export async function toggleDisable(app: BoardApp, ref: string): Promise<{ id: string; status: number }> {
  const b = await findAnyBoard(app, ref);
  const next = b.status === 'disabled' ? 'active' : 'disabled';
  await app.db('boards').where({ id: b.id }).update({ status: next, updated_at: app.db.fn.now() });
  if (next === 'disabled') await evict(app, b, 'disabled');
  else forgetBoard(app, b.code, b.id);
  return { id: b.id, status: next === 'disabled' ? 2 : 1 };
}

async function memberOf(app: BoardApp, board: BoardRow, memberId: string) {
  const m = isUuid(memberId) ? await app.db('board_members').where({ board_id: board.id, id: memberId }).first() : undefined;
  if (!m) throw badRequest('Member not found.', { member: ['Member not found.'] });
  return m as { id: string; uid: string; user_id: string | null; name: string };
}

/**
 * POST /api/admin/boards/set-owner {id, member}: the member (a signed-in account) becomes the
 * owner; the board moves to their default workspace and the previous signed-in owner stays on it
 * as an Editor member (docs/backoffice.md).
 */
export async function setOwner(
  app: BoardApp,
  ref: string,
  memberId: string,
): Promise<{ id: string; owner: string; previousOwner: string | null }> {
  const b = await findAnyBoard(app, ref);
  const m = await memberOf(app, b, memberId);
  if (!m.user_id) throw badRequest('A guest cannot own a board.', { member: ['A guest cannot own a board.'] });
  const previous = b.owner_id;
  await app.db.transaction(async (trx) => {
    const workspace = await ensureDefaultWorkspace(trx, m.user_id!);
    await trx('boards')
      .where({ id: b.id })
      .update({ owner_id: m.user_id, owner_uid: null, workspace_id: workspace.id, updated_at: trx.fn.now() });
    await trx('board_members').where({ id: m.id }).update({ role: null });
    if (previous && previous !== m.user_id) {
      const prev = (await trx('users').where({ id: previous }).first('display_name', 'username')) as
        { display_name: string; username: string } | undefined;
      await upsertInvitedMember(trx, b.id, {
        uid: previous,
        userId: previous,
        name: prev?.display_name || prev?.username || '',
        role: 'Editor',
      });
    }
  });
  // (other nodes' access memory forgets within its 1 s lifetime; the hub re-reads roles on the next call)
  forgetBoard(app, b.code, b.id);
  return { id: b.id, owner: m.user_id, previousOwner: previous ?? b.owner_uid ?? null };
}

/** POST /api/admin/boards/delete-member {id, member}: the member row goes (not the owner's); they leave the board. */
export async function deleteMember(app: BoardApp, ref: string, memberId: string): Promise<{ id: string; member: string }> {
  const b = await findAnyBoard(app, ref);
  const m = await memberOf(app, b, memberId);
  if ((b.owner_id && m.user_id === b.owner_id) || (!b.owner_id && m.uid === b.owner_uid)) {
    throw badRequest('The owner cannot be removed.', { member: ['The owner cannot be removed.'] });
  }
  await app.db('board_members').where({ id: m.id }).delete();
  forgetBoard(app, b.code, b.id);
  await app.bus.publish(b.code, {
    event: 'onRoleChanged',
    data: { role: null, permissions: [] },
    to: [...new Set([m.uid, ...(m.user_id ? [m.user_id] : [])])],
  });
  return { id: b.id, member: m.id };
}

/** DELETE /api/admin/boards/{id}: permanently, whatever its status. */
export async function removeAnyBoard(app: BoardApp, ref: string): Promise<{ id: string; code: string; name: string }> {
  const b = await findAnyBoard(app, ref);
  await deleteBoard(app.db, b.id);
  await evict(app, b, 'deleted');
  return { id: b.id, code: b.code, name: b.name };
}
