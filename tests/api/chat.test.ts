import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../platform/chat/service';
import { describeBoard } from '../../platform/boards/service';
import type { BoardMessage } from '../../platform/realtime/bus';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, newBoard, signedIn, type Who } from './boards-fixtures';

/** Board chat: the hub's sendMessage rules and GET /api/boards/{code}/messages. */
describe('board chat', () => {
  let p: TestPlatform;
  let ann: Who;
  const published: Array<{ code: string; message: BoardMessage }> = [];
  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await signedIn(p, { name: 'Ann' });
    p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  });
  afterAll(() => p.stop());
  const app = () => p.server.app;

  it('strips newlines, trims, stores, tells the others and answers the stored message', async () => {
    const { code, id } = await newBoard(p, ann);
    const msg = await sendMessage(app(), code, ann.actor, { id: 'm1', message: '  hello\nwor\r\nld  ' }, { connectionId: 'sock-1' });
    expect(msg).toMatchObject({ id: 'm1', message: 'helloworld', displayName: 'Ann', sender: 'self', uid: ann.actor.uid, profileImage: null });
    expect(new Date(msg.sentDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const events = published.filter((e) => e.code === code && e.message.event === 'onMessageReceived');
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toMatchObject({ except: 'sock-1', data: { id: 'm1', message: 'helloworld', sender: 'other' } });
    expect(await p.db('chat_messages').where({ board_id: id })).toHaveLength(1);
  });

  it('refuses an empty message with a field error, and stores a retried id once', async () => {
    const { code, id } = await newBoard(p, ann);
    await expect(sendMessage(app(), code, ann.actor, { id: 'e', message: ' \n \r\n ' })).rejects.toMatchObject({
      output: { statusCode: 400, payload: { errors: { message: ['Message is empty.'] } } },
    });
    await sendMessage(app(), code, ann.actor, { id: 'r', message: 'once' });
    const again = await sendMessage(app(), code, ann.actor, { id: 'r', message: 'once' });
    expect(again.message).toBe('once');
    expect(await p.db('chat_messages').where({ board_id: id })).toHaveLength(1);
    expect(published.filter((e) => e.code === code && e.message.event === 'onMessageReceived')).toHaveLength(1);
    await expect(sendMessage(app(), code, ann.actor, { id: 'l', message: 'x'.repeat(4001) })).rejects.toMatchObject({ output: { statusCode: 400 } });
  });

  it('lists messages oldest first with self/other senders and pages with From', async () => {
    const { code } = await newBoard(p, ann);
    const g = guest();
    await describeBoard(app(), code, g.actor);
    await p.db('board_members').where({ uid: g.actor.uid }).update({ name: 'Gus' });
    await sendMessage(app(), code, ann.actor, { id: 'a', message: 'first' });
    await new Promise((r) => setTimeout(r, 5));
    await sendMessage(app(), code, g.actor, { id: 'b', message: 'second' });
    const mine = await call(p, ann, 'GET', `/api/boards/${code}/messages`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((m: { message: string; sender: string; displayName: string }) => [m.message, m.sender, m.displayName])).toEqual([
      ['first', 'self', 'Ann'],
      ['second', 'other', 'Gus'],
    ]);
    const theirs = await call(p, g, 'GET', `/api/boards/${code}/messages`);
    expect(theirs.body.map((m: { sender: string }) => m.sender)).toEqual(['other', 'self']);
    const before = await call(p, ann, 'GET', `/api/boards/${code}/messages?From=${encodeURIComponent(mine.body[1].sentDate)}`);
    expect(before.body.map((m: { id: string }) => m.id)).toEqual(['a']);
    expect((await call(p, ann, 'GET', `/api/boards/${code}/messages?From=yesterday`)).status).toBe(400);
  });

  it('keeps the chat of a board from anyone without access', async () => {
    const { code } = await newBoard(p, ann);
    await sendMessage(app(), code, ann.actor, { id: 's', message: 'secret' });
    await p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    const stranger = await signedIn(p);
    expect((await call(p, stranger, 'GET', `/api/boards/${code}/messages`)).status).toBe(403);
    expect((await call(p, guest(), 'GET', `/api/boards/${code}/messages`)).status).toBe(403);
    expect((await call(p, null, 'GET', `/api/boards/${code}/messages`)).status).toBe(401);
    await expect(sendMessage(app(), code, stranger.actor, { id: 'x', message: 'hi' })).rejects.toMatchObject({ output: { statusCode: 403 } });
  });
});
