/**
 * Issue 26 item 3: members' contact details only to those who manage the board
 * (platform/boards/contact.ts; docs/security.md "Members' contact details"). On a link-shared
 * board (the default: anyone with the link is an Editor), a guest and a signed-in member who came
 * by the link alone receive no member's e-mail anywhere — the sharing route, the join payload
 * (HTTP and hub), onMeJoined / onUserJoined and the online list, chat, comments, renames — and no
 * name made of an e-mail's local part; the Owner, a Facilitator given the role by the owner and a
 * member of the board's workspace get every member's e-mail in the sharing route and the join.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/workspaces/repo';
import { call, guest, newBoard, signedIn, uidOf, type Who } from '../api/boards-fixtures';
import { HubClient, pause } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

let p: TestPlatform;
let code: string;
let owner: Who;
let facilitator: Who;
let wsMember: Who;
let invitedEditor: Who;
/** signed in, no profile name, on the board by the link only */
let linkUser: Who;
/** signed in, no profile name, joins later (onUserJoined) */
let latecomer: Who;
let visitor: Who;
const PENDING = 'pending.person@example.org';
const sockets: HubClient[] = [];

/** Every address of the board's people, and the local parts of those without a profile name. */
const addresses = () => [owner, facilitator, wsMember, invitedEditor, linkUser, latecomer].map((w) => w.user!.username).concat(PENDING);
const localParts = () => [linkUser, latecomer].map((w) => w.user!.username.split('@')[0]!);

function expectNoContacts(text: string, where: string): void {
  for (const a of addresses()) expect(text.toLowerCase(), `${where}: ${a}`).not.toContain(a.toLowerCase());
  for (const l of localParts()) expect(text, `${where}: local part ${l}`).not.toContain(l);
  expect(text, `${where}: a username field`).not.toMatch(/"username"/);
  expect(text, `${where}: an e-mail`).not.toMatch(/@example\.(com|org)/);
}

async function connect(who: Who): Promise<HubClient> {
  const hub = await HubClient.connect(p.url, { token: who.token });
  sockets.push(hub);
  return hub;
}

const joinOptions = (who: Who) => (who.token ? {} : { uid: uidOf(who) });

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  facilitator = await signedIn(p, { name: 'Fay Facilitator' });
  wsMember = await signedIn(p, { name: 'Wes Workspace' });
  invitedEditor = await signedIn(p, { name: 'Ed Invited' });
  linkUser = await signedIn(p, { name: '' });
  latecomer = await signedIn(p, { name: '' });
  visitor = guest();
  ({ code } = await newBoard(p, owner));
  const board = await p.db('boards').where({ code }).first();
  expect(board.link_level).toBe('Editor');
  await addMember(p.db, { workspaceId: board.workspace_id, userId: wsMember.user!.id, role: 'Member' });
  for (const [who, memberRole] of [
    [facilitator, 'Facilitator'],
    [invitedEditor, 'Editor'],
  ] as const) {
    expect((await call(p, owner, 'POST', `/api/boards/${code}/members`, { email: who.user!.username, memberRole })).status).toBe(200);
  }
  expect((await call(p, owner, 'POST', `/api/boards/${code}/members`, { email: PENDING, memberRole: 'Viewer' })).status).toBe(200);
  // everyone but the latecomer has opened the board once (members Joined)
  for (const who of [facilitator, wsMember, invitedEditor, linkUser, visitor])
    expect((await call(p, who, 'GET', `/api/boards/${code}/commands`)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) await s.close();
  await p?.stop();
});

describe("members' contact details over HTTP", () => {
  it('the Owner, a Facilitator and a workspace member see every e-mail in the sharing route and the join payload', async () => {
    for (const [who, role] of [
      [owner, 'Owner'],
      [facilitator, 'Facilitator'],
      [wsMember, 'Editor'],
    ] as const) {
      const sharing = await call(p, who, 'GET', `/api/boards/${code}/sharing`);
      expect(sharing.status).toBe(200);
      const byName = (name: string) => sharing.body.members.find((m: { name: string }) => m.name === name);
      expect(byName('Olive Owner').username).toBe(owner.user!.username);
      expect(byName('Fay Facilitator')).toMatchObject({ username: facilitator.user!.username, role: 'Facilitator' });
      expect(byName('Ed Invited').username).toBe(invitedEditor.user!.username);
      expect(sharing.body.members.find((m: { uid: string }) => m.uid === linkUser.actor.uid).username).toBe(linkUser.user!.username);
      // a pending invitation shows as its address to them
      expect(sharing.body.members).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: PENDING, username: PENDING, status: 'Invited' })]),
      );
      const join = await call(p, who, 'GET', `/api/boards/${code}/commands`);
      expect(join.body.board.claims.role).toBe(role);
      expect(join.body.board.members.find((m: { uid: string }) => m.uid === owner.actor.uid).username).toBe(owner.user!.username);
    }
  });

  it('a guest, a link-only member and an invited Editor get names and pictures only', async () => {
    for (const [who, where] of [
      [visitor, 'guest'],
      [linkUser, 'link-only member'],
      [invitedEditor, 'invited Editor'],
    ] as const) {
      const sharing = await call(p, who, 'GET', `/api/boards/${code}/sharing`);
      expect(sharing.status).toBe(200);
      expectNoContacts(sharing.raw, `${where} GET …/sharing`);
      const names = sharing.body.members.map((m: { name: string }) => m.name);
      expect(names).toEqual(
        expect.arrayContaining(['Olive Owner', 'Fay Facilitator', 'Wes Workspace', 'Ed Invited', 'Guest', 'Invited member']),
      );
      for (const m of sharing.body.members) expect(Object.keys(m)).not.toContain('username');
      const join = await call(p, who, 'GET', `/api/boards/${code}/commands`);
      expect(join.status).toBe(200);
      expectNoContacts(join.raw, `${where} GET …/commands`);
      expect(join.body.board.members.length).toBeGreaterThanOrEqual(6);
    }
  });

  it('a member without a profile name is "Member" and four characters, never their e-mail\'s local part', async () => {
    const sharing = await call(p, owner, 'GET', `/api/boards/${code}/sharing`);
    const row = sharing.body.members.find((m: { uid: string }) => m.uid === linkUser.actor.uid);
    expect(row.name).toMatch(/^Member [0-9A-F]{4}$/);
    const own = await call(p, linkUser, 'GET', `/api/boards/${code}/commands`);
    expect(own.body.board.displayName).toBe(row.name);
  });

  it('a Facilitator by the anyone-with-link level alone gets no e-mails', async () => {
    const other = await newBoard(p, owner);
    expect((await call(p, owner, 'POST', `/api/boards/${other.code}/sharings`, { link: 'Facilitator' })).status).toBe(200);
    const stranger = await signedIn(p, { name: 'Sam Stranger' });
    const g = guest();
    for (const who of [stranger, g]) {
      const join = await call(p, who, 'GET', `/api/boards/${other.code}/commands`);
      expect(join.body.board.claims.role).toBe('Facilitator');
      const sharing = await call(p, who, 'GET', `/api/boards/${other.code}/sharing`);
      expect(sharing.raw).not.toContain(owner.user!.username);
      expect(sharing.raw).not.toMatch(/"username"/);
    }
  });
});

