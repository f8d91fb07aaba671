import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { billingPeople, fact, unique } from './billing-fixtures';
import { newContext, userSession } from './board-fixtures';
import { startServer, type TestServer } from './support/server';

/**
 * Billing as a person uses it (issue 16): a free user upgrades to team by card against the local
 * Stripe stand-in and, after the token refresh, finds the highlighter on a board; pauses and resumes;
 * reads an invoice in the billing history; only the server's payment methods offered; redeems a 100 % promo an
 * operator made (ADMIN_EMAILS + POST /api/admin/promos). 1280×800 screens go to test-results/screens/.
 */
const SHOTS = path.resolve('test-results/screens');
const OPERATOR = `billing-operator-${Date.now().toString(36)}@example.com`;

let server: TestServer;
let stripe: StripeStandIn;

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  stripe = await startStripeStandIn();
  server = await startServer({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    ADMIN_EMAILS: OPERATOR,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

const { post, person, logIn, toolsOnBoard } = billingPeople(() => server.url);

test('a free user upgrades to team by card, gets the highlighter, pauses and resumes, reads the invoice', async ({ page }) => {
  const frank = await person(unique('frank'));
  const { code } = await post('/api/boards', { name: 'Plan board' }, frank.token);
  await logIn(page, frank.email);
  expect(await (await toolsOnBoard(page, code)).getByRole('button', { name: 'Highlighter' }).count()).toBe(0);

  await page.goto(`${server.url}/panel/workspace/default/subscription`);
  await expect(page).toHaveURL(/\/panel\/workspace\/[0-9a-f-]{36}\/subscription$/);
  await expect(page.getByRole('link', { name: 'Subscription' })).toHaveClass(/active/);
  await expect(fact(page, 'Plan')).toHaveText('Essential');
  await expect(page.getByRole('button', { name: 'Pause subscription' })).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Upgrade' });
  await expect(form.getByRole('radio', { name: /^Team\s*\$8\.00/ })).toBeChecked();
  const preview = page.getByRole('table', { name: 'Invoice preview' });
  await expect(preview.getByRole('row', { name: /Total due now/ })).toContainText('$8.00');
  await page.screenshot({ path: path.join(SHOTS, 'billing-free.png') });

  // a double click places one order and charges once
  await form.getByRole('button', { name: 'Upgrade and pay $8.00' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: /Paid: Team\. Invoice INV-\d{6}\./ })).toBeVisible({ timeout: 20_000 });
  await expect(fact(page, 'Plan')).toHaveText('Team');
  await expect(fact(page, 'Auto-renew')).toHaveText('On');
  await expect(fact(page, 'Remaining days')).toHaveText(/^(30|31|28|29)$/);
  expect(stripe.charges).toHaveLength(1);
  expect(stripe.charges[0]!.amount).toBe(800);
  // the configuration just bought is not payable again: the preview says so and Pay is off
  await expect(form.getByRole('alert')).toHaveText('This is already your subscription.');
  await expect(form.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  const history = page.getByRole('table', { name: 'Billing history' });
  await expect(history.getByRole('row', { name: /INV-\d{6}/ })).toHaveCount(1);
  await page.screenshot({ path: path.join(SHOTS, 'billing-team.png'), fullPage: true });

  // the invoice detail dialog (focus inside it; Escape closes)
  await history.getByRole('button', { name: /^View: Invoice INV-/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Invoice INV-/ });
  await expect(dialog.getByRole('table', { name: 'Invoice items' })).toContainText('Team');
  await expect(dialog).toContainText('$8.00');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: path.join(SHOTS, 'billing-invoice.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // pause, then resume (panel.md §4)
  await page.getByRole('button', { name: 'Pause subscription' }).click();
  await expect(fact(page, 'Status')).toHaveText('Paused');
  await expect(fact(page, 'Next billing')).toHaveText('—');
  await expect(page.getByRole('button', { name: 'Pause subscription' })).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'billing-paused.png') });
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(fact(page, 'Status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Pause subscription' })).toBeVisible();

  // the token was refreshed after paying: the board offers the highlighter now
  await expect((await toolsOnBoard(page, code)).getByRole('button', { name: 'Highlighter' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'billing-board-highlighter.png') });
});

