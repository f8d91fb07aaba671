import crypto from 'node:crypto';
import { appendCommand } from '../../platform/boards/service';
import { touchMember, setMemberRole } from '../../platform/boards/repo';
import { changeMemberRole, inviteMember, setSharing } from '../../platform/boards/sharing';
import { addComment } from '../../platform/comments/service';
import { sendMessage } from '../../platform/chat/service';
import { DEFAULT_LIMITS } from '../../platform/core/limits';
import { DEFAULT_LOGIN_LIMITS, type Config } from '../../platform/config';
import type { Command, Shape } from '../../shared/model';
import type { Role } from '../../shared/permissions';
import { add, call, cid, guest, newBoard, rect, signedIn, type Who } from '../api/boards-fixtures';
import type { TestPlatform } from '../helpers/platform';

/**
 * The identity classes of the authorization matrices (tests/security/authz-*.test.ts), on a board
 * whose link level is NoAccess:
 *  - owner: the board owner (team plan, so Facilitator is a real role), with their bearer token;
 *  - facilitator, editor, commenter, viewer: signed-in members holding that role;
 *  - guestMember: a guest (its own secret) holding the Editor role;
 *  - other: a signed-in user who is no member; guest: a stranger guest with its own secret;
 *  - forgedUid: no token, Uid = the owner's user id (what every member list used to publish);
 *  - forgedMember: no token, Uid = the Editor member's user id (published as their member uid);
 *  - forgedKey: no token, Uid = the guest member's key as published by GET …/sharing;
 *  - none: no token and no Uid.
 */
export const CLASSES = [
  'owner',
  'facilitator',
  'editor',
  'commenter',
  'viewer',
  'guestMember',
  'other',
  'guest',
  'forgedUid',
  'forgedMember',
  'forgedKey',
  'none',
] as const;
export type Cls = (typeof CLASSES)[number];
export type Outcome = 'ok' | number;

/** Platform settings for the matrices: the abuse budgets raised so hundreds of probes are not 429s. */
export const MATRIX_CONFIG: Partial<Config> = {
  limits: {
    ...DEFAULT_LIMITS,
    hubFrames: { points: 100_000, windowMs: 5_000 },
    commandsPerSocket: { points: 100_000, windowMs: 5_000 },
    commandsPerUser: { points: 100_000, windowMs: 5_000 },
    chat: { points: 100_000, windowMs: 10_000 },
    comments: { points: 100_000, windowMs: 10_000 },
    logs: { points: 100_000, windowMs: 60_000 },
  },
  rateLimit: { max: 10_000, windowMs: 60_000 },
  loginLimits: {
    ...DEFAULT_LOGIN_LIMITS,
    ipFailures: 10_000,
    accountFailures: 10_000,
    globalFailures: 100_000,
    backoffAfter: 10_000,
    deviceFailures: 10_000,
  },
};

/** The people of a matrix (forgedUid and forgedKey are filled once the published key is read). */
export type World = Record<Exclude<Cls, 'none'>, Who>;

/** Makes the signed-in users and the guests; forgedKey waits for `forgeKey`. */
export async function makeWorld(p: TestPlatform): Promise<World> {
  const owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  const w: Partial<World> = { owner };
  for (const role of ['facilitator', 'editor', 'commenter', 'viewer', 'other'] as const)
    w[role] = await signedIn(p, { plan: 'team', name: `${role} person` });
  w.guestMember = guest();
  w.guest = guest();
  // the value an attacker sees for a signed-in member: their user id
  w.forgedUid = guest(owner.user!.id);
  w.forgedMember = guest(w.editor!.user!.id);
  return w as World;
}

/** The Who of a class (null for 'none'). */
export const whoOf = (w: World, cls: Cls): Who | null => (cls === 'none' ? null : w[cls]);

export const MEMBER_ROLES: Record<
  'facilitator' | 'editor' | 'commenter' | 'viewer' | 'guestMember',
  Exclude<Role, 'Owner' | 'NoAccess'>
> = {
  facilitator: 'Facilitator',
  editor: 'Editor',
  commenter: 'Commenter',
  viewer: 'Viewer',
  guestMember: 'Editor',
};

/** A board of the owner's, link NoAccess, with every member class, a shape, chat, a comment thread. */
export interface BoardCase {
  code: string;
  id: string;
  /** member row ids by class */
  memberIds: Partial<Record<Cls, string>>;
  /** the owner's shape 'theirs' (protected) and its add command */
  theirs: Command;
  /** a thread the owner opened and its two comments (the owner's second one can be deleted) */
  thread: string;
  ownerComment: string;
  /** distinctive texts that must never reach anyone without access */
  marks: string[];
}

