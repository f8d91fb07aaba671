import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Role } from '../../shared/permissions';
import type { AppContext } from '../core/context';
import type { Db } from '../db/index';
import { sendMailLater, type Mail, escapeHtml, linkMail, plain } from '../mail/api';
import type { UserRow } from '../users/api';
import { notify } from '../notifications/api';
import { forgetBoard } from './access-cache';
import { upsertInvitedMember, type BoardRow } from './repo';

/**
 * Board invitations by e-mail to addresses without an account (migration 007_invitations;
 * docs/security.md "Login, enumeration and passwords"). Inviting an unknown address answers
 * exactly like inviting a known one and mails an invitation; the person joins the board with
 * the invited role once an account for the address exists AND the mailbox is proven: the
 * invitation link's token sent with the signup, a verified Google e-mail, or a recovery link.
 * A bare signup with the address (which anyone can attempt) claims nothing.
 */
export const INVITATION_TTL_DAYS = 30;

type Conn = Db | Knex.Transaction;
type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

export interface InvitationRow {
  id: string;
  board_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** The link in the mail: sign up, then the board; the token rides in the fragment (never sent to a server nor in a Referer). */
export function invitationLink(app: Pick<AppContext, 'config'>, board: Pick<BoardRow, 'code'>, token: string): string {
  return `${app.config.publicUrl}/accounts/signup?ret=${encodeURIComponent(`/board/${board.code}`)}#invitation=${encodeURIComponent(token)}`;
}

/** Records (or renews) the invitation of `email` to `board` and mails it in the background. */
export async function inviteByEmail(
  app: App,
  board: BoardRow,
  input: { email: string; role: Role; inviter: Pick<UserRow, 'id' | 'display_name' | 'username'> },
): Promise<InvitationRow> {
  const token = crypto.randomBytes(32).toString('base64url');
  const email = input.email.trim().toLowerCase();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  const [row] = await app
    .db('board_invitations')
    .insert({ board_id: board.id, email, role: input.role, invited_by: input.inviter.id, token_hash: sha256(token), expires_at: expiresAt })
    .onConflict(['board_id', 'email'])
    .merge({
      role: input.role,
      invited_by: input.inviter.id,
      token_hash: sha256(token),
      expires_at: expiresAt,
      accepted_at: null,
      created_at: app.db.fn.now(),
    })
    .returning('*');
  const inviter = input.inviter.display_name?.trim() || input.inviter.username;
  sendMailLater(app, invitationMail(email, inviter, board.name, invitationLink(app, board, token)));
  return row as InvitationRow;
}

/** The board's invitations still waiting for their person (not accepted, not expired), oldest first. */
export async function pendingInvitations(db: Conn, boardId: string): Promise<InvitationRow[]> {
  return db('board_invitations')
    .where({ board_id: boardId })
    .whereNull('accepted_at')
    .where('expires_at', '>', db.fn.now())
    .orderBy('created_at');
}

/** Whether `token` is a live invitation for `email` (the signup's proof of the mailbox). */
export async function invitationTokenFits(db: Conn, token: string, email: string): Promise<boolean> {
  const row = await db('board_invitations')
    .where({ token_hash: sha256(token), email: email.trim().toLowerCase() })
    .whereNull('accepted_at')
    .where('expires_at', '>', db.fn.now())
    .first();
  return Boolean(row);
}

/** The owner changes the role of a pending invitation (NoAccess withdraws it); false when there is none. */
export async function changeInvitationRole(db: Conn, boardId: string, id: string, role: Role | 'NoAccess'): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const where = db('board_invitations').where({ id, board_id: boardId }).whereNull('accepted_at');
  const changed = role === 'NoAccess' ? await where.delete() : await where.update({ role });
  return changed > 0;
}

/**
 * Turns every live invitation of the user's address into a membership with the invited role.
 * Call only once the mailbox is proven (see above). Answers the boards joined.
 */
export async function claimInvitations(
  app: Pick<AppContext, 'db' | 'logger'> & Partial<Pick<AppContext, 'config'>>,
  user: Pick<UserRow, 'id' | 'username'>,
): Promise<string[]> {
  const email = user.username.trim().toLowerCase();
  const joined = await app.db.transaction(async (trx) => {
    const rows: Array<InvitationRow & { code: string; board_name: string }> = await trx('board_invitations as i')
      .join('boards as b', 'b.id', 'i.board_id')
      .where('i.email', email)
      .whereNull('i.accepted_at')
      .where('i.expires_at', '>', trx.fn.now())
      .select('i.*', 'b.code', 'b.name as board_name')
      .forUpdate();
    for (const row of rows) {
      await upsertInvitedMember(trx, row.board_id, { uid: user.id, userId: user.id, name: '', role: row.role });
      await trx('board_invitations').where({ id: row.id }).update({ accepted_at: trx.fn.now() });
    }
    return rows;
  });
  if (joined.length) {
    forgetBoard(app as never, ...joined.map((r) => r.code));
    // the feed keeps the boards the invitations led to (no e-mail: the invitation was the e-mail)
    const withConfig = app.config ? (app as App) : null;
    if (withConfig)
      for (const r of joined)
        void notify(withConfig, user.id, 'board-invitation', {
          message: `You joined the board "${r.board_name || 'Untitled'}" you were invited to as ${r.role}.`,
          actions: [{ name: 'Open', action: `/board/${r.code}` }],
        });
    app.logger.info({ userId: user.id, boards: joined.length }, 'board invitations accepted');
  }
  return joined.map((r) => r.code);
}

export function invitationMail(to: string, inviter: string, boardName: string, link: string): Mail {
  const board = boardName || 'a board';
  return linkMail({
    to,
    subject: `${inviter} invited you to a Tabula board`,
    lead: [
      {
        text: `${inviter} invited you to the Tabula board "${board}".`,
        html: `${escapeHtml(inviter)} invited you to the Tabula board <strong>${escapeHtml(board)}</strong>.`,
      },
      plain('Create your account with this e-mail address through the link below and the board will be waiting for you:'),
    ],
    action: 'Join the board',
    link,
    notes: [`The invitation expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this e-mail.`],
  });
}

/**
 * The feed item of an existing account added to a board by e-mail (boards/sharing.ts inviteMember
 * sends its mail itself, so no e-mail here). In the background: the inviter's answer is the same
 * whether or not the address has an account.
 */
export function notifyAddedToBoard(app: App, userId: string, inviter: string, board: Pick<BoardRow, 'code' | 'name'>, role: Role): void {
  void notify(app, userId, 'board-shared', {
    message: `${inviter} shared the board "${board.name || 'Untitled'}" with you as ${role}.`,
    actions: [{ name: 'Open', action: `/board/${board.code}` }],
  });
}
