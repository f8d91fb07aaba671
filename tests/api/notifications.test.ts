/**
 * Notifications over HTTP on a real database (docs/panel.md "Notifications and integrations"):
 * preferences per type × channel with their defaults, the feed (newest first, 10 a page, skip,
 * unread count, mark read), that nobody reads or marks another user's feed, e-mails sent or not
 * as the Email switch says (over a real SMTP server), and the real events that feed it: a
 * workspace invitation to an existing account, a comment mention, a claimed board invitation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../platform/comments/service';
import { drainMail } from '../../platform/mail/service';
import { notify } from '../../platform/notifications/service';
import { claimInvitations, inviteByEmail, notifyAddedToBoard } from '../../platform/boards/invitations';
import { findBoardForVisitor } from '../../platform/boards/repo';
import { updateUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { call, newBoard, signedIn, type Who } from './boards-fixtures';
import { makeTeam } from './workspace-fixtures';

let p: TestPlatform;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  p = await startTestPlatform({ smtpUrl: smtp.url, publicUrl: 'https://tabula.test' });
});
afterAll(async () => {
  await p?.stop();
  await smtp?.stop();
});

const app = () => p.server.app;
const feed = (who: Who, query = '') => call(p, who, 'GET', `/api/users/notifications/feed${query}`);

/** Polls the feed until `count` items are there (events notify in the background). */
async function feedOf(who: Who, count: number) {
  for (let i = 0; i < 100; i++) {
    const res = await feed(who);
    if (res.body.totalCount >= count) return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`feed never reached ${count} items`);
}

