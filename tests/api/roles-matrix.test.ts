/**
 * Every role against every guarded action (board.md §6), table-driven, through the ways a client
 * really does them: the hub methods over a real socket and the HTTP routes. Each (action, role)
 * runs on a fresh board whose link level is NoAccess and where the visitor holds exactly that
 * role (the owner; otherwise an invited member whose role the owner then sets). A refused
 * action must leave the board exactly as it was (log, statuses, name, settings, levels, members,
 * chat, comments, seen marks, dispose time) and publish nothing; an allowed one must show its
 * effect, so the probes are known to see a change when there is one.
 * NoAccess over the hub is refused at joinBoard (403, onAccessDenied); the action it then tries
 * on the socket is refused too and changes nothing.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendCommand } from '../../platform/boards/service';
import { changeMemberRole, inviteMember, setSharing } from '../../platform/boards/sharing';
import { addComment } from '../../platform/comments/service';
import type { Command, Shape } from '../../shared/model';
import type { Role } from '../../shared/permissions';
import type { HubClient, HubError } from '../helpers/hub';
import { add, call, cid, clear, move, newBoard, rect, signedIn, undo, type Who } from './boards-fixtures';
import { boardState } from './board-state';
import { hubSuite } from './hub-suite';

const ROLES: Role[] = ['Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'];
type Outcome = 'ok' | 403;
const only = (...ok: Role[]): Record<Role, Outcome> =>
  Object.fromEntries(ROLES.map((r) => [r, ok.includes(r) ? 'ok' : 403])) as Record<Role, Outcome>;
const OWNER = only('Owner');
const FACILITATORS = only('Owner', 'Facilitator');
const EDITORS = only('Owner', 'Facilitator', 'Editor');
const COMMENTERS = only('Owner', 'Facilitator', 'Editor', 'Commenter');
const ANYONE = only('Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer');

/** One case's board: `who` holds the role; `mine` is a shape `who` drew (while an Editor), `theirs` one the owner drew. */
interface Case {
  role: Role;
  code: string;
  id: string;
  who: Who;
  owner: Who;
  /** `who`'s add command of shape 'mine' */
  mine: Command;
  /** the owner's add command of shape 'theirs' */
  theirs: Command;
  /** the socket, joined when the role has access */
  hub: HubClient;
  memberId: string | null;
  extra: Record<string, string>;
}

/**
 * What the action touches: 'state' = the stored board must change when allowed; 'broadcast' =
 * an allowed action publishes (nothing stored); 'read' = nothing stored either way.
 */
type Effect = 'state' | 'broadcast' | 'read';

interface Action {
  name: string;
  via: 'hub' | 'http';
  expected: Record<Role, Outcome>;
  effect: Effect;
  /** runs as the owner (or as `who` while still an Editor) before the role is set */
  prepare?(c: Case): Promise<void>;
  /** the action itself enters the board (joinBoard, reconnect): the socket is not joined first */
  enters?: boolean;
  run(c: Case): Promise<unknown>;
}

const comment = (uid: string, threadId = crypto.randomUUID()): Shape =>
  ({ id: `cm-${crypto.randomUUID()}`, cmd: 'comment', uid, timestamp: 1, x: 0, y: 0, threadId, color: 6, resolved: false }) as Shape;
const lock = (uid: string, shapes: string[], locked: boolean, protect?: boolean): Command =>
  ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), cmd: 'lock', shapes, locked, ...(protect ? { protect } : {}) }) as Command;

/** A thread the owner opened, with a second comment by `author` (a thread's only comment cannot be deleted). */
async function threadOfTwo(c: Case, author: Who): Promise<void> {
  const first = await addComment(app(), c.code, c.owner.actor, 'first');
  c.extra.thread = first.threadId;
  c.extra.comment = (await addComment(app(), c.code, author.actor, 'second', first.threadId)).id;
}

const s = hubSuite();
const app = () => s.app();

