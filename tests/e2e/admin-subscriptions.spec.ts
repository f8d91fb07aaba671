import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { billingPeople } from './billing-fixtures';
import { apiCall, logIn, PASSWORD, uniqueEmail } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * Operators' subscriptions on a server without a payment gateway (backoffice.md §2; docs/backoffice.md
 * "Subscriptions"): an operator (ADMIN_EMAILS) opens Subscriptions, makes a New Subscription for a
 * user ('user not found' first, then the user's workspace); after logging in again the user's panel
 * shows the plan and their board offers its tools (the highlighter, a team policy);
 * the operator opens View, changes the quantity, adds credit ('creadit addedd'), opens the Invoices
 * side panel and an invoice's detail. Screenshots at 1280×800 go to test-results/screens/.
 */
let server: TestServer;
let boardCode = '';
const operatorEmail = uniqueEmail('otto-subs');
const userEmail = uniqueEmail('sara-subs');
const user = billingPeople(() => server.url);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve(process.env.SCREENS_DIR ?? 'test-results/screens', `admin-${name}.png`) });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ ADMIN_EMAILS: operatorEmail });
  await apiCall(server, 'POST', '/api/accounts/users', {
    username: operatorEmail,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
  });
  const sara = await user.person(userEmail);
  boardCode = (await user.post('/api/boards', { name: 'Subscription board' }, sara.token)).code;
});
test.afterAll(async () => {
  await server?.stop();
});

test('an operator assigns a plan with payments off, changes it, adds credit and reads its invoices', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // the user's board has no team tools yet
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await user.logIn(userPage, userEmail);
  expect(await (await user.toolsOnBoard(userPage, boardCode)).getByRole('button', { name: 'Highlighter' }).count()).toBe(0);

  await logIn(page, server, operatorEmail);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Subscriptions', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/subscriptions$/);
  const grid = page.getByRole('table', { name: 'Subscriptions' });
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Created',
    'Username',
    'Status',
    'Plan',
    'Quantity',
    'Assigned to',
    'Has payer',
    'Actions',
  ]);

  // New Subscription: an unknown username first, then the user's workspace
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Subscription' });
  const upgrade = dialog.getByRole('button', { name: 'Upgrade' });
  await expect(upgrade).toBeDisabled();
  await dialog.getByLabel('Username').fill('nobody@example.com');
  await dialog.getByRole('button', { name: 'Find workspaces' }).click();
  await expect(dialog.getByText('user not found')).toBeVisible();
  await dialog.getByLabel('Username').fill(userEmail);
  await dialog.getByRole('button', { name: 'Find workspaces' }).click();
  const workspaces = dialog.getByRole('group', { name: `Workspaces of ${userEmail}` });
  await expect(workspaces.getByRole('checkbox')).toHaveCount(1);
  await expect(workspaces.getByRole('checkbox')).toBeChecked();
  // the defaults: team, monthly, 1, auto-renew
  await expect(dialog.getByLabel('Plan')).toHaveValue('team');
  await expect(dialog.getByLabel('Billing cycle')).toHaveValue('Monthly');
  await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
  await expect(dialog.getByLabel('Auto-renew')).toBeChecked();
  await workspaces.getByRole('checkbox').uncheck();
  await expect(upgrade).toBeDisabled();
  await workspaces.getByRole('checkbox').check();
  await shot(page, 'subscriptions-new');
  await upgrade.click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = grid.getByRole('row').filter({ hasText: userEmail });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Team');
  await shot(page, 'subscriptions');
  // the status filter narrows the grid
  await page.getByLabel('Status').selectOption('Paused');
  await expect(grid.getByText('No records')).toBeVisible();
  await page.getByLabel('Status').selectOption('Active');
  await expect(row).toHaveCount(1);

  // logged in again, the user's panel shows the plan and the board offers its tools
  await user.logIn(userPage, userEmail);
  await userPage.goto(`${server.url}/panel/subscription`);
  const current = userPage.getByRole('region', { name: 'Current subscription' });
  await expect(current).toContainText('Team');
  await expect(userPage.getByText(/test card|Stripe test mode/i)).toHaveCount(0);
  await expect(userPage.getByRole('region', { name: 'How to get a plan' })).toBeVisible();
  await expect((await user.toolsOnBoard(userPage, boardCode)).getByRole('button', { name: 'Highlighter' })).toBeVisible();
  await userContext.close();

  // View: change the quantity, add credit
  await grid.getByRole('button', { name: `View: ${userEmail}` }).click();
  const view = page.getByRole('dialog', { name: `Subscription of ${userEmail}` });
  await expect(view.getByText('Active and valid (grace)')).toBeVisible();
  await view.getByLabel('Quantity').fill('2');
  await view.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('data successfully saved.').first()).toBeVisible();
  await expect(view.getByText('Team × 2')).toBeVisible();
  await view.getByLabel('Credit (USD)').fill('5');
  await view.getByRole('button', { name: 'Add credit' }).click();
  await expect(page.getByText('creadit addedd')).toBeVisible();
  await expect(view.getByText('$5.00')).toBeVisible();
  await shot(page, 'subscriptions-view');
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await expect(row).toContainText('2');

  // Invoices: the side panel and an invoice's detail
  await grid.getByRole('button', { name: `Invoices: ${userEmail}` }).click();
  const panel = page.getByRole('complementary', { name: `Invoices of ${userEmail}` });
  const invoices = panel.getByRole('table', { name: `Invoices of ${userEmail}` });
  await expect(invoices.getByRole('row')).toHaveCount(4); // header + the first charge, the change, the credit note
  await expect(invoices).toContainText('Credit Note');
  await shot(page, 'subscriptions-invoices');
  await invoices
    .getByRole('button', { name: /^View: Invoice INV-/ })
    .last()
    .click();
  const detail = page.getByRole('dialog', { name: /^Invoice INV-/ });
  await expect(detail.getByRole('table')).toContainText('Description');
  await expect(detail).toContainText('Subtotal');
  await expect(detail).toContainText('$8.00');
  await shot(page, 'subscriptions-invoice');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close invoices' }).click();
  await expect(panel).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
