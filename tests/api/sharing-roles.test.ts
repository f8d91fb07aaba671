import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../platform/comments/service';
import { sendMessage } from '../../platform/chat/service';
import { renameBoard, updateBoardConfig } from '../../platform/boards/service';
import type { Role } from '../../shared/permissions';
import type { Shape } from '../../shared/model';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, clear, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

/**
 * Every role against every guarded action (board.md §6): the HTTP routes and the service
 * functions the hub calls. Each action runs on a fresh board where the visitor holds exactly
 * that role (link level NoAccess, explicit member role).
 */
const ROLES: Role[] = ['Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'];
type Outcome = 'ok' | 403;
const only = (...ok: Role[]): Record<Role, Outcome> =>
  Object.fromEntries(ROLES.map((r) => [r, ok.includes(r) ? 'ok' : 403])) as Record<Role, Outcome>;
const viewers = only('Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer');

describe('roles against guarded actions', () => {
  let p: TestPlatform;
  let owner: Who;
  beforeAll(async () => {
    p = await startTestPlatform();
    owner = await signedIn(p, { plan: 'team' });
  });
  afterAll(() => p.stop());

  /** A board where `who` has `role`. */
  async function boardFor(role: Role): Promise<{ code: string; id: string; who: Who }> {
    const b = await newBoard(p, owner);
    await p.db('boards').where({ id: b.id }).update({ link_level: 'NoAccess' });
    if (role === 'Owner') return { ...b, who: owner };
    // a team plan: the roles decide here, the plans in tests/api/policy-refusals.test.ts
    const who = await signedIn(p, { plan: 'team' });
    if (role !== 'NoAccess') await p.db('board_members').insert({ board_id: b.id, uid: who.actor.uid, user_id: who.user!.id, role });
    return { ...b, who };
  }
  const status = async (run: () => Promise<{ status: number } | unknown>): Promise<Outcome | number> => {
    try {
      const r = (await run()) as { status?: number };
      if (typeof r?.status === 'number') return r.status === 200 || r.status === 204 ? 'ok' : r.status;
      return 'ok';
    } catch (err) {
      return (err as { output?: { statusCode: number } }).output?.statusCode ?? -1;
    }
  };
  const comment = (uid: string): Shape =>
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

  const actions: Array<[string, Record<Role, Outcome>, (b: { code: string; id: string; who: Who }) => Promise<unknown>]> = [
    ['read the commands (join)', viewers, (b) => call(p, b.who, 'GET', `/api/boards/${b.code}/commands`)],
    ['read the sharing', viewers, (b) => call(p, b.who, 'GET', `/api/boards/${b.code}/sharing`)],
    [
      'add a shape',
      only('Owner', 'Facilitator', 'Editor'),
      (b) => send(p, b.who, b.code, add(b.who.actor.uid, rect('x', b.who.actor.uid))),
    ],
    [
      'add a comment shape',
      only('Owner', 'Facilitator', 'Editor', 'Commenter'),
      (b) => send(p, b.who, b.code, add(b.who.actor.uid, comment(b.who.actor.uid))),
    ],
    ['clear the board', only('Owner', 'Facilitator'), (b) => send(p, b.who, b.code, clear(b.who.actor.uid))],
    ['rename the board (hub)', only('Owner', 'Facilitator', 'Editor'), (b) => renameBoard(p.server.app, b.code, b.who.actor, 'Renamed')],
    [
      'rename the board (HTTP)',
      only('Owner', 'Facilitator', 'Editor'),
      (b) => call(p, b.who, 'POST', `/api/boards/${b.code}/rename`, { name: 'Renamed' }),
    ],
    [
      'set the background',
      only('Owner', 'Facilitator'),
      (b) => updateBoardConfig(p.server.app, b.code, b.who.actor, { bg: 'dot', bgColor: '#ffffff' }),
    ],
    [
      'set private mode',
      only('Owner', 'Facilitator'),
      (b) => updateBoardConfig(p.server.app, b.code, b.who.actor, { privateMode: { type: 1, blurry: false } }),
    ],
    [
      'save the viewport',
      only('Owner', 'Facilitator'),
      (b) => updateBoardConfig(p.server.app, b.code, b.who.actor, { viewport: { x: 0, y: 0, w: 100, h: 100 } }),
    ],
    [
      'set the upload setting',
      only('Owner', 'Facilitator', 'Editor'),
      (b) => updateBoardConfig(p.server.app, b.code, b.who.actor, { upload: 1 }),
    ],
    ['set the dispose timer', only('Owner'), (b) => call(p, b.who, 'POST', `/api/boards/${b.code}/dispose`, { days: 7 })],
    ['set sharing levels', only('Owner'), (b) => call(p, b.who, 'POST', `/api/boards/${b.code}/sharings`, { link: 'Viewer' })],
    [
      'invite a member',
      only('Owner'),
      async (b) =>
        call(p, b.who, 'POST', `/api/boards/${b.code}/members`, { email: (await signedIn(p)).user!.username, memberRole: 'Viewer' }),
    ],
    [
      'change a member role',
      only('Owner'),
      async (b) => {
        const other = await signedIn(p);
        const [m] = await p
          .db('board_members')
          .insert({ board_id: b.id, uid: other.actor.uid, user_id: other.user!.id, role: 'Editor' })
          .returning('id');
        return call(p, b.who, 'POST', `/api/boards/${b.code}/members/${m.id}/roles`, { role: 'Viewer' });
      },
    ],
    ['send a chat message', viewers, (b) => sendMessage(p.server.app, b.code, b.who.actor, { id: crypto.randomUUID(), message: 'hi' })],
    ['read the chat', viewers, (b) => call(p, b.who, 'GET', `/api/boards/${b.code}/messages`)],
    ['add a comment', only('Owner', 'Facilitator', 'Editor', 'Commenter'), (b) => addComment(p.server.app, b.code, b.who.actor, 'note')],
    ['read the comments', viewers, (b) => call(p, b.who, 'GET', `/api/boards/${b.code}/comments`)],
    ['delete the board', only('Owner'), (b) => call(p, b.who, 'DELETE', '/api/boards', { id: b.code })],
  ];

  for (const [name, expected] of actions) {
    it(`${name}: ${ROLES.map((r) => `${r} ${expected[r]}`).join(', ')}`, async () => {
      const run = actions.find((a) => a[0] === name)![2];
      const got: Record<string, Outcome | number> = {};
      for (const role of ROLES) got[role] = await status(async () => run(await boardFor(role)));
      expect(got).toEqual(expected);
    });
  }

  it('stores nothing for a refused command', async () => {
    const b = await boardFor('Viewer');
    await send(p, b.who, b.code, add(b.who.actor.uid, rect('v', b.who.actor.uid)));
    expect(await p.db('commands').where({ board_id: b.id })).toHaveLength(0);
  });
});
