import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn as logInAs, signUp } from './support/people';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * Notifications and integrations as a signed-in person sees them: an invitation to a workspace
 * shows in the bell (count, feed item) and opening it marks it read and joins; the Integrations
 * tab shows Google not connected (and no Connect where Google sign-in is not configured); the
 * notification switches persist across a reload; Desktop refused by the browser is the spec's toast.
 */
let server: TestServer;

test.beforeAll(async () => {
  server = await workerServer();
});

const api = (path: string, body: unknown, token?: string) => apiCall(server, 'POST', path, body, token);
const account = (name: string) => signUp(server, name);
const logIn = (page: Page, email: string) => logInAs(page, server, email);

test('an invited user sees the bell count and the feed item, and opening it joins the workspace', async ({ page }) => {
  const owner = await account('olive');
  const invitee = await account('ivy');
  await api('/api/workspaces/default/members', { email: invitee.email, role: 'Member' }, owner.token);

  await logIn(page, invitee.email);
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(page.getByTestId('notification-count')).toHaveText(/^1\s*unread$/);
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByRole('list', { name: 'Notification feed' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('invited you to the workspace');
  await expect(item).toContainText('as Member.');
  // Escape closes and gives focus back to the bell
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();

  await bell.click();
  await popover.getByRole('button', { name: /invited you to the workspace/ }).click();
  await expect(page).toHaveURL(`${server.url}/panel/invitation`);
  await expect(page.getByText(/You joined the workspace .+\./)).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  const feed = await fetch(`${server.url}/api/users/notifications/feed`, { headers: { authorization: `Bearer ${invitee.token}` } }).then(
    (r) => r.json(),
  );
  expect(feed).toMatchObject({ unreadCount: 0, data: [{ isRead: true }] });
});

test('the Integrations tab shows Google not connected', async ({ page }) => {
  const me = await account('ina');
  await logIn(page, me.email);
  await page.goto(`${server.url}/panel/profile-setting/integrations`);
  await expect(page.getByRole('link', { name: 'Integrations' })).toBeVisible();
  const google = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem');
  await expect(google).toContainText('Google');
  await expect(google).toContainText('Not connected');
  // Google sign-in is not configured on this server: no Connect button that leads nowhere
  await expect(google.getByRole('button', { name: 'Connect' })).toHaveCount(0);
});

test('notification switches persist across a reload; a refused Desktop permission says so', async ({ page }) => {
  const me = await account('nora');
  await logIn(page, me.email);
  await page.goto(`${server.url}/panel/profile-setting/notification-settings`);
  const email = page.getByRole('switch', { name: 'Email notifications for Mentions in comments' });
  await expect(email).toBeChecked();
  await email.uncheck();
  await expect(email).not.toBeChecked();
  await expect(email).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications for Mentions in comments' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email notifications for Board invitations' })).toBeChecked();

  // no permission granted: the browser refuses and the switch stays off
  await page.evaluate(() => Object.defineProperty(Notification, 'requestPermission', { value: async () => 'denied' }));
  const desktop = page.getByRole('switch', { name: 'Desktop notifications for Mentions in comments' });
  await desktop.click();
  await expect(page.getByText('Permission rejected by user.')).toBeVisible();
  await expect(desktop).not.toBeChecked();
  expect(
    (await fetch(`${server.url}/api/users/notifications`, { headers: { authorization: `Bearer ${me.token}` } }).then((r) => r.json()))[2]
      .channels[1],
  ).toEqual({ channel: 'Desktop', active: false });
});

test('the service worker that shows desktop notifications installs for the whole site', async ({ page }) => {
  await page.goto(`${server.url}/accounts/login`);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const ready = await navigator.serviceWorker.ready;
    return { scope: registration.scope, active: Boolean(ready.active), script: ready.active?.scriptURL };
  });
  expect(worker).toEqual({ scope: `${server.url}/`, active: true, script: `${server.url}/sw.js` });
});