export async function makeBoard(p: TestPlatform, w: World): Promise<BoardCase> {
  const app = p.server.app;
  const tag = crypto.randomBytes(4).toString('hex');
  const name = `Secret board ${tag}`;
  const b = await newBoard(p, w.owner, { name });
  const memberIds: Partial<Record<Cls, string>> = {};
  for (const cls of ['facilitator', 'editor', 'commenter', 'viewer'] as const) {
    const m = await inviteMember(app, b.code, w.owner.actor, { email: w[cls].user!.username, memberRole: 'Editor' });
    if (MEMBER_ROLES[cls] !== 'Editor') await changeMemberRole(app, b.code, w.owner.actor, m.id, MEMBER_ROLES[cls]);
    memberIds[cls] = m.id;
  }
  // a guest member: it visited the board while the link was open and was then given Editor
  const row = await touchMember(app.db, b.id, { uid: w.guestMember.actor.uid, userId: null, name: 'Gus Guest' });
  await setMemberRole(app.db, row.id, 'Editor');
  memberIds.guestMember = row.id;
  await setSharing(app, b.code, w.owner.actor, { link: 'NoAccess' });
  const theirs = add(w.owner.actor.uid, rect(`theirs-${tag}`, w.owner.actor.uid));
  await appendCommand(app, b.code, w.owner.actor, theirs);
  await appendCommand(app, b.code, w.owner.actor, lock(w.owner.actor.uid, [`theirs-${tag}`], true, true));
  const first = await addComment(app, b.code, w.owner.actor, `first comment ${tag}`);
  const second = await addComment(app, b.code, w.owner.actor, `second comment ${tag}`, first.threadId);
  await sendMessage(app, b.code, w.owner.actor, { id: crypto.randomUUID(), message: `chat ${tag}` } as never);
  return {
    code: b.code,
    id: b.id,
    memberIds,
    theirs,
    thread: first.threadId,
    ownerComment: second.id,
    marks: [name, `comment ${tag}`, `chat ${tag}`, `theirs-${tag}`],
  };
}

/** Reads the guest member's key from GET …/sharing, as any member sees it, and forges with it. */
export async function forgeKey(p: TestPlatform, w: World, board: BoardCase): Promise<string> {
  const res = await call(p, w.viewer, 'GET', `/api/boards/${board.code}/sharing`);
  if (res.status !== 200) throw new Error(`sharing: ${res.status}`);
  const published = (res.body.members as Array<{ id: string; uid: string }>).find((m) => m.id === board.memberIds.guestMember);
  if (!published) throw new Error('the guest member is not listed');
  w.forgedKey = guest(published.uid);
  return published.uid;
}

export const lock = (uid: string, shapes: string[], locked: boolean, protect?: boolean): Command =>
  ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), cmd: 'lock', shapes, locked, ...(protect ? { protect } : {}) }) as Command;

export const commentShape = (uid: string): Shape =>
  ({
    id: `cm-${crypto.randomUUID()}`,
    cmd: 'comment',
    uid,
    timestamp: 1,
    x: 0,
    y: 0,
    threadId: crypto.randomUUID(),
    color: 6,
    resolved: false,
  }) as Shape;

/** 'ok' for a 2xx answer, otherwise its status. */
export const outcomeOfStatus = (status: number): Outcome => (status >= 200 && status < 300 ? 'ok' : status);

/** The outcome of a hub call: 'ok' or the error's status code. */
export async function hubOutcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    return (err as { statusCode?: number }).statusCode ?? -1;
  }
}

/** Expected outcomes: 'ok' for the classes named, `refusal(cls)` for the rest. */
export function allow(ok: Cls[], refusal: (cls: Cls) => number = defaultRefusal): Record<Cls, Outcome> {
  return Object.fromEntries(CLASSES.map((c) => [c, ok.includes(c) ? 'ok' : refusal(c)])) as Record<Cls, Outcome>;
}

/** On a NoAccess board: 401 without any identity, else 403. */
export const defaultRefusal = (cls: Cls): number => (cls === 'none' ? 401 : 403);

export const OWNER: Cls[] = ['owner'];
export const FACILITATORS: Cls[] = ['owner', 'facilitator'];
export const EDITORS: Cls[] = ['owner', 'facilitator', 'editor', 'guestMember'];
export const COMMENTERS: Cls[] = [...EDITORS, 'commenter'];
export const MEMBERS: Cls[] = [...COMMENTERS, 'viewer'];
export const SIGNED_IN: Cls[] = ['owner', 'facilitator', 'editor', 'commenter', 'viewer', 'other'];
export const ANY_IDENTITY: Cls[] = CLASSES.filter((c) => c !== 'none');
export const EVERYONE: Cls[] = [...CLASSES];

/** The classes with no token that send a Uid (a guest's secret, real or forged). */
export const UID_SENDERS: Cls[] = ['guestMember', 'guest', 'forgedUid', 'forgedMember', 'forgedKey'];

export { pngDataUrl } from '../helpers/png';
