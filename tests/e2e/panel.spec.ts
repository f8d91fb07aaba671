import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * The signed-in panel against a real platform: shell (sidebar, header, profile menu),
 * profile details (name, role, image rules and scaling, change password), the /panel and
 * /app/panel redirects, page-not-found and access-denied. Also writes a screenshot of every
 * visitor screen and of the shell to test-results/screens/ (looked at by a person).
 */
let server: TestServer;
const SHOTS = path.resolve('test-results/screens');

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await workerServer();
});

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function account(password = 'panel password 1'): Promise<{ email: string; password: string }> {
  const email = unique('pat');
  const res = await fetch(`${server.url}/api/accounts/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
  });
  expect(res.status).toBe(201);
  return { email, password };
}

async function logIn(page: Page, email: string, password: string, ret = '') {
  await page.goto(`${server.url}/accounts/login${ret ? `?ret=${encodeURIComponent(ret)}` : ''}`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${(ret || '/panel/home').replace(/[/?]/g, '\\$&')}$`));
}

/** A PNG of the given size drawn by the browser itself. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#1e88e5';
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#fff';
      ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
      return c.toDataURL('image/png').split(',')[1];
    },
    [width, height],
  );
  return Buffer.from(b64, 'base64');
}

test('visitor screens look right (screenshots)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`${server.url}/accounts/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  // this server has no GOOGLE_CLIENT_ID: no Google button (accounts.spec.ts signs in with Google where it is configured)
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  await shot(page, 'login');

  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'login-errors');

  await page.goto(`${server.url}/accounts/login?ret=%2Fpanel%2Fsubscription`);
  await expect(page.getByText('Log in or sign up to claim your offer.')).toBeVisible();
  await shot(page, 'login-offer');

  await page.goto(`${server.url}/accounts/signup`);
  await shot(page, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must accept the terms.')).toBeVisible();
  await shot(page, 'signup-errors');

  await page.goto(`${server.url}/accounts/forgot-password`);
  await shot(page, 'forgot');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText('Password recovery link sent to your email')).toBeVisible();
  await shot(page, 'forgot-sent');

  await page.goto(`${server.url}/accounts/reset-password/abc/nobody%40example.com`);
  await expect(page.getByText('nobody@example.com')).toBeVisible();
  await shot(page, 'reset');
  await page.getByLabel('New Password').fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await shot(page, 'reset-errors');

  await page.goto(`${server.url}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shot(page, 'not-found');

  await page.goto(`${server.url}/access-denied`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/accounts/login');
  await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/panel/home');
  await shot(page, 'access-denied');
});

test('the shell: navigation, header, profile menu, redirects, not-found inside the panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { email, password } = await account();
  // every call carries the bearer token and the local user id (query for GET, body otherwise)
  const profileCall = page.waitForRequest((r) => r.url().includes('/api/users/profile?'));
  await logIn(page, email, password);
  const call = await profileCall;
  const uid = await page.evaluate(() => localStorage.getItem('uid'));
  expect(new URL(call.url()).searchParams.get('Uid')).toBe(uid);
  expect(call.headers().authorization).toBe(`Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByText('Your starting point in Tabula')).toBeVisible();
  for (const name of ['New board', 'How-to']) await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  // templates: the sidebar entry and the home page's quick action, both to /templates
  const templates = page.getByRole('link', { name: /Templates/ });
  await expect(templates).toHaveCount(2);
  for (const link of await templates.all()) await expect(link).toHaveAttribute('href', '/templates');
  await expect(page.getByRole('button', { name: /Feedback/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /New board/ })).toHaveAttribute('href', '/board/new');
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  // not an administrator: no admin section
  await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Partnership' })).toHaveCount(0);
  await shot(page, 'shell-home');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile Setting' })).toBeVisible();
  await expect(page.getByRole('menu')).toContainText(email);
  await shot(page, 'shell-profile-menu');
  await page.getByRole('menuitem', { name: 'Profile Setting' }).click();
  await expect(page).toHaveURL(/\/panel\/profile-setting\/details$/);
  await expect(page.getByRole('link', { name: 'Details' })).toHaveClass(/active/);

  await page.goto(`${server.url}/panel`);
  await expect(page).toHaveURL(/\/panel\/home$/);
  await page.goto(`${server.url}/app/panel/profile-setting`);
  await expect(page).toHaveURL(/\/panel\/profile-setting\/details$/);
  await page.goto(`${server.url}/panel/nothing-here`);
  await expect(page.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // a plan with one workspace: New workspace says so up front, with the way to more
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await expect(dialog.getByText('Your plan allows one workspace.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  // the dialog's entrance animation has ended before the screenshot
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await shot(page, 'shell-new-workspace-limited');
  await dialog.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/panel\/subscription$/);
});

test('profile details: name, role, image rules, remove, change password', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, password } = await account();
  await logIn(page, email, password, '/panel/profile-setting/details');
  await expect(page.getByLabel('Display name')).toHaveValue('');
  await expect(page.getByLabel('Role')).toHaveValue('100');

  const file = page.getByLabel('Profile image file');
  await file.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await png(page, 10, 40) });
  await expect(page.getByText('Image is too small.')).toBeVisible();
  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
  await expect(page.getByText('Image size must be less than 2MB.')).toBeVisible();
  await file.setInputFiles({ name: 'doc.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Only .png, .jpg and .jpeg images are accepted.')).toBeVisible();
  await file.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await png(page, 800, 400) });
  await expect(page.getByRole('img', { name: 'Profile image' })).toBeVisible();

  await page.getByLabel('Display name').fill('Pat Panel');
  await page.getByLabel('Role').selectOption({ label: 'Teacher/Educator' });
  const save = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/users/profile'));
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const body = (await save).postDataJSON() as { displayName: string; role: number; avatar: string; Uid: string };
  expect(body).toMatchObject({ displayName: 'Pat Panel', role: 8, Uid: await page.evaluate(() => localStorage.getItem('uid')) });
  expect(body.avatar).toMatch(/^data:image\/png;base64,/);
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Pat Panel');

  // stored scaled to 200 px on the longer side
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Pat Panel');
  await expect(page.getByLabel('Role')).toHaveValue('8');
  const img = page.getByRole('img', { name: 'Profile image' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([200, 100]);
  await shot(page, 'profile-details');

  // empty display name: the server's field error shows on the field
  await page.getByLabel('Display name').fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Display name is required.')).toBeVisible();
  await page.getByLabel('Display name').fill('Pat Panel');

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('img', { name: 'Profile image' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Pat Panel');
  await expect(page.getByRole('img', { name: 'Profile image' })).toHaveCount(0);

  // change password behind the toggle
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Change Password' }).check();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('panel password 2');
  await page.getByLabel('Confirm password').fill('panel password 2');
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();
  await shot(page, 'profile-change-password');
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // still signed in on this client (the answer carried new tokens); the new password works
  await page.goto(`${server.url}/panel/change-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await logIn(page, email, 'panel password 2');
});
