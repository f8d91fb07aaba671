import { expect, test } from '@playwright/test';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { startServer, type TestServer } from './support/server';

/**
 * A workspace invitation as the invited person lives it: the mail arrives over real SMTP, its
 * link opens /panel/invitation, the person (no account yet) creates one, logs in, is brought
 * back and joins; the owner then sees them among the members. The token travels in the link's
 * fragment and leaves the address bar at once.
 */
let server: TestServer;
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const PASSWORD = 'violet lantern 2041';
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function api(path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

test('a new person follows the invitation link, signs up, logs in and joins the workspace', async ({ page }) => {
  const owner = unique('olive');
  await api('/api/accounts/users', { username: owner, password: PASSWORD, repeatPassword: PASSWORD, terms: true });
  const { accessToken } = await api('/api/accounts/login', { username: owner, password: PASSWORD });
  const invitee = unique('ivy');
  await api('/api/workspaces/default/members', { email: invitee, role: 'Member' }, accessToken);

  const mail = await smtp.waitForMail(invitee, 10_000, (m) => m.text.includes('/panel/invitation#token='));
  const link = mail.text.match(/https?:\/\/\S+\/panel\/invitation#token=[A-Za-z0-9_%-]+/)![0];
  const path = link.replace(/^https?:\/\/[^/]+/, '');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}${path}`);
  await expect(page.getByRole('heading', { name: 'Workspace invitation' })).toBeVisible();
  await expect(page.getByText('You have been invited to a Tabula workspace.')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/panel/invitation`);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Username').fill(invitee);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/accounts\/login\?ret=/);
  await page.getByLabel('Username').fill(invitee);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(`${server.url}/panel/invitation`);
  await expect(page.getByText(/You joined the workspace .+\./)).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/panel\/home$/);

  const members = await fetch(`${server.url}/api/workspaces/default/members?Take=50`, {
    headers: { authorization: `Bearer ${accessToken}` },
  }).then((r) => r.json());
  expect(JSON.stringify(members.data)).toContain(invitee);

  // the link works once: opening it again says so
  await page.goto(`${server.url}${path}`);
  await expect(page.getByRole('alert')).toHaveText('This invitation has already been used.');
});
