/**
 * The realtime hub over real sockets (board.md §7): a listening platform, nes clients as
 * signed-in users (bearer token) and guests (uid), every hub method with good and bad input.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeMemberRole, inviteMember, setSharing } from '../../platform/boards/sharing';
import { commandsSince } from '../../platform/boards/service';
import { HUB_METHODS } from '../../shared/hub';
import { HubClient, pause } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, guest, newBoard, rect, signedIn, type Who, uidOf } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let editor: Who;
let viewer: Who;
let code: string;
const open: HubClient[] = [];

async function connect(who?: Who | null): Promise<HubClient> {
  const c = await HubClient.connect(p.url, { token: who?.token });
  open.push(c);
  return c;
}

/** Connects and joins `board` as `who` (guests by uid). */
async function joined(who: Who, board = code, name?: string): Promise<{ c: HubClient; info: any }> {
  const c = await connect(who);
  const info = await c.call('joinBoard', null, board, null, { ...(who.token ? {} : { uid: uidOf(who) }), ...(name ? { name } : {}) });
  return { c, info };
}

const stored = async (board = code) => commandsSince(p.server.app, board, owner.actor, 0);

beforeAll(async () => {
  p = await startTestPlatform({}, { listen: true });
  owner = await signedIn(p, { plan: 'team', name: 'Olive Owner' });
  editor = await signedIn(p, { name: 'Eddie Editor' });
  viewer = await signedIn(p, { name: 'Vera Viewer' });
  code = (await newBoard(p, owner)).code;
  await inviteMember(p.server.app, code, owner.actor, { email: editor.user!.username, memberRole: 'Editor' });
  await inviteMember(p.server.app, code, owner.actor, { email: viewer.user!.username, memberRole: 'Viewer' });
  await setSharing(p.server.app, code, owner.actor, { link: 'Viewer' });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await p?.stop();
});