test('checkout: the plan from the address; only the payment methods the server takes; a declined card', async ({ page }) => {
  const gina = await person(unique('gina'));
  await logIn(page, gina.email);
  await page.goto(`${server.url}/panel/checkout?plan=teamplus`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Upgrade' });
  await expect(form.getByRole('radio', { name: /^Team Plus/ })).toBeChecked();
  await form.getByLabel('Billing cycle').selectOption('Quarterly');
  await expect(page.getByRole('table', { name: 'Invoice preview' }).getByRole('row', { name: /Total due now/ })).toContainText('$34.20');
  // this server takes cards only: Ether is not offered (its checkout and the missing wallet: billing-ether.spec.ts)
  await expect(form.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Ether' })).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'billing-checkout-methods.png') });
  // a declined card: the server's answer, nothing charged, nothing granted
  await form.getByRole('radio', { name: 'Card' }).check();
  await form.getByRole('combobox', { name: 'Card' }).selectOption('pm_card_chargeDeclined');
  await form.getByRole('button', { name: /^Pay/ }).click();
  await expect(form.getByRole('alert')).toHaveText('The payment was declined.');
  expect(stripe.charges.filter((c) => c.amount === 3420)).toHaveLength(0);
  await page.goto(`${server.url}/panel/subscription`);
  await expect(fact(page, 'Plan')).toHaveText('Essential');
});

test('an operator makes a 100 % promo; a user redeems it and gets the team plan', async ({ page }) => {
  const operator = await person(OPERATOR);
  const promo = await post('/api/admin/promos', { name: 'E2E full', type: 'Percent', percent: 100, expiresInDays: 30 }, operator.token);
  expect(promo.code).toMatch(/^WT[A-Z0-9]{2}-[A-Z0-9]{4}-[A-Z0-9]{6}$/);
  const hana = await person(unique('hana'));
  await logIn(page, hana.email);
  await page.goto(`${server.url}/panel/workspace/default/subscription`);
  await page.getByRole('link', { name: 'Redeem a promo code' }).click();
  await expect(page).toHaveURL(/\/panel\/redeem\?workspace=/);
  const code = page.getByRole('textbox', { name: 'Promo code' });
  await code.fill('WT00-NOPE-NOPE00');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.locator('.p-bill__red')).toHaveText('Invalid promo code.');
  await code.fill(`  ${promo.code.toLowerCase()}  `);
  await page.getByRole('button', { name: 'Redeem' }).click();
  const result = page.locator('.p-bill__red');
  await expect(result).toHaveText('Promo code redeemed: Team for 30 days.');
  expect(await result.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
  await page.screenshot({ path: path.join(SHOTS, 'billing-redeem.png') });
  await page.getByRole('link', { name: 'Back to your subscription' }).click();
  await expect(fact(page, 'Plan')).toHaveText('Team');
  await expect(fact(page, 'Remaining days')).toHaveText(/^(29|30)$/);
});

test("a partner's customer (customer-plan claim) has no Subscription tab and no billing (panel.md §6)", async ({ browser }) => {
  const session = await userSession(server);
  const { signAccessToken } = await import('../../platform/core/auth');
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString('utf8'));
  delete payload.iat;
  delete payload.exp;
  const accessToken = signAccessToken({ accessTokenSecret: server.env.ACCESS_TOKEN_SECRET, accessTokenTtlSeconds: 900 } as never, {
    ...payload,
    // the claim names the partner (platform/partners/authorize-claim.ts)
    'customer-plan': 'Acme Resale',
  });
  const context = await newContext(browser, { session: { ...session, accessToken } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/panel/workspace/default`);
    const tabs = page.getByRole('navigation', { name: 'Workspace' });
    await expect(tabs.getByRole('link', { name: 'Members' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Subscription' })).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, 'billing-customer-plan.png') });
    // typed addresses say who handles it and show no billing
    await page.goto(`${server.url}/panel/subscription`);
    await expect(page.getByText('Your subscription is handled by your partner, Acme Resale.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Upgrade' })).toHaveCount(0);
    await page.goto(`${server.url}/panel/workspace/default/subscription`);
    await expect(page.getByText('Your subscription is handled by your partner, Acme Resale.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Billing history' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a server without a payment gateway: checkout says an operator assigns plans, with no test cards and no Pay button', async ({
  page,
}) => {
  const bare = await startServer({});
  try {
    const ivan = await person(unique('ivan'), bare.url);
    await logIn(page, ivan.email, bare.url);
    await page.goto(`${bare.url}/panel/checkout`);
    const how = page.getByRole('region', { name: 'How to get a plan' });
    await expect(how.getByText('Payments are not configured on this server.')).toBeVisible();
    await expect(how.getByText(/Plans are assigned by an operator/)).toBeVisible();
    await expect(how.getByRole('list', { name: 'Plans' })).toContainText('$8.00');
    await expect(page.getByText(/test card|Stripe test mode/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Upgrade' })).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, 'billing-no-gateway.png') });
  } finally {
    await bare.stop();
  }
});
