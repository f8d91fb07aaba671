import { MENTION_LIMIT } from '../../shared/constants';
import { getBoardAccess, type BoardApp, userDisplayName, type BoardRow } from '../boards/api';
import { notify } from '../notifications/api';

/**
 * Mentions in a comment (board.md §5: '@' at the start or after whitespace). Comments are plain
 * text, so the server finds them: '@' followed by the name of a person who can see the board —
 * their name on the board, their profile name (or the name the board gives those without one), or
 * their e-mail address (or its part before '@'),
 * case-insensitive, ending at the text's end, whitespace or punctuation. Each person mentioned
 * (never the author; at most MENTION_LIMIT) gets a 'comment-mention' notification.
 */
interface Candidate {
  userId: string;
  names: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `message` mentions any of `names`. */
export function mentions(message: string, names: string[]): boolean {
  return names.some((n) => n.trim().length > 0 && new RegExp(`(^|\\s)@${escapeRegExp(n.trim())}(?=$|[\\s.,;:!?)'"])`, 'iu').test(message));
}

async function candidatesOf(app: BoardApp, board: BoardRow): Promise<Candidate[]> {
  const rows: Array<{ user_id: string; member_name: string | null; display_name: string | null; username: string }> = await app.db
    .select('u.id as user_id', 'm.name as member_name', 'u.display_name', 'u.username')
    .from('users as u')
    .leftJoin('board_members as m', (j) => j.on('m.user_id', 'u.id').andOn('m.board_id', app.db.raw('?', [board.id])))
    .where((w) => {
      w.whereIn('u.id', app.db('board_members').where({ board_id: board.id }).whereNotNull('user_id').select('user_id'));
      if (board.owner_id) w.orWhere('u.id', board.owner_id);
      if (board.workspace_id) {
        w.orWhereIn('u.id', app.db('workspace_members').where({ workspace_id: board.workspace_id }).select('user_id'));
        w.orWhereIn('u.id', app.db('workspaces').where({ id: board.workspace_id }).select('owner_id'));
      }
    })
    .limit(2000);
  const byUser = new Map<string, Candidate>();
  for (const r of rows) {
    const c = byUser.get(r.user_id) ?? byUser.set(r.user_id, { userId: r.user_id, names: [] }).get(r.user_id)!;
    // the name the board shows ('Member XXXX' for someone without a profile name) as well as the e-mail's
    for (const n of [r.member_name, r.display_name, userDisplayName(r, r.user_id), r.username, r.username.split('@')[0]])
      if (n?.trim() && !c.names.includes(n.trim())) c.names.push(n.trim());
  }
  return [...byUser.values()];
}

/** Notifies the people `message` mentions on `board` (the author excluded); answers their user ids. */
export async function notifyMentions(
  app: BoardApp,
  board: BoardRow,
  author: { userId: string | null; name: string },
  message: string,
): Promise<string[]> {
  if (!message.includes('@')) return [];
  const mentioned = (await candidatesOf(app, board))
    .filter((c) => c.userId !== author.userId && mentions(message, c.names))
    .slice(0, MENTION_LIMIT);
  const told: string[] = [];
  for (const c of mentioned) {
    // only someone who can open the board now hears of it
    const readable = await getBoardAccess(app, board.code, { userId: c.userId, uid: c.userId, claims: null }).then(
      () => true,
      () => false,
    );
    if (!readable) continue;
    const excerpt = message.length > 140 ? `${message.slice(0, 139)}…` : message;
    await notify(app, c.userId, 'comment-mention', {
      message: `${author.name} mentioned you in a comment on "${board.name || 'Untitled'}": ${excerpt}`,
      actions: [{ name: 'Open', action: `/board/${board.code}` }],
      mail: { subject: `${author.name} mentioned you on Tabula` },
    });
    told.push(c.userId);
  }
  return told;
}