describe('connecting', () => {
  it('accepts guests without a token and users with a bearer token', async () => {
    const g = await connect();
    const u = await connect(owner);
    expect(g.id).toEqual(expect.any(String));
    expect(u.id).not.toBe(g.id);
  });

  it('refuses a bad token instead of treating it as a guest', async () => {
    await expect(HubClient.connect(p.url, { token: 'not-a-jwt' })).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('joinBoard', () => {
  it('answers the BoardInfo with the connection id, the online list and the latest seq; sends onMeJoined', async () => {
    const { c, info } = await joined(owner);
    expect(info).toMatchObject({
      code,
      boardName: expect.any(String),
      claims: { role: 'Owner' },
      connectionId: c.id,
      lastSeq: expect.any(Number),
    });
    expect(info.online.map((m: any) => m.uid)).toEqual([owner.actor.uid]);
    expect(info.members.find((m: any) => m.uid === owner.actor.uid)).toMatchObject({ isOnline: true });
    // invited and not yet on the board: listed by e-mail, offline, without its key (docs/security.md)
    expect(info.members.find((m: any) => m.username === editor.user!.username)).toMatchObject({
      isOnline: false,
      status: 'Invited',
      name: editor.user!.username,
    });
    const me = await c.waitFor('onMeJoined');
    expect(me).toMatchObject({
      uid: owner.actor.uid,
      name: 'Olive Owner',
      role: 'Owner',
      isSelf: true,
      isOnline: true,
      connectionId: c.id,
    });
  });

  it('tells the others (onUserJoined) and lists everyone online, latest first', async () => {
    const { c: first } = await joined(owner);
    await pause(5);
    const g = guest();
    const { c: second, info } = await joined(g, code, 'Gus');
    expect(info.online.map((m: any) => m.uid)).toEqual([g.actor.uid, owner.actor.uid]);
    expect(info.claims.role).toBe('Viewer');
    expect(await first.waitFor('onUserJoined')).toMatchObject({ uid: g.actor.uid, name: 'Gus', role: 'Viewer', isOnline: true });
    await pause(100);
    expect(second.received('onUserJoined')).toEqual([]); // not to itself
  });

  it('sends onBoardNotFound and answers 404 for an unknown board', async () => {
    const c = await connect(owner);
    const err = await c.fail('joinBoard', null, 'NoSuchBoard1', null, {});
    expect(err.statusCode).toBe(404);
    expect(err.data?.message).toBe('Requested board not found!');
    expect(await c.waitFor('onBoardNotFound')).toMatchObject({ boardCode: 'NoSuchBoard1', message: 'Requested board not found!' });
  });

  it('sends onAccessDenied and answers 403 when the link gives no access', async () => {
    const closed = (await newBoard(p, owner)).code;
    await setSharing(p.server.app, closed, owner.actor, { link: 'NoAccess' });
    const c = await connect();
    const err = await c.fail('joinBoard', null, closed, null, { uid: uidOf(guest()) });
    expect(err.statusCode).toBe(403);
    expect(await c.waitFor('onAccessDenied')).toMatchObject({ boardCode: closed });
  });

  it('refuses a clientid without a uid, and a guest without a uid (invalid-uid)', async () => {
    const c = await connect();
    const a = await c.fail('joinBoard', null, code, 'some-client-id', {});
    expect(a.statusCode).toBe(400);
    expect(a.data).toMatchObject({ message: 'invalid-uid', errors: { uid: ['invalid-uid'] } });
    const u = await connect(owner);
    expect((await u.fail('joinBoard', null, code, 'some-client-id', {})).data?.message).toBe('invalid-uid');
    expect((await c.fail('joinBoard', null, code, null, {})).data?.message).toBe('invalid-uid');
    // with a uid the clientid is fine
    await expect(c.call('joinBoard', null, code, 'some-client-id', { uid: uidOf(guest()) })).resolves.toMatchObject({ code });
  });

  it('validates every argument with joi and answers 400 naming it; the socket stays open', async () => {
    const c = await connect(owner);
    const cases: Array<[unknown[], string]> = [
      [[null, 12345, null, {}], 'boardCode'],
      [[null, 'bad code!', null, {}], 'boardCode'],
      [[null, code, null, { uid: 5 }], 'options.uid'],
      [[null, code, null, { lastSeq: -1 }], 'options.lastSeq'],
      [[null, code, null, { color: 'red' }], 'options.color'],
      [[{ a: 1 }, code, null, {}], 'workspace'],
      [[null, code, null, 'options'], 'options'],
    ];
    for (const [args, field] of cases) {
      const err = await c.fail('joinBoard', ...args);
      expect(err.statusCode, JSON.stringify(args)).toBe(400);
      expect(Object.keys(err.data?.errors ?? {}), JSON.stringify(args)).toContain(field);
    }
    expect((await c.fail('joinBoard', null, code, null, {}, 'extra')).data?.errors).toHaveProperty('args');
    await expect(c.call('joinBoard', null, code, null, {})).resolves.toMatchObject({ code });
  });

  it('moves a socket from one board to another: the first board sees it leave', async () => {
    const other = (await newBoard(p, owner)).code;
    const { c: watcher } = await joined(editor);
    const { c } = await joined(owner);
    await watcher.waitFor('onUserJoined', (m) => m.uid === owner.actor.uid);
    await c.call('joinBoard', null, other, null, {});
    expect(await watcher.waitFor('onUserLeft')).toMatchObject({ uid: owner.actor.uid });
  });
});

describe('envelope', () => {
  it('answers 400 for an unknown method, a missing method and a non-object message', async () => {
    const c = await connect();
    await expect(c.raw({ method: 'dropTables', args: [] })).rejects.toMatchObject({
      statusCode: 400,
      data: { errors: { method: expect.any(Array) } },
    });
    await expect(c.raw({ args: [] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.raw('joinBoard')).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.raw({ method: 'joinBoard', args: 'x' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.raw(null)).rejects.toMatchObject({ statusCode: 400 });
    expect(c.disconnects).toBe(0);
  });

  it('needs a joined board for every board method', async () => {
    const c = await connect(owner);
    for (const method of HUB_METHODS.filter((m) => m !== 'joinBoard' && m !== 'reconnect')) {
      const args =
        method === 'sendCommand'
          ? [code, add(owner.actor.uid, rect('s1', owner.actor.uid))]
          : method === 'messaging'
            ? [code, null, '', { name: 'follow-me-to' }]
            : method === 'sendMessage'
              ? [code, { id: 'm1', message: 'hi' }]
              : method === 'updateConfig'
                ? [code, {}]
                : method === 'deleteComment'
                  ? [code, 't', 'c']
                  : [code, 'x'];
      const err = await c.fail(method, ...args);
      expect(err.statusCode, method).toBe(400);
      expect(err.data?.message, method).toBe('Join the board first.');
    }
  });
});

describe('sendCommand', () => {
  it('appends the command, answers { id, seq } and sends onCommand to the others only', async () => {
    const { c: sender } = await joined(editor);
    const { c: other } = await joined(owner);
    const command = add(editor.actor.uid, rect(`r-${Date.now()}`, editor.actor.uid));
    const answer = await sender.call('sendCommand', code, command);
    expect(answer).toEqual({ id: command.id, seq: expect.any(Number), duplicate: false });
    const got = await other.waitFor('onCommand', (c) => c.id === command.id);
    expect(got).toMatchObject({ id: command.id, seq: answer.seq, cmd: 'rectangle', uid: editor.actor.uid });
    await pause(100);
    expect(sender.received('onCommand').filter((c) => c.id === command.id)).toEqual([]);
    // a resend (same id) is a duplicate: same seq, nothing new stored or broadcast
    expect(await sender.call('sendCommand', code, command)).toEqual({ id: command.id, seq: answer.seq, duplicate: true });
    expect((await stored()).filter((c) => c.id === command.id)).toHaveLength(1);
  });

  it("refuses a Viewer's command (403) and stores nothing", async () => {
    const { c } = await joined(viewer);
    const before = (await stored()).length;
    const err = await c.fail('sendCommand', code, add(viewer.actor.uid, rect(`v-${Date.now()}`, viewer.actor.uid)));
    expect(err.statusCode).toBe(403);
    expect((await stored()).length).toBe(before);
  });

  it('answers 400 for an invalid command and stores nothing', async () => {
    const { c } = await joined(editor);
    const before = (await stored()).length;
    for (const bad of [
      {},
      { cmd: 'rectangle' },
      { ...add(editor.actor.uid, rect('bad', editor.actor.uid)), shape: { cmd: 'rectangle' } },
      [1, 2],
    ]) {
      const err = await c.fail('sendCommand', code, bad);
      expect(err.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await c.fail('sendCommand', code)).data?.errors).toHaveProperty('command');
    expect((await stored()).length).toBe(before);
  });
});

describe('reconnect', () => {
  it('re-enters a new socket and sends exactly the commands after lastSeq (onReconnected)', async () => {
    const board = (await newBoard(p, owner)).code;
    const g = guest();
    const { c: first } = await joined(g, board);
    const { c: writer } = await joined(owner, board);
    const a = await writer.call('sendCommand', board, add(owner.actor.uid, rect('a1', owner.actor.uid)));
    await first.waitFor('onCommand', (c) => c.seq === a.seq);
    await first.close();
    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await writer.call('sendCommand', board, add(owner.actor.uid, rect(`m${i}`, owner.actor.uid))));

    const again = await connect();
    const answer = await again.call('reconnect', board, a.seq, { uid: uidOf(g) });
    expect(answer).toMatchObject({ connectionId: again.id, lastSeq: missed[2].seq });
    const caught = await again.waitFor('onReconnected');
    expect(caught.commands.map((c: any) => c.seq)).toEqual(missed.map((m) => m.seq));
    expect(caught.lastSeq).toBe(missed[2].seq);

    // live commands after it arrive once, in order
    const next = await writer.call('sendCommand', board, add(owner.actor.uid, rect('n1', owner.actor.uid)));
    expect((await again.waitFor('onCommand')).seq).toBe(next.seq);
    await pause(100);
    expect(again.received('onCommand').map((c) => c.seq)).toEqual([next.seq]);
  });

  it('on a socket already on the board, reuses its identity (reconnect(boardCode, lastSeq))', async () => {
    const g = guest();
    const { c } = await joined(g);
    const answer = await c.call('reconnect', code, 0);
    expect(answer.connectionId).toBe(c.id);
    expect(await c.waitFor('onReconnected')).toMatchObject({ commands: expect.any(Array) });
  });

  it('validates its arguments and access', async () => {
    const c = await connect();
    expect((await c.fail('reconnect', code, 'five', { uid: 'g1' })).data?.errors).toHaveProperty('lastSeq');
    expect((await c.fail('reconnect', code, 0)).data?.message).toBe('invalid-uid');
    expect((await c.fail('reconnect', 'NoSuchBoard2', 0, { uid: 'g1' })).statusCode).toBe(404);
  });
});

describe('board and member names, configuration', () => {
  it('renameMember: answers, tells the others, updates the online list', async () => {
    const { c } = await joined(editor);
    const { c: other } = await joined(owner);
    expect(await c.call('renameMember', code, '  Eddie  E ')).toEqual({ uid: editor.actor.uid, name: 'Eddie E' });
    expect(await other.waitFor('onBoardMemberRenamed')).toEqual({ uid: editor.actor.uid, name: 'Eddie E' });
    const online = (await c.call('joinBoard', null, code, null, {})).online;
    expect(online.find((m: any) => m.uid === editor.actor.uid).name).toBe('Eddie E');
    expect((await c.fail('renameMember', code, '   ')).statusCode).toBe(400);
    expect((await c.fail('renameMember', code, 42)).data?.errors).toHaveProperty('name');
  });

  it('renameBoard: editors rename (onBoardRenamed to the others), viewers may not', async () => {
    const { c } = await joined(editor);
    const { c: other } = await joined(viewer);
    expect(await c.call('renameBoard', code, 'Roadmap')).toEqual({ name: 'Roadmap' });
    expect(await other.waitFor('onBoardRenamed')).toEqual({ name: 'Roadmap' });
    expect((await other.fail('renameBoard', code, 'Mine')).statusCode).toBe(403);
    // broadcasts are serialised once and spliced into nes frames: replacement patterns stay literal
    const tricky = 'Price $& $\' $` $$ $1 $<n> "quoted" \\ 💥';
    expect(await c.call('renameBoard', code, tricky)).toEqual({ name: tricky });
    expect(await other.waitFor('onBoardRenamed', (d) => d.name !== 'Roadmap')).toEqual({ name: tricky });
    expect((await c.fail('renameBoard', code, '')).statusCode).toBe(400);
  });

  it('updateConfig: the owner changes the background (onConfigChanged); bad values are 400', async () => {
    const { c } = await joined(owner);
    const { c: other } = await joined(editor);
    const config = await c.call('updateConfig', code, { bgColor: '#FFAA00' });
    expect(config).toMatchObject({ bgColor: '#FFAA00' });
    expect(await other.waitFor('onConfigChanged')).toMatchObject({ bgColor: '#FFAA00' });
    expect((await c.fail('updateConfig', code, 'blue')).data?.errors).toHaveProperty('config');
    expect((await c.fail('updateConfig', code, { bgColor: 'blue' })).statusCode).toBe(400);
    // the image downsize setting: an option of board.md §5 (or ask) and a quality 1–100 or none
    expect(await c.call('updateConfig', code, { downsize: { option: 'half', quality: null } })).toMatchObject({
      downsize: { option: 'half', quality: null },
    });
    for (const bad of [{ option: 'huge', quality: null }, { option: 'view', quality: 0 }, { option: 'view', quality: 7.5 }, 'view'])
      expect((await c.fail('updateConfig', code, { downsize: bad })).data?.errors).toHaveProperty('downsize');
  });
});

describe('messaging (channel events)', () => {
  it('collaboratorsCursorMoved: batched to the others (never back to the mover), at most one per 50 ms per socket; with a target, to that member alone', async () => {
    const { c: a } = await joined(editor);
    const { c: b } = await joined(owner);
    const { c: v } = await joined(viewer);
    const move = (c: HubClient, data: unknown, target = '') =>
      c.call('messaging', code, null, target, { name: 'collaboratorsCursorMoved', data });
    expect(await move(a, { x: 1, y: 2 })).toEqual({ delivered: true });
    expect(await move(a, { x: 3, y: 4 })).toMatchObject({ dropped: true });
    expect(await move(b, { x: 7, y: 8 })).toEqual({ delivered: true });
    await pause(60);
    expect(await move(a, { x: 5, y: 6 })).toEqual({ delivered: true });

    /** Every cursor a socket received, flattened out of the batches, as `uid x,y`. */
    const cursorsAt = (c: HubClient) =>
      c.received('onEventReceived').flatMap((e) => (e.data?.cursors ?? []).map((m: any) => `${m.from.uid} ${m.data.x},${m.data.y}`));
    const at = (who: Who, x: number, y: number) => `${who.actor.uid} ${x},${y}`;
    await v.waitFor('onEventReceived', (e) => JSON.stringify(e).includes('"x":5'));
    await b.waitFor('onEventReceived', (e) => JSON.stringify(e).includes('"x":5'));
    await a.waitFor('onEventReceived', (e) => JSON.stringify(e).includes('"x":7'));
    // one onEventReceived per batch, each move inside in its per-move shape (data as sent, sender)
    for (const e of [...a.received('onEventReceived'), ...b.received('onEventReceived'), ...v.received('onEventReceived')]) {
      expect(e).toEqual({ name: 'collaboratorsCursorMoved', data: { cursors: expect.any(Array) }, from: null });
      for (const m of e.data.cursors)
        expect(m).toEqual({
          data: { x: expect.any(Number), y: expect.any(Number) },
          from: { uid: expect.any(String), name: expect.any(String) },
        });
    }
    const entries = v.received('onEventReceived').flatMap((e) => e.data.cursors);
    expect(entries.find((m) => m.from.uid === editor.actor.uid).from).toEqual({
      uid: editor.actor.uid,
      name: expect.stringMatching(/^Eddie/),
    });
    // the dropped move went nowhere; nobody gets their own cursor back
    expect(cursorsAt(v).sort()).toEqual([at(editor, 1, 2), at(editor, 5, 6), at(owner, 7, 8)].sort());
    expect(cursorsAt(b)).toEqual([at(editor, 1, 2), at(editor, 5, 6)]);
    expect(cursorsAt(a)).toEqual([at(owner, 7, 8)]);

    // a targeted cursor goes to that member alone, at once, as a single move
    expect(await move(b, { x: 9, y: 9 }, editor.actor.uid)).toEqual({ delivered: true });
    expect(await a.waitFor('onEventReceived', (e) => e.data?.x === 9)).toEqual({
      name: 'collaboratorsCursorMoved',
      data: { x: 9, y: 9 },
      from: { uid: owner.actor.uid, name: expect.any(String) },
    });
    await pause(100);
    expect(JSON.stringify(v.received('onEventReceived'))).not.toContain('"x":9');
  });

  it('grab-everyone-attention: the Owner with the attention policy; an Editor or a plan without it may not', async () => {
    const { c } = await joined(owner);
    const { c: other } = await joined(editor);
    expect(await c.call('messaging', code, null, '', { name: 'grab-everyone-attention', data: { x: 10, y: 20, zoom: 1 } })).toEqual({
      delivered: true,
    });
    expect(await other.waitFor('onEventReceived')).toMatchObject({
      name: 'grab-everyone-attention',
      data: { x: 10, y: 20, zoom: 1 },
      from: { uid: owner.actor.uid },
    });
    expect((await other.fail('messaging', code, null, '', { name: 'grab-everyone-attention' })).statusCode).toBe(403);

    const planless = await signedIn(p, { name: 'No Plan' });
    const own = (await newBoard(p, planless)).code;
    const { c: mine } = await joined(planless, own);
    expect((await mine.fail('messaging', own, null, '', { name: 'grab-everyone-attention' })).statusCode).toBe(403);
  });

  it('follow mode: register, follow-me-to reaches followers only, cross-following refused, unregister', async () => {
    const { c: follower } = await joined(editor);
    const { c: leader } = await joined(owner);
    const { c: bystander } = await joined(viewer);
    expect(await follower.call('messaging', code, null, owner.actor.uid, { name: 'register-follower' })).toMatchObject({
      delivered: true,
      following: owner.actor.uid,
    });
    expect(await leader.waitFor('onEventReceived')).toMatchObject({ name: 'register-follower', from: { uid: editor.actor.uid } });

    const cross = await leader.fail('messaging', code, null, editor.actor.uid, { name: 'register-follower' });
    expect(cross.statusCode).toBe(400);
    expect(cross.data?.message).toBe('Cross-following is not allowed!');

    expect(await leader.call('messaging', code, null, '', { name: 'follow-me-to', data: { x: 1, y: 2, w: 3, h: 4 } })).toMatchObject({
      delivered: true,
      followers: 1,
    });
    expect(await follower.waitFor('onEventReceived', (e) => e.name === 'follow-me-to')).toMatchObject({
      data: { x: 1, y: 2, w: 3, h: 4 },
      from: { uid: owner.actor.uid },
    });
    await pause(100);
    expect(bystander.received('onEventReceived')).toEqual([]);

    expect(await follower.call('messaging', code, null, '', { name: 'unregister-follower' })).toEqual({ delivered: true });
    expect(await leader.waitFor('onEventReceived', (e) => e.name === 'unregister-follower')).toMatchObject({
      from: { uid: editor.actor.uid },
    });
    expect(await leader.call('messaging', code, null, '', { name: 'follow-me-to', data: {} })).toMatchObject({
      delivered: false,
      followers: 0,
    });

    expect((await follower.fail('messaging', code, null, '', { name: 'register-follower' })).data?.errors).toHaveProperty('target');
    expect((await follower.fail('messaging', code, null, editor.actor.uid, { name: 'register-follower' })).statusCode).toBe(400);
  });

  it('validates the channel message', async () => {
    const { c } = await joined(editor);
    expect((await c.fail('messaging', code, null, '', { name: 'self-destruct' })).data?.errors).toHaveProperty('message.name');
    expect(
      (await c.fail('messaging', code, null, '', { name: 'collaboratorsCursorMoved', data: 'x'.repeat(20_000) })).data?.errors,
    ).toHaveProperty('message.data');
    expect((await c.fail('messaging', code, null, '')).data?.errors).toHaveProperty('message');
  });
});

describe('chat and comments', () => {
  it('sendMessage: onMessageSent to the sender, onMessageReceived to the others', async () => {
    const { c } = await joined(editor);
    const { c: other } = await joined(owner);
    const sent = await c.call('sendMessage', code, { id: 'msg-1', message: 'Hello\nthere ' });
    expect(sent).toMatchObject({ id: 'msg-1', message: 'Hellothere', sender: 'self' });
    expect(await c.waitFor('onMessageSent')).toMatchObject({ id: 'msg-1' });
    expect(await other.waitFor('onMessageReceived')).toMatchObject({ id: 'msg-1', message: 'Hellothere', sender: 'other' });
    expect((await c.fail('sendMessage', code, { id: 'msg-2', message: '   ' })).statusCode).toBe(400);
    expect((await c.fail('sendMessage', code, { message: 'no id' })).data?.errors).toHaveProperty('message.id');
  });

  it('addComment / deleteComment: addCommentSucceeded to the caller, commentAdded / commentRemoved to the others', async () => {
    const { c } = await joined(editor);
    const { c: other } = await joined(owner);
    const first = await c.call('addComment', code, 'First thought');
    expect(first).toMatchObject({ createdThreadId: expect.any(String), id: expect.any(String), date: expect.any(String) });
    expect(await c.waitFor('addCommentSucceeded')).toEqual(first);
    expect(await other.waitFor('commentAdded')).toMatchObject({
      id: first.id,
      message: 'First thought',
      newThread: true,
      threadId: first.threadId,
    });
    const second = await c.call('addComment', code, 'Second', first.threadId);
    expect(second).toMatchObject({ createdThreadId: null, threadId: first.threadId });
    expect(await c.call('deleteComment', code, first.threadId, second.id)).toEqual({ threadId: first.threadId, id: second.id });
    expect(await other.waitFor('commentRemoved')).toEqual({ threadId: first.threadId, id: second.id });
    expect((await c.fail('addComment', code, '')).statusCode).toBe(400);
    expect((await c.fail('deleteComment', code, first.threadId)).data?.errors).toHaveProperty('commentId');
    const { c: v } = await joined(viewer);
    expect((await v.fail('addComment', code, 'viewers cannot')).statusCode).toBe(403);
  });
});

describe('leaving and revocation', () => {
  it('a closed socket is announced with onUserLeft; a second tab keeps the member online', async () => {
    const { c: watcher } = await joined(owner);
    const g = guest();
    const { c: tab1 } = await joined(g);
    const { c: tab2 } = await joined(g);
    await tab1.close();
    await pause(300);
    expect(watcher.received('onUserLeft')).toEqual([]);
    await tab2.close();
    expect(await watcher.waitFor('onUserLeft')).toMatchObject({ uid: g.actor.uid });
  });

  it('a member whose access is revoked gets onRoleChanged(null) and leaves the board', async () => {
    const member = await signedIn(p, { name: 'Rita' });
    const board = (await newBoard(p, owner)).code;
    await setSharing(p.server.app, board, owner.actor, { link: 'NoAccess' });
    await inviteMember(p.server.app, board, owner.actor, { email: member.user!.username, memberRole: 'Editor' });
    const { c: writer } = await joined(owner, board);
    const { c: revoked } = await joined(member, board);
    await changeMemberRole(p.server.app, board, owner.actor, member.actor.uid, 'NoAccess');
    expect(await revoked.waitFor('onRoleChanged')).toMatchObject({ role: null });
    expect(await writer.waitFor('onUserLeft')).toMatchObject({ uid: member.actor.uid });
    await writer.call('sendCommand', board, add(owner.actor.uid, rect(`after-revoke-${Date.now()}`, owner.actor.uid)));
    await pause(200);
    expect(revoked.received('onCommand')).toEqual([]);
    expect((await revoked.fail('sendCommand', board, add(member.actor.uid, rect('x', member.actor.uid)))).statusCode).toBe(400);
    expect((await revoked.fail('joinBoard', null, board, null, {})).statusCode).toBe(403);
  });
});