const ACTIONS: Action[] = [
  // the log (board.md §4, §6): add, comment shapes, moves, clear, undo/redo, lock/protect
  {
    name: 'add a shape',
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, add(c.who.actor.uid, rect('new', c.who.actor.uid))),
  },
  {
    name: 'add a shape',
    via: 'http',
    expected: EDITORS,
    effect: 'state',
    run: (c) =>
      call(s.p, c.who, 'POST', `/api/boards/${c.code}/commands`, {
        boardCommand: JSON.stringify(add(c.who.actor.uid, rect('new', c.who.actor.uid))),
      }),
  },
  {
    name: 'place a comment shape',
    via: 'hub',
    expected: COMMENTERS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, add(c.who.actor.uid, comment(c.who.actor.uid))),
  },
  {
    name: "move the owner's shape",
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, move(c.who.actor.uid, 'theirs', 5, 5)),
  },
  {
    name: 'clear the board',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, clear(c.who.actor.uid)),
  },
  {
    name: 'clear the board',
    via: 'http',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/commands`, { boardCommand: clear(c.who.actor.uid) }),
  },
  {
    name: 'undo an own command',
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, undo(c.who.actor.uid, c.mine.id)),
  },
  {
    name: 'redo an own command',
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    prepare: async (c) => void (await appendCommand(app(), c.code, c.who.actor, undo(c.who.actor.uid, c.mine.id))),
    run: (c) => c.hub.call('sendCommand', c.code, undo(c.who.actor.uid, c.mine.id, true)),
  },
  {
    name: 'lock a shape',
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    run: (c) => c.hub.call('sendCommand', c.code, lock(c.who.actor.uid, ['theirs'], true)),
  },
  {
    name: 'unlock a shape the owner protected',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    prepare: async (c) => void (await appendCommand(app(), c.code, c.owner.actor, lock(c.owner.actor.uid, ['theirs'], true, true))),
    run: (c) => c.hub.call('sendCommand', c.code, lock(c.who.actor.uid, ['theirs'], false)),
  },
  // comments and chat
  { name: 'add a comment', via: 'hub', expected: COMMENTERS, effect: 'state', run: (c) => c.hub.call('addComment', c.code, 'a note') },
  {
    name: 'delete an own comment',
    via: 'hub',
    expected: COMMENTERS,
    effect: 'state',
    prepare: (c) => threadOfTwo(c, c.who),
    run: (c) => c.hub.call('deleteComment', c.code, c.extra.thread, c.extra.comment),
  },
  {
    // comments/service.ts: its author or the board owner (board.md §6 write_comment does not say whose)
    name: "delete the owner's comment",
    via: 'hub',
    expected: OWNER,
    effect: 'state',
    prepare: (c) => threadOfTwo(c, c.owner),
    run: (c) => c.hub.call('deleteComment', c.code, c.extra.thread, c.extra.comment),
  },
  {
    name: 'read the comments',
    via: 'http',
    expected: ANYONE,
    effect: 'read',
    run: (c) => call(s.p, c.who, 'GET', `/api/boards/${c.code}/comments`),
  },
  {
    name: 'mark a thread seen',
    via: 'http',
    expected: ANYONE,
    effect: 'state',
    prepare: async (c) => void (c.extra.thread = (await addComment(app(), c.code, c.owner.actor, 'look')).threadId),
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/comments/${c.extra.thread}/mark`, {}),
  },
  {
    name: 'send a chat message',
    via: 'hub',
    expected: ANYONE,
    effect: 'state',
    run: (c) => c.hub.call('sendMessage', c.code, { id: crypto.randomUUID(), message: 'hello' }),
  },
  {
    name: 'read the chat',
    via: 'http',
    expected: ANYONE,
    effect: 'read',
    run: (c) => call(s.p, c.who, 'GET', `/api/boards/${c.code}/messages`),
  },
  // names and settings
  { name: 'rename the board', via: 'hub', expected: EDITORS, effect: 'state', run: (c) => c.hub.call('renameBoard', c.code, 'Renamed') },
  {
    name: 'rename the board',
    via: 'http',
    expected: EDITORS,
    effect: 'state',
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/rename`, { name: 'Renamed' }),
  },
  {
    name: 'rename oneself on the board',
    via: 'hub',
    expected: ANYONE,
    effect: 'state',
    run: (c) => c.hub.call('renameMember', c.code, 'New Name'),
  },
  {
    name: 'set the background',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => c.hub.call('updateConfig', c.code, { bg: 'dot', bgColor: '#112233' }),
  },
  {
    name: 'set private mode',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => c.hub.call('updateConfig', c.code, { privateMode: { type: 1, blurry: true } }),
  },
  {
    name: 'save the viewport',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => c.hub.call('updateConfig', c.code, { viewport: { x: 1, y: 2, w: 300, h: 200 } }),
  },
  {
    name: 'set the image downsize setting',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'state',
    run: (c) => c.hub.call('updateConfig', c.code, { downsize: { option: 'view', quality: 60 } }),
  },
  {
    name: 'set the upload setting',
    via: 'hub',
    expected: EDITORS,
    effect: 'state',
    run: (c) => c.hub.call('updateConfig', c.code, { upload: 1 }),
  },
  {
    name: 'grab everyone’s attention',
    via: 'hub',
    expected: FACILITATORS,
    effect: 'broadcast',
    run: (c) => c.hub.call('messaging', c.code, null, '', { name: 'grab-everyone-attention', data: { x: 1, y: 1 } }),
  },
  // owner-only (board.md §6)
  {
    name: 'read the sharing',
    via: 'http',
    expected: ANYONE,
    effect: 'read',
    run: (c) => call(s.p, c.who, 'GET', `/api/boards/${c.code}/sharing`),
  },
  {
    name: 'set the sharing levels',
    via: 'http',
    expected: OWNER,
    effect: 'state',
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/sharings`, { link: 'Viewer' }),
  },
  {
    name: 'invite a member',
    via: 'http',
    expected: OWNER,
    effect: 'state',
    prepare: async (c) => void (c.extra.email = (await signedIn(s.p)).user!.username),
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/members`, { email: c.extra.email, memberRole: 'Viewer' }),
  },
  {
    name: "change a member's role",
    via: 'http',
    expected: OWNER,
    effect: 'state',
    prepare: async (c) =>
      void (c.extra.member = (
        await inviteMember(app(), c.code, c.owner.actor, { email: (await signedIn(s.p)).user!.username, memberRole: 'Editor' })
      ).id),
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/members/${c.extra.member}/roles`, { role: 'Commenter' }),
  },
  {
    name: 'set the dispose timer',
    via: 'http',
    expected: OWNER,
    effect: 'state',
    run: (c) => call(s.p, c.who, 'POST', `/api/boards/${c.code}/dispose`, { days: 7 }),
  },
  {
    name: 'delete the board',
    via: 'http',
    expected: OWNER,
    effect: 'state',
    run: (c) => call(s.p, c.who, 'DELETE', '/api/boards', { id: c.code }),
  },
  // entering and reading the log
  {
    name: 'read the commands',
    via: 'http',
    expected: ANYONE,
    effect: 'read',
    run: (c) => call(s.p, c.who, 'GET', `/api/boards/${c.code}/commands`),
  },
  {
    name: 'join the board',
    via: 'hub',
    expected: ANYONE,
    effect: 'read',
    enters: true,
    run: (c) => c.hub.call('joinBoard', null, c.code, null, {}),
  },
  {
    name: 'catch up after a reconnect',
    via: 'hub',
    expected: ANYONE,
    effect: 'read',
    enters: true,
    run: (c) => c.hub.call('reconnect', c.code, 0),
  },
];

