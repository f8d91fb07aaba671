/**
 * The name chat messages and comments carry (board.md §3 Chat message displayName, Comment name):
 * the name a visitor chose on the board, else the name they joined the hub with (a returning
 * guest's remembered name: joinBoard's options.name, never stored by a rename), else the profile
 * name — over real sockets, on the hub's sendMessage and addComment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSharing } from '../../platform/boards/sharing';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, newBoard, signedIn, uidOf, type Who } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let code: string;
const open: HubClient[] = [];

async function joined(who: Who, name?: string): Promise<HubClient> {
  const c = await HubClient.connect(p.url, { token: who.token });
  open.push(c);
  await c.call('joinBoard', null, code, null, { ...(who.token ? {} : { uid: uidOf(who) }), ...(name ? { name } : {}) });
  return c;
}

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  code = (await newBoard(p, owner)).code;
  await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await p?.stop();
});

describe('names in chat and comments', () => {
  it('a guest who joined with a remembered name chats and comments under it', async () => {
    const bea = guest();
    const c = await joined(bea, 'Bea Guest');
    const o = await joined(owner);
    const sent = await c.call('sendMessage', code, { id: 'named-1', message: 'hello' });
    expect(sent).toMatchObject({ displayName: 'Bea Guest', sender: 'self' });
    expect(await o.waitFor('onMessageReceived')).toMatchObject({ id: 'named-1', displayName: 'Bea Guest' });
    const listed = await call(p, owner, 'GET', `/api/boards/${code}/messages`);
    expect(listed.body.find((m: { id: string }) => m.id === 'named-1')).toMatchObject({ displayName: 'Bea Guest', sender: 'other' });

    const added = await c.call('addComment', code, 'a note');
    expect(await o.waitFor('commentAdded')).toMatchObject({ id: added.id, displayName: 'Bea Guest' });
    const threads = await call(p, owner, 'GET', `/api/boards/${code}/comments`);
    const thread = threads.body.find((t: { threadId: string }) => t.threadId === added.threadId);
    expect(thread.comments[0]).toMatchObject({ name: 'Bea Guest', seen: false });
  });

  it('a name chosen on the board wins; without any, the profile name or Guest', async () => {
    const c = await joined(owner);
    expect(await c.call('sendMessage', code, { id: 'profile-1', message: 'hi' })).toMatchObject({ displayName: 'Olive Owner' });
    await c.call('renameMember', code, 'Captain');
    expect(await c.call('sendMessage', code, { id: 'renamed-1', message: 'hi' })).toMatchObject({ displayName: 'Captain' });
    const anon = await joined(guest());
    expect(await anon.call('sendMessage', code, { id: 'anon-1', message: 'hi' })).toMatchObject({ displayName: 'Guest' });
  });
});
