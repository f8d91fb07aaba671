import './preview';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../panel/notifications/bell';

/**
 * The shell's bell (panel.md §2, §4, §9) against a stand-in of the feed API answering as the
 * server does (tests/api/notifications.test.ts proves the server side): the unread badge, the
 * feed list, mark read on click, 'Load more' from 5 loaded items, Escape and focus return.
 */
interface Item {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  actions: Array<{ name: string; action: string }>;
  createdAt: string;
}

function feedServer(items: Item[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    const u = new URL(url, 'http://localhost');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (u.pathname === '/api/users/notifications/feed') {
      const skip = Number(u.searchParams.get('skip') ?? 0);
      return json({ totalCount: items.length, unreadCount: items.filter((i) => !i.isRead).length, data: items.slice(skip, skip + 10) });
    }
    const read = /^\/api\/users\/notifications\/(.+)\/read$/.exec(u.pathname);
    if (read) {
      const item = items.find((i) => i.id === read[1])!;
      item.isRead = true;
      return json(item);
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const item = (n: number, isRead = false): Item => ({
  id: `n${n}`,
  type: 'subscription',
  message: `Note ${n}`,
  isRead,
  actions: [{ name: 'Open', action: '/panel/home' }],
  createdAt: new Date().toISOString(),
});

function renderBell() {
  const router = createMemoryRouter([{ path: '/panel/*', element: <NotificationBell /> }], { initialEntries: ['/panel/boards'] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('notification bell', () => {
  it('shows the unread count and the feed; a click marks read and opens the action', async () => {
    const calls = feedServer([item(3), item(2, true), item(1)]);
    const router = renderBell();
    expect((await screen.findByTestId('notification-count')).textContent).toBe('2 unread');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(dialog).getByRole('list', { name: 'Notification feed' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.includes('Note')),
    ).toEqual([true, true, true]);
    // fewer than 5 loaded: no 'Load more'
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: /Note 3/ })));
    expect(calls).toContain('POST /api/users/notifications/n3/read');
    expect(screen.getByTestId('notification-count').textContent).toBe('1 unread');
    expect(router.state.location.pathname).toBe('/panel/home');
  });

  it("offers 'Load more' once 5 or more items are loaded and more exist; Escape closes and focus returns", async () => {
    const calls = feedServer(Array.from({ length: 13 }, (_, i) => item(13 - i)));
    renderBell();
    await screen.findByTestId('notification-count');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('Note 13');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' })));
    expect(calls.some((c) => c.includes('/api/users/notifications/feed') && c.includes('skip=10'))).toBe(true);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(13);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});