describe("members' contact details over the hub", () => {
  it('no e-mail reaches a guest or a link-only member in any answer or event; the managers still get them at join', async () => {
    const answers = new Map<HubClient, string[]>();
    const join = async (who: Who) => {
      const hub = await connect(who);
      const answer = await hub.call('joinBoard', '', code, '', joinOptions(who));
      answers.set(hub, [JSON.stringify(answer)]);
      return { hub, answer };
    };
    const guestHub = await join(visitor);
    const linkHub = await join(linkUser);
    const ownerHub = await join(owner);
    const facilitatorHub = await join(facilitator);
    const wsHub = await join(wsMember);
    for (const [h, who] of [
      [ownerHub, owner],
      [facilitatorHub, facilitator],
      [wsHub, wsMember],
    ] as const) {
      expect(h.answer.members.find((m: { uid: string }) => m.uid === linkUser.actor.uid).username, `${who.user!.display_name}`).toBe(
        linkUser.user!.username,
      );
    }

    // events: a newcomer without a profile name, chat and comments by members without names, renames, role changes
    const late = await join(latecomer);
    answers
      .get(late.hub)!
      .push(JSON.stringify(await late.hub.call('sendMessage', code, { id: 'm-late', message: 'hello from the latecomer' })));
    answers
      .get(linkHub.hub)!
      .push(JSON.stringify(await linkHub.hub.call('sendMessage', code, { id: 'm-link', message: 'hello from the link' })));
    answers.get(linkHub.hub)!.push(JSON.stringify(await linkHub.hub.call('addComment', code, 'a comment', '')));
    answers
      .get(ownerHub.hub)!
      .push(JSON.stringify(await ownerHub.hub.call('sendMessage', code, { id: 'm-owner', message: 'hello from the owner' })));
    answers.get(ownerHub.hub)!.push(JSON.stringify(await ownerHub.hub.call('addComment', code, 'the owner comments', '')));
    const linkMember = await p.db('board_members').where({ uid: linkUser.actor.uid }).first();
    expect((await call(p, owner, 'POST', `/api/boards/${code}/members/${linkMember.id}/roles`, { role: 'Commenter' })).status).toBe(200);
    answers.get(wsHub.hub)!.push(JSON.stringify(await wsHub.hub.call('renameMember', code, 'Wes Renamed')));
    answers.get(linkHub.hub)!.push(JSON.stringify(await linkHub.hub.call('reconnect', code, 0)));
    await guestHub.hub.waitFor('onBoardMemberRenamed');
    await guestHub.hub.waitForCount('onMessageReceived', 3);
    await linkHub.hub.waitFor('onRoleChanged');
    await pause(200);

    for (const [h, where] of [
      [guestHub, 'guest'],
      [linkHub, 'link-only member'],
      [late, 'latecomer (link-only)'],
    ] as const) {
      const seen = [...answers.get(h.hub)!, ...h.hub.events.map((e) => JSON.stringify(e))].join('\n');
      expect(h.hub.events.length).toBeGreaterThan(3);
      expectNoContacts(seen, `${where} over the hub`);
    }
    // the latecomer's name as others see it
    const joined = guestHub.hub.received<{ uid: string; name: string }>('onUserJoined').find((m) => m.uid === latecomer.actor.uid);
    expect(joined?.name).toMatch(/^Member [0-9A-F]{4}$/);
    const chat = guestHub.hub
      .received<{ displayName: string; message: string }>('onMessageReceived')
      .find((m) => m.message === 'hello from the latecomer');
    expect(chat?.displayName).toBe(joined?.name);
  });
});
