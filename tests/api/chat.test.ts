import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../platform/chat/service';
import { describeBoard } from '../../platform/boards/service';
import { boardsSuite, call, guest, newBoard, signedIn } from './boards-fixtures';

/** Board chat: the hub's sendMessage rules and GET /api/boards/{code}/messages. */
describe('board chat', () => {
  const s = boardsSuite({ ann: { name: 'Ann' } });

  it('strips newlines, trims, stores, tells the others and answers the stored message', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    const msg = await sendMessage(s.app(), code, s.ann.actor, { id: 'm1', message: '  hello\nwor\r\nld  ' }, { connectionId: 'sock-1' });
    expect(msg).toMatchObject({
      id: 'm1',
      message: 'helloworld',
      displayName: 'Ann',
      sender: 'self',
      uid: s.ann.actor.uid,
      profileImage: null,
    });
    expect(new Date(msg.sentDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const events = s.events(code, 'onMessageReceived');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ except: 'sock-1', data: { id: 'm1', message: 'helloworld', sender: 'other' } });
    expect(await s.p.db('chat_messages').where({ board_id: id })).toHaveLength(1);
  });

  it('refuses an empty message with a field error, and stores a retried id once', async () => {
    const { code, id } = await newBoard(s.p, s.ann);
    await expect(sendMessage(s.app(), code, s.ann.actor, { id: 'e', message: ' \n \r\n ' })).rejects.toMatchObject({
      output: { statusCode: 400, payload: { errors: { message: ['Message is empty.'] } } },
    });
    await sendMessage(s.app(), code, s.ann.actor, { id: 'r', message: 'once' });
    const again = await sendMessage(s.app(), code, s.ann.actor, { id: 'r', message: 'once' });
    expect(again.message).toBe('once');
    expect(await s.p.db('chat_messages').where({ board_id: id })).toHaveLength(1);
    expect(s.events(code, 'onMessageReceived')).toHaveLength(1);
    await expect(sendMessage(s.app(), code, s.ann.actor, { id: 'l', message: 'x'.repeat(4001) })).rejects.toMatchObject({
      output: { statusCode: 400 },
    });
  });

  it('lists messages oldest first with self/other senders and pages with From', async () => {
    const { code } = await newBoard(s.p, s.ann);
    const g = guest();
    await describeBoard(s.app(), code, g.actor);
    await s.p.db('board_members').where({ uid: g.actor.uid }).update({ name: 'Gus' });
    await sendMessage(s.app(), code, s.ann.actor, { id: 'a', message: 'first' });
    await new Promise((r) => setTimeout(r, 5));
    await sendMessage(s.app(), code, g.actor, { id: 'b', message: 'second' });
    const mine = await call(s.p, s.ann, 'GET', `/api/boards/${code}/messages`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((m: { message: string; sender: string; displayName: string }) => [m.message, m.sender, m.displayName])).toEqual([
      ['first', 'self', 'Ann'],
      ['second', 'other', 'Gus'],
    ]);
    const theirs = await call(s.p, g, 'GET', `/api/boards/${code}/messages`);
    expect(theirs.body.map((m: { sender: string }) => m.sender)).toEqual(['other', 'self']);
    const before = await call(s.p, s.ann, 'GET', `/api/boards/${code}/messages?From=${encodeURIComponent(mine.body[1].sentDate)}`);
    expect(before.body.map((m: { id: string }) => m.id)).toEqual(['a']);
    expect((await call(s.p, s.ann, 'GET', `/api/boards/${code}/messages?From=yesterday`)).status).toBe(400);
  });

  it('keeps the chat of a board from anyone without access', async () => {
    const { code } = await newBoard(s.p, s.ann);
    await sendMessage(s.app(), code, s.ann.actor, { id: 's', message: 'secret' });
    await s.p.db('boards').where({ code }).update({ link_level: 'NoAccess' });
    const stranger = await signedIn(s.p);
    expect((await call(s.p, stranger, 'GET', `/api/boards/${code}/messages`)).status).toBe(403);
    expect((await call(s.p, guest(), 'GET', `/api/boards/${code}/messages`)).status).toBe(403);
    expect((await call(s.p, null, 'GET', `/api/boards/${code}/messages`)).status).toBe(401);
    await expect(sendMessage(s.app(), code, stranger.actor, { id: 'x', message: 'hi' })).rejects.toMatchObject({
      output: { statusCode: 403 },
    });
  });
});