/** The outcome of a hub call, an HTTP answer or a service promise: 'ok' or the status code. */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome | number> {
  try {
    const r = (await run()) as { status?: unknown } | null;
    if (r && typeof r.status === 'number' && typeof (r as { raw?: unknown }).raw === 'string') return r.status < 300 ? 'ok' : r.status;
    return 'ok';
  } catch (err) {
    return (err as HubError).statusCode ?? (err as { output?: { statusCode: number } }).output?.statusCode ?? -1;
  }
}

/** A fresh board where the visitor has `role`, set up for `action`. */
async function caseFor(role: Role, action: Action): Promise<Case & { joinOutcome: Outcome | number }> {
  const b = await newBoard(s.p, s.owner);
  await setSharing(app(), b.code, s.owner.actor, { link: 'NoAccess' });
  const theirs = add(s.owner.actor.uid, rect('theirs', s.owner.actor.uid));
  await appendCommand(app(), b.code, s.owner.actor, theirs);
  const who = role === 'Owner' ? s.owner : await signedIn(s.p, { plan: 'team', name: `${role} visitor` });
  const memberId =
    role === 'Owner' ? null : (await inviteMember(app(), b.code, s.owner.actor, { email: who.user!.username, memberRole: 'Editor' })).id;
  const mine = add(who.actor.uid, rect('mine', who.actor.uid, 50, 50));
  await appendCommand(app(), b.code, who.actor, mine);
  const hub = await s.connect(who);
  const c: Case = { role, code: b.code, id: b.id, who, owner: s.owner, mine, theirs, hub, memberId, extra: {} };
  await action.prepare?.(c);
  if (memberId && role !== 'Editor') await changeMemberRole(app(), b.code, s.owner.actor, memberId, role as Exclude<Role, 'Owner'>);
  const joinOutcome = action.enters ? 'ok' : await outcomeOf(() => hub.call('joinBoard', null, b.code, null, {}));
  return { ...c, joinOutcome };
}

