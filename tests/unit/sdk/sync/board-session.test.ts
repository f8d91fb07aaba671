/**
 * The session parts around the document, driven over the in-memory transport: opening the socket
 * (an expired token refreshed once, else the login page through the `navigate` callback), who is
 * on the board (presence events), and a revoked role (the toast, then access-denied).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBoard, session, until } from './memory-board';

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

describe('board session over the in-memory transport', () => {
  it('a socket refused for an expired token refreshes it once and connects with the new one', async () => {
    let token = 'old';
    const board = new MemoryBoard();
    board.transport.failNextConnect(Object.assign(new Error('Token expired'), { statusCode: 401 }));
    const s = session(board, { token: () => token, refresh: async () => (token = 'new') });
    stop = () => s.sync.destroy();
    await s.sync.connect();
    expect(s.sync.phase).toBe('online');
    expect(board.transport.auths.slice(0, 2)).toEqual([
      { headers: { authorization: 'Bearer old' } },
      { headers: { authorization: 'Bearer new' } },
    ]);
    expect(s.visited).toEqual([]);
  });

  it('refused again (or with nothing to refresh): the login page, through the navigate callback', async () => {
    const board = new MemoryBoard();
    board.transport.failNextConnect(Object.assign(new Error('Unauthorized'), { statusCode: 401 }));
    const s = session(board, { token: () => 'old' });
    stop = () => s.sync.destroy();
    await s.sync.connect();
    expect(s.sync.phase).toBe('denied');
    expect(s.visited).toEqual(['/accounts/login?ret=%2F']);
  });

  it('keeps the members and their online state from the presence events', async () => {
    const s = session();
    stop = () => s.sync.destroy();
    await s.sync.connect();
    s.transport.deliver({ event: 'onMeJoined', data: { uid: 'me', name: 'Me' } });
    s.transport.deliver({ event: 'onUserJoined', data: { uid: 'bob', name: 'Bob' } });
    s.transport.deliver({ event: 'onBoardMemberRenamed', data: { uid: 'bob', name: 'Robert' } });
    s.transport.deliver({ event: 'onUserLeft', data: { uid: 'bob' } });
    expect(s.sync.members$.value).toEqual([
      { uid: 'me', name: 'Me', isSelf: true, isOnline: true },
      { uid: 'bob', name: 'Robert', isOnline: false },
    ]);
    expect(s.sync.me$.value).toMatchObject({ uid: 'me', name: 'Me' });
  });

  it('a revoked role: the claims are emptied, the toast shown, then access-denied', async () => {
    const s = session();
    stop = () => s.sync.destroy();
    await s.sync.connect();
    expect(s.sync.claims$.value.role).toBe('Owner');
    s.transport.deliver({ event: 'onRoleChanged', data: { role: null, permissions: [] } });
    expect(s.sync.claims$.value).toMatchObject({ role: null, permissions: [] });
    expect(s.sync.phase).toBe('denied');
    expect(s.notices.map((n) => n.key)).toContain('revoked');
    await until(() => s.visited.length > 0, 'the navigation', 3000);
    expect(s.visited).toEqual(['/access-denied']);
  });
});
