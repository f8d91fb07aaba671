import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn, PASSWORD, uniqueEmail } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * Self-hosting without SMTP (docs/operations.md "Mail without SMTP"; docs/backoffice.md "Outbox"):
 * a person asks for a password-recovery link on the forgot-password page; the mail stays in the
 * outbox; an operator (ADMIN_EMAILS) opens Outbox, finds the mail, opens it, and its reset link is
 * a real link that opens the reset page. Keyboard: every control has a name, the dialog keeps the
 * focus and gives it back. Also: the login page of a server without Google shows no Google button.
 * Screenshots at 1280×800 go to test-results/screens/.
 */
let server: TestServer;
const operatorEmail = uniqueEmail('olga-outbox');
const ritaEmail = uniqueEmail('rita-reset');
const SUBJECT = 'Reset your Tabula password';
const shot = (page: Page, name: string) => page.screenshot({ path: path.resolve('test-results/screens', `admin-${name}.png`) });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // no SMTP_URL (support/server.ts); the operator is named by ADMIN_EMAILS (granted at login)
  server = await startServer({ ADMIN_EMAILS: operatorEmail });
  for (const email of [operatorEmail, ritaEmail]) {
    await apiCall(server, 'POST', '/api/accounts/users', { username: email, password: PASSWORD, repeatPassword: PASSWORD, terms: true });
  }
});
test.afterAll(async () => {
  await server?.stop();
});

test('the login page of a server without Google offers no Google sign-in', async ({ page }) => {
  expect(await apiCall(server, 'GET', '/api/accounts/providers')).toEqual({ google: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/accounts/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  // the providers answer is in once the request has settled
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  // the popup address itself answers a page (not raw JSON) that tells the opener
  const popup = await page.request.get(`${server.url}/api/connect/google`, { headers: { accept: 'text/html' } });
  expect(popup.status()).toBe(404);
  expect(popup.headers()['content-type']).toMatch(/^text\/html/);
  expect(await popup.text()).toContain('Google sign-in is not configured on this server.');
});

test('an operator reads the password-reset link of a server without SMTP in the Outbox', async ({ page, context }) => {
  test.setTimeout(120_000);
  // the person asks for a recovery link
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/accounts/forgot-password`);
  await page.getByLabel('Email').fill(ritaEmail);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // the operator opens the Outbox from the sidebar
  await logIn(page, server, operatorEmail);
  const admin = page.getByRole('navigation', { name: 'Administration' });
  await admin.getByRole('link', { name: 'Outbox', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Outbox' });
  await expect(grid.getByRole('columnheader')).toHaveText(['To', 'Subject', 'Created', 'Status', 'Actions']);
  const row = grid.getByRole('row').filter({ hasText: ritaEmail }).filter({ hasText: SUBJECT });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText('Stored');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // the text filter and a status quick filter, from the keyboard
  const search = page.getByRole('searchbox', { name: 'Search by address or subject' });
  await search.focus();
  await page.keyboard.type('Reset your Tabula'); // (rita also has a welcome mail)
  await expect(grid.getByRole('row')).toHaveCount(2);
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Stored' }).click();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Sent' }).click();
  await expect(grid.getByText('No records')).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await shot(page, 'outbox');
  // nothing off-screen at 1280×800
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // View, from the keyboard: the dialog takes the focus and keeps it
  const view = grid.getByRole('button', { name: `View: ${SUBJECT} to ${ritaEmail}` });
  await view.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: SUBJECT });
  await expect(dialog).toBeVisible();
  const message = dialog.getByRole('region', { name: 'Message text' });
  await expect(message).toContainText('Hello,');
  const link = message.getByRole('link', { name: /\/accounts\/reset-password\// });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/accounts/reset-password/[A-Za-z0-9_-]+/`),
  );
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(dialog.getByRole('region', { name: 'Links' }).getByRole('link')).toHaveAttribute('href', (await link.getAttribute('href'))!);
  // no Resend without SMTP: the dialog says why instead
  await expect(dialog.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await expect(dialog.getByText(/no SMTP_URL is configured/)).toBeVisible();
  // the HTML body is shown as source, never as markup
  await expect(dialog.locator('iframe, script')).toHaveCount(0);
  await page.waitForTimeout(300); // the dialog's fade-in
  await shot(page, 'outbox-mail');
  const source = dialog.getByRole('button', { name: 'Show HTML source' });
  await expect(source).toHaveAttribute('aria-expanded', 'false');
  await source.click();
  await expect(dialog.getByRole('button', { name: 'Hide HTML source' })).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByLabel('HTML source', { exact: true })).toContainText('<!doctype html>');
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  await shot(page, 'outbox-mail-source');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // every control the focus reaches has an accessible name
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return el.getAttribute('aria-label') || el.textContent?.trim() || '';
    });
    expect(name).not.toBe('');
  }

  // the link is a real link: it opens the reset page in a new tab
  const [reset] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await reset.waitForLoadState();
  await expect(reset).toHaveURL(/\/accounts\/reset-password\/[A-Za-z0-9_-]+\//);
  await expect(reset.getByRole('heading', { name: 'Tabula Team password recovery' })).toBeVisible();
  await expect(reset.getByLabel('New Password')).toBeVisible();
  // (not submitted here: the session would replace the operator's in this browser)
  await reset.close();

  // Escape closes the dialog and gives the focus back to View
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(view).toBeFocused();
  // reading the mail is in the operator audit
  await admin.getByRole('link', { name: 'Operator audit', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Operator audit' }).getByText('outbox.read').first()).toBeVisible();
});