describe('every role against every guarded action', () => {
  for (const action of ACTIONS) {
    const title = `${action.name} (${action.via}): ${ROLES.map((r) => `${r} ${action.expected[r]}`).join(', ')}`;
    it(title, async () => {
      const got: Record<string, Outcome | number> = {};
      for (const role of ROLES) {
        const c = await caseFor(role, action);
        if (c.joinOutcome !== 'ok') {
          // only NoAccess is kept out at the door, with onAccessDenied
          expect(role, `${role} could not join`).toBe('NoAccess');
          expect(c.joinOutcome).toBe(403);
          expect(await c.hub.waitFor('onAccessDenied')).toMatchObject({ boardCode: c.code });
        }
        const before = await boardState(s.p.db, c.id);
        const mark = s.published.length;
        const outcome = await outcomeOf(() => action.run(c));
        const after = await boardState(s.p.db, c.id);
        const events = s.published
          .slice(mark)
          .filter((e) => e.code === c.code)
          .map((e) => e.message.event);
        if (c.joinOutcome !== 'ok' && action.via === 'hub') {
          // not on the board: the socket's call is refused before any rule runs
          expect(outcome, `${role}: ${action.name} on a socket that could not join`).toBeGreaterThanOrEqual(400);
          got[role] = c.joinOutcome as number;
        } else {
          got[role] = outcome;
        }
        if (got[role] !== 'ok') {
          expect(after, `${role}: a refused '${action.name}' changed the board`).toEqual(before);
          expect(events, `${role}: a refused '${action.name}' published`).toEqual([]);
          if (action.enters) {
            await new Promise((r) => setTimeout(r, 50));
            expect(c.hub.received('onReconnected'), `${role}: a refused catch-up sent commands`).toEqual([]);
          }
        } else if (action.effect === 'state') {
          expect(after, `${role}: '${action.name}' was allowed but changed nothing`).not.toEqual(before);
        } else if (action.effect === 'broadcast') {
          expect(events.length, `${role}: '${action.name}' was allowed but published nothing`).toBeGreaterThan(0);
        }
        await c.hub.close();
      }
      expect(got).toEqual(action.expected);
    });
  }
});

describe('a foreign user (no access) learns nothing of the board', () => {
  it('cannot read its commands, chat or comments over HTTP, nor join or catch up over the hub', async () => {
    const b = await newBoard(s.p, s.owner);
    await setSharing(app(), b.code, s.owner.actor, { link: 'NoAccess' });
    const secret = add(s.owner.actor.uid, rect('secret', s.owner.actor.uid));
    await appendCommand(app(), b.code, s.owner.actor, secret);
    await addComment(app(), b.code, s.owner.actor, 'secret comment');
    const writer = await s.connect(s.owner);
    await writer.call('joinBoard', null, b.code, null, {});
    await writer.call('sendMessage', b.code, { id: 'secret-chat', message: 'secret chat' });

    const stranger = await signedIn(s.p, { plan: 'team' });
    for (const url of ['commands', 'commands?after=0', 'messages', 'comments', 'sharing']) {
      const res = await call(s.p, stranger, 'GET', `/api/boards/${b.code}/${url}`);
      expect(res.status, url).toBe(403);
      expect(res.raw, url).not.toContain('secret');
    }
    const hub = await s.connect(stranger);
    expect((await hub.fail('joinBoard', null, b.code, null, {})).statusCode).toBe(403);
    expect((await hub.fail('reconnect', b.code, 0)).statusCode).toBe(403);
    // a socket on another board of its own hears nothing from this one
    const own = await newBoard(s.p, stranger);
    await hub.call('joinBoard', null, own.code, null, {});
    for (const [method, args] of [
      ['sendCommand', [b.code, add(stranger.actor.uid, rect('x', stranger.actor.uid))]],
      ['sendMessage', [b.code, { id: 'm', message: 'hi' }]],
      ['addComment', [b.code, 'hi']],
      ['renameBoard', [b.code, 'mine now']],
    ] as const) {
      expect((await hub.fail(method, ...args)).statusCode, method).toBe(400);
    }
    await writer.call('sendCommand', b.code, add(s.owner.actor.uid, rect('later', s.owner.actor.uid)));
    await writer.call('sendMessage', b.code, { id: 'later-chat', message: 'later' });
    await writer.call('addComment', b.code, 'later comment');
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.stringify(hub.events)).not.toMatch(/secret|later/);
    expect((await s.p.db('boards').where({ id: b.id }).first()).name).not.toBe('mine now');
  });

  it('a guest without a uid, and a request without any identity, are refused', async () => {
    const b = await newBoard(s.p, s.owner);
    for (const url of ['commands', 'messages', 'comments', 'sharing']) {
      expect((await call(s.p, null, 'GET', `/api/boards/${b.code}/${url}`)).status, url).toBe(401);
    }
    const hub = await s.connect();
    expect((await hub.fail('joinBoard', null, b.code, null, {})).data?.message).toBe('invalid-uid');
    expect((await hub.fail('reconnect', b.code, 0)).data?.message).toBe('invalid-uid');
  });
});