describe('notification preferences', () => {
  it('lists every type with Email on and Desktop off by default, and saves a switch', async () => {
    const ann = await signedIn(p);
    const res = await call(p, ann, 'GET', '/api/users/notifications');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { type: string }) => x.type)).toEqual([
      'board-invitation',
      'workspace-invitation',
      'comment-mention',
      'board-shared',
      'subscription',
    ]);
    for (const pref of res.body)
      expect(pref.channels).toEqual([
        { channel: 'Email', active: true },
        { channel: 'Desktop', active: false },
      ]);

    const saved = await call(p, ann, 'POST', '/api/users/notifications', { type: 'comment-mention', channel: 'Email', active: false });
    expect(saved.status).toBe(200);
    expect(saved.body.find((x: { type: string }) => x.type === 'comment-mention').channels[0]).toEqual({ channel: 'Email', active: false });
    // kept, and only for this user
    const again = await call(p, ann, 'GET', '/api/users/notifications');
    expect(again.body.find((x: { type: string }) => x.type === 'comment-mention').channels[0].active).toBe(false);
    const bob = await signedIn(p);
    expect(
      (await call(p, bob, 'GET', '/api/users/notifications')).body.find((x: { type: string }) => x.type === 'comment-mention').channels[0]
        .active,
    ).toBe(true);
  });

  it('refuses unknown types and channels, and Desktop on without a subscription', async () => {
    const ann = await signedIn(p);
    expect((await call(p, ann, 'POST', '/api/users/notifications', { type: 'nope', channel: 'Email', active: true })).status).toBe(400);
    expect((await call(p, ann, 'POST', '/api/users/notifications', { type: 'subscription', channel: 'Sms', active: true })).status).toBe(
      400,
    );
    const desktop = await call(p, ann, 'POST', '/api/users/notifications', { type: 'subscription', channel: 'Desktop', active: true });
    expect(desktop).toMatchObject({ status: 400, body: { errors: { parameters: [expect.stringContaining('subscription')] } } });
    // an endpoint on a private address is refused (the server would POST to it)
    const bad = await call(p, ann, 'POST', '/api/users/notifications', {
      type: 'subscription',
      channel: 'Desktop',
      active: true,
      parameters: { endpoint: 'https://127.0.0.1/push/x', p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    });
    expect(bad).toMatchObject({ status: 400, body: { errors: { parameters: ['This push service address cannot be used.'] } } });
    expect(await p.db('push_subscriptions').where({ user_id: ann.user!.id })).toEqual([]);
    expect((await call(p, ann, 'GET', '/api/users/notifications')).body[4].channels[1].active).toBe(false);
  });

  it('needs a token; the public key is the configured VAPID key', async () => {
    expect((await call(p, null, 'GET', '/api/users/notifications')).status).toBe(401);
    expect((await call(p, null, 'GET', '/api/notifications/data')).status).toBe(401);
    const ann = await signedIn(p);
    const data = await call(p, ann, 'GET', '/api/notifications/data');
    expect(data.body).toEqual({ publicKey: p.config.vapid.publicKey });
    expect(Buffer.from(data.body.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('the feed', () => {
  it('pages newest first, 10 at a time with skip, and counts the unread', async () => {
    const ann = await signedIn(p);
    for (let i = 1; i <= 12; i++)
      await notify(app(), ann.user!.id, 'subscription', { message: `note ${i}`, actions: [{ name: 'Open', action: '/panel/home' }] });
    const first = await feed(ann);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(12);
    expect(first.body.unreadCount).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({
      message: 'note 12',
      isRead: false,
      actions: [{ name: 'Open', action: '/panel/home' }],
      type: 'subscription',
      createdAt: expect.any(String),
    });
    const second = await feed(ann, '?skip=10');
    expect(second.body.data.map((x: { message: string }) => x.message)).toEqual(['note 2', 'note 1']);
    const ids = new Set([...first.body.data, ...second.body.data].map((x: { id: string }) => x.id));
    expect(ids.size).toBe(12);
    expect((await feed(ann, '?skip=-1')).status).toBe(400);
    expect((await feed(ann, '?QuickFilter=unread&take=3')).body.data).toHaveLength(3);
  });

  it('marks an item read (false → true) and only the owner can', async () => {
    const ann = await signedIn(p);
    const bob = await signedIn(p);
    const item = (await notify(app(), ann.user!.id, 'subscription', { message: 'yours' }))!;
    const stolen = await call(p, bob, 'POST', `/api/users/notifications/${item.id}/read`, {});
    expect(stolen).toMatchObject({ status: 404, body: { message: 'Notification not found.' } });
    expect((await feed(ann)).body.data[0].isRead).toBe(false);
    // bob's feed never shows ann's item
    expect((await feed(bob)).body.totalCount).toBe(0);
    const read = await call(p, ann, 'POST', `/api/users/notifications/${item.id}/read`, {});
    expect(read).toMatchObject({ status: 200, body: { id: item.id, isRead: true } });
    expect((await feed(ann)).body).toMatchObject({ unreadCount: 0, data: [{ id: item.id, isRead: true }] });
    expect((await call(p, ann, 'POST', '/api/users/notifications/not-a-uuid/read', {})).status).toBe(404);
    expect((await call(p, null, 'POST', `/api/users/notifications/${item.id}/read`, {})).status).toBe(401);
  });

  it('drops action links that leave the site', async () => {
    const ann = await signedIn(p);
    const item = await notify(app(), ann.user!.id, 'subscription', {
      message: 'links',
      actions: [
        { name: 'Evil', action: 'https://evil.example/' },
        { name: 'Evil2', action: '//evil.example' },
        { name: 'Ok', action: '/panel/home' },
      ],
    });
    expect(item!.actions).toEqual([{ name: 'Ok', action: '/panel/home' }]);
  });
});

describe('e-mail honours the Email switch', () => {
  it('mails a mention while Email is on, and not once it is off', async () => {
    const ann = await signedIn(p, { name: 'Ann Author' });
    const bob = await signedIn(p, { name: 'Bobby Reader' });
    const { code } = await newBoard(p, ann);
    expect((await call(p, ann, 'POST', `/api/boards/${code}/members`, { email: bob.user!.username, memberRole: 'Editor' })).status).toBe(
      200,
    );
    await drainMail(app());
    await addComment(app(), code, ann.actor, 'Hey @Bobby Reader, look at this');
    const items = await feedOf(bob, 1);
    expect(items.data[0]).toMatchObject({
      type: 'comment-mention',
      message: expect.stringContaining('Ann Author mentioned you'),
      actions: [{ name: 'Open', action: `/board/${code}` }],
    });
    const mail = await smtp.waitForMail(bob.user!.username, 10_000, (m) => m.subject.includes('mentioned you'));
    expect(mail.text).toContain(`https://tabula.test/board/${code}`);
    expect(mail.text).toContain('look at this');

    expect(
      (await call(p, bob, 'POST', '/api/users/notifications', { type: 'comment-mention', channel: 'Email', active: false })).status,
    ).toBe(200);
    await addComment(app(), code, ann.actor, '@bobby reader again');
    await feedOf(bob, 2);
    await drainMail(app());
    expect(smtp.mails.filter((m) => m.to.includes(bob.user!.username) && m.subject.includes('mentioned you'))).toHaveLength(1);
    // the author is never told of their own mention; a name nobody has tells nobody
    await addComment(app(), code, ann.actor, '@Ann Author @Nobody Here');
    expect((await feed(ann)).body.totalCount).toBe(0);
  });

  it('does not tell someone who cannot open the board', async () => {
    const ann = await signedIn(p, { name: 'Ann Private' });
    const eve = await signedIn(p, { name: 'Eve Outsider' });
    const { code } = await newBoard(p, ann);
    await addComment(app(), code, ann.actor, '@Eve Outsider can you see this?');
    expect((await feed(eve)).body.totalCount).toBe(0);
  });
});

describe('events that feed it', () => {
  it('a workspace invitation to an existing account lands in its feed with an Accept link', async () => {
    const team = await makeTeam(p);
    const guest = await signedIn(p, { name: 'Gina Invitee' });
    const res = await call(p, team.owner, 'POST', `/api/workspaces/${team.workspace.id}/members`, {
      email: guest.user!.username,
      role: 'Member',
    });
    expect(res.status).toBe(200);
    const items = await feedOf(guest, 1);
    expect(items.data[0]).toMatchObject({
      type: 'workspace-invitation',
      message: 'Olive Owner invited you to the workspace "Team space" as Member.',
      isRead: false,
    });
    expect(items.data[0].actions[0]).toMatchObject({ name: 'Accept', action: expect.stringMatching(/^\/panel\/invitation#token=/) });
    // the token in the feed is the mail's token: it accepts the invitation
    const token = decodeURIComponent(items.data[0].actions[0].action.split('#token=')[1]);
    expect((await call(p, guest, 'POST', '/api/workspaces/invitations/accept', { token })).status).toBe(200);
    // one invitation mail only (the feed adds no second e-mail)
    await drainMail(app());
    expect(smtp.mails.filter((m) => m.to.includes(guest.user!.username))).toHaveLength(1);
  });

  it('a claimed board invitation lands in the feed', async () => {
    const ann = await signedIn(p, { name: 'Ann Board' });
    const { code } = await newBoard(p, ann, { name: 'Roadmap' });
    const found = await findBoardForVisitor(p.db, code, ann.actor);
    const newcomer = await signedIn(p);
    const email = `later-${Date.now()}@invite.example`;
    await inviteByEmail(app(), found!.board, { email, role: 'Editor', inviter: ann.user! });
    newcomer.user = await updateUser(p.db, newcomer.user!.id, { username: email });
    expect(await claimInvitations(app(), newcomer.user!)).toEqual([code]);
    const items = await feedOf(newcomer, 1);
    expect(items.data[0]).toMatchObject({
      type: 'board-invitation',
      message: 'You joined the board "Roadmap" you were invited to as Editor.',
      actions: [{ name: 'Open', action: `/board/${code}` }],
    });
  });

  it('an account added to a board is told with notifyAddedToBoard (type board-shared)', async () => {
    const ann = await signedIn(p, { name: 'Ann Board' });
    const bob = await signedIn(p);
    const { code } = await newBoard(p, ann, { name: 'Specs' });
    notifyAddedToBoard(app(), bob.user!.id, 'Ann Board', { code, name: 'Specs' }, 'Viewer');
    const items = await feedOf(bob, 1);
    expect(items.data[0]).toMatchObject({
      type: 'board-shared',
      message: 'Ann Board shared the board "Specs" with you as Viewer.',
      actions: [{ name: 'Open', action: `/board/${code}` }],
    });
  });
});
