import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * Developers and apps in the panel (panel.md §2, §5): /panel/developers with no app offers to
 * create one; /panel/apps validates appName and the Developer Terms; the secret shows once;
 * Regenerate replaces it (the old secret stops working for the token exchange); Edit keeps it.
 */
let server: TestServer;
const shot = (page: Page, name: string) => page.screenshot({ path: path.resolve('test-results/screens', `${name}.png`), fullPage: true });

test.beforeAll(async () => {
  server = await workerServer();
});

async function signedIn(page: Page): Promise<void> {
  const email = `dev-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'developer password 1';
  const res = await fetch(`${server.url}/api/accounts/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
  });
  expect(res.status).toBe(201);
  await page.goto(`${server.url}/accounts/login?ret=${encodeURIComponent('/panel/developers')}`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/developers$/);
}

const exchange = (clientId: string, clientSecret: string) =>
  fetch(`${server.url}/api/clients/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret, uid: 'host-user-1' }),
  }).then((r) => r.status);

test('create an app, see the secret once, regenerate it and edit the app', async ({ page }) => {
  await signedIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  await expect(page.getByText('You have no app yet.')).toBeVisible();
  await shot(page, 'developers-no-app');
  await page.getByRole('link', { name: 'Create app' }).click();
  await expect(page).toHaveURL(/\/panel\/apps$/);

  // field errors from the server: appName and terms
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('App name is required.')).toBeVisible();
  await expect(page.getByText('You must accept the Developer Terms.')).toBeVisible();
  await expect(page.getByLabel('App name')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'developers-app-form-errors');

  await page.getByLabel('App name').fill('Acme Whiteboard');
  await page.getByLabel('Allowed origins').fill('https://acme.example\nhttp://localhost:5173');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create' }).click();

  // back on /panel/developers with the secret shown this once
  await expect(page).toHaveURL(/\/panel\/developers$/);
  await expect(page.getByText('Acme Whiteboard')).toBeVisible();
  const clientId = (await page.getByTestId('client-id').textContent())!.trim();
  const secret = (await page.getByTestId('client-secret').textContent())!.trim();
  expect(clientId).toMatch(/^tc_/);
  expect(secret).toHaveLength(43);
  await expect(page.getByText('Copy the secret now: it is shown only once.')).toBeVisible();
  await expect(page.getByText('https://acme.example, http://localhost:5173')).toBeVisible();
  await shot(page, 'developers-app-created');
  expect(await exchange(clientId, secret)).toBe(200);

  // after a reload the secret is masked
  await page.reload();
  await expect(page.getByTestId('client-secret-masked')).toHaveText(`••••••••${secret.slice(-4)}`);
  await expect(page.getByTestId('client-secret')).toHaveCount(0);

  // regenerate (confirmed): a new secret, the old one stops working
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('client-secret')).toBeVisible();
  const fresh = (await page.getByTestId('client-secret').textContent())!.trim();
  expect(fresh).not.toBe(secret);
  expect(await exchange(clientId, secret)).toBe(401);
  expect(await exchange(clientId, fresh)).toBe(200);

  // edit: the form starts from the app; terms must be accepted again
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/panel\/apps$/);
  await expect(page.getByLabel('App name')).toHaveValue('Acme Whiteboard');
  await page.getByLabel('App name').fill('Acme Boards');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/panel\/developers$/);
  await expect(page.getByText('Acme Boards')).toBeVisible();
  await expect(page.getByTestId('client-id')).toHaveText(clientId);
  await expect(page.getByTestId('client-secret-masked')).toBeVisible();
  expect(await exchange(clientId, fresh)).toBe(200);
});
