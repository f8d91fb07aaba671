import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ChatStore, type ChatMessage, type ChatSession } from '../../sdk/collab/chat';
import type { HubEventMessage } from '../../shared/hub';

/**
 * ChatStore's rules with a stand-in for the socket and the history route (what the server would
 * answer): the hub and the route are tested for real in tests/api/chat*.test.ts and end to end in
 * tests/e2e/board-chat.spec.ts.
 */
const msg = (id: string, minute: number, sender: 'self' | 'other' = 'other'): ChatMessage => ({
  id,
  message: `m ${id}`,
  displayName: 'Ann',
  sentDate: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
  sender,
  uid: 'ann',
  profileImage: null,
});

function setup(pages: Record<string, ChatMessage[]>) {
  const events$ = new Subject<HubEventMessage>();
  const requests: string[] = [];
  let answer: ((m: ChatMessage) => void) | null = null;
  let refuse: ((e: Error) => void) | null = null;
  const calls: unknown[][] = [];
  const session: ChatSession = {
    uid: 'me',
    events$,
    call: <T>(...args: unknown[]) => {
      calls.push(args);
      return new Promise<T>((resolve, reject) => {
        answer = resolve as (m: ChatMessage) => void;
        refuse = reject;
      });
    },
    request: async <T>(_m: 'GET', path: string) => {
      requests.push(path);
      const from = new URL(path, 'http://x').searchParams.get('From') ?? '';
      return (pages[from] ?? []) as T;
    },
  };
  const store = new ChatStore(session, 'BOARD', () => 'Me', 2);
  return { store, events$, requests, calls, answer: (m: ChatMessage) => answer!(m), refuse: (e: Error) => refuse!(e) };
}

describe('chat store', () => {
  it('loads the latest page on first open and older pages from the oldest shown', async () => {
    const latest = [msg('3', 3), msg('4', 4)];
    const older = [msg('1', 1), msg('2', 2)];
    const { store, requests } = setup({ '': latest, [latest[0]!.sentDate]: older, [older[0]!.sentDate]: [] });
    store.setOpen(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.messages$.value.map((m) => m.id)).toEqual(['3', '4']);
    expect(await store.loadOlder()).toBe(2);
    expect(store.messages$.value.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    expect(requests[1]).toBe(`/api/boards/BOARD/messages?From=${encodeURIComponent(latest[0]!.sentDate)}`);
    expect(await store.loadOlder()).toBe(0);
    expect(store.hasOlder$.value).toBe(false);
  });

  it('counts messages received while closed as unread, and clears them on open', async () => {
    const { store, events$ } = setup({ '': [] });
    events$.next({ event: 'onMessageReceived', data: msg('a', 1) });
    events$.next({ event: 'onMessageReceived', data: msg('a', 1) });
    events$.next({ event: 'onMessageReceived', data: msg('b', 2) });
    expect(store.unread$.value).toBe(2);
    store.setOpen(true);
    expect(store.unread$.value).toBe(0);
    events$.next({ event: 'onMessageReceived', data: msg('c', 3) });
    expect(store.unread$.value).toBe(0);
  });

  it('shows a sent message as pending until the hub answers, and never sends an empty one', async () => {
    const { store, calls, answer } = setup({ '': [] });
    expect(await store.send('  \n ')).toBe(false);
    expect(calls).toHaveLength(0);
    const sending = store.send(' hello\nworld ');
    const [pending] = store.messages$.value;
    expect(pending).toMatchObject({ message: 'helloworld', pending: true, sender: 'self', displayName: 'Me' });
    expect(calls[0]).toEqual(['sendMessage', 'BOARD', { id: pending!.id, message: 'helloworld' }]);
    answer({ ...msg(pending!.id, 5, 'self'), message: 'helloworld' });
    expect(await sending).toBe(true);
    expect(store.messages$.value).toEqual([expect.objectContaining({ id: pending!.id, pending: false, sentDate: msg('x', 5).sentDate })]);
  });

  it('drops a refused message and lets the caller say so', async () => {
    const { store, refuse } = setup({ '': [] });
    const sending = store.send('hi');
    refuse(new Error('nope'));
    await expect(sending).rejects.toThrow('nope');
    expect(store.messages$.value).toEqual([]);
  });

  it('loads the latest page again after a reconnect, keeping older pages shown', async () => {
    const pages: Record<string, ChatMessage[]> = { '': [msg('3', 3), msg('4', 4)] };
    const { store, events$ } = setup(pages);
    pages[msg('3', 3).sentDate] = [msg('1', 1), msg('2', 2)];
    await store.loadLatest();
    await store.loadOlder();
    pages[''] = [msg('4', 4), msg('5', 5)];
    events$.next({ event: 'onReconnected', data: { commands: [] } });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.messages$.value.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('says when the history cannot be loaded', async () => {
    const { store } = setup({});
    (store as unknown as { session: ChatSession }).session.request = async () => {
      throw new Error('offline');
    };
    await store.loadLatest();
    expect(store.loadFailed$.value).toBe(true);
  });
});
