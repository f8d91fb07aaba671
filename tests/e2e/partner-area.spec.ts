import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { png } from '../helpers/png';
import { billingPeople, unique } from './billing-fixtures';
import { useServer } from './support/suite';

/**
 * The partner area and the authorize-partner flow as people use them (issue 29 items 1, 2;
 * docs/panel.md "Partner area", docs/embedding.md "Integrate with Your Website"): an operator makes
 * a partner with an Active Reseller programme (its API); the partner fills the profile (name and
 * logo upload, its site's address) and copies the invitation link; a new person follows it, signs
 * up, authorizes and lands on the partner's site with state and customerId; the partner changes
 * the customer's plan to Team Plus; after logging in again the customer's board offers the plan's
 * tools and the subscription page names the partner. 1280×800 screens go to test-results/screens/.
 */
const SHOTS = path.resolve('test-results/screens');
const OPERATOR = `partner-operator-${Date.now().toString(36)}@example.com`;
const server = useServer({ ADMIN_EMAILS: OPERATOR });
const { post, person, logIn, toolsOnBoard } = billingPeople(() => server.url);

/** The partner's own site: a page on another origin (the loopback host, as while developing). */
let site: http.Server;
let siteOrigin = '';
test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Acme partner site</h1>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site?.close(() => resolve())));

async function makePartner(email: string) {
  const operator = await person(OPERATOR).catch(async () => ({
    token: (await post('/api/accounts/login', { username: OPERATOR, password: 'billing password 1' })).accessToken,
  }));
  const partner = await post('/api/admin/partners', { email }, operator.token);
  await post(`/api/admin/partners/${partner.id}/enrolls`, { program: 'Reseller' }, operator.token);
  await post(`/api/admin/partners/${partner.id}/statuses`, { program: 'Reseller', state: 'Active' }, operator.token);
  return { id: partner.id as string, operatorToken: operator.token as string };
}

/** Each screen the test looks at: nothing axe can find on it (issue 32 item 4), and its picture. */
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(scan.violations.flatMap((v) => v.nodes.map((n) => `${name} ${v.id}: ${n.target.join(' ')}`))).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, name) });
};

test('a partner invites a customer who authorizes it; the partner sets their plan; the customer gets its tools', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pat = await person(unique('pat'));
  const acme = await makePartner(pat.email);

  // the partner: the Partnership link, the BETA area, the profile
  await logIn(page, pat.email);
  await page.getByRole('link', { name: 'Partnership' }).click();
  await expect(page).toHaveURL(/\/panel\/partner\/profile$/);
  const tabs = page.getByRole('navigation', { name: 'Partner area' });
  await expect(tabs.getByText('BETA')).toBeVisible();
  await expect(tabs.getByRole('link')).toHaveText(['Partner Profile', 'Customers', 'Invoices', 'Payout & Invoices']);
  await expect(page.getByRole('list', { name: 'Programme types' })).toContainText('ResellerActive');

  // before the profile is filled, the invitation link cannot be copied
  await tabs.getByRole('link', { name: 'Customers' }).click();
  const copy = page.getByRole('button', { name: 'Copy invitation link' });
  await expect(copy).toBeDisabled();
  await expect(page.getByText('Fill out partner profile before inviting')).toBeVisible();

  await tabs.getByRole('link', { name: 'Partner Profile' }).click();
  await page.getByLabel('Partner logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 80) });
  await expect(page.getByRole('img', { name: 'Partner logo' })).toBeVisible();
  await page.getByLabel('Name').fill('Acme Resale');
  await page.getByLabel('Your website addresses').fill(siteOrigin);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await shot(page, 'partner-profile.png');

  // the invitation link: copied (the text reverts after 2 s), and the integration document
  await tabs.getByRole('link', { name: 'Customers' }).click();
  await expect(copy).toBeEnabled();
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy invitation link' })).toBeVisible({ timeout: 4000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('/invitations/authorize-partner?partnerId=');
  await page.getByRole('button', { name: 'Integrate with Your Website' }).click();
  const doc = page.getByRole('dialog', { name: 'Integrate with Your Website' });
  await expect(doc).toContainText('returnUrl');
  await expect(doc).toContainText(`${siteOrigin}/tabula/callback`);
  await shot(page, 'partner-integrate.png');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('No customers yet');

  // a new person follows the link, signs up, logs in and authorizes the partner
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const them = await visitor.newPage();
  await them.goto(link);
  await expect(them.getByText('Acme Resale')).toBeVisible();
  await expect(them.getByRole('img', { name: 'Acme Resale logo' })).toBeVisible();
  await expect(them.getByText('Log in or sign up to authorize your partner.')).toBeVisible();
  await shot(them, 'partner-authorize-visitor.png');
  await them.getByRole('link', { name: 'Sign up' }).click();
  const email = unique('cara');
  await them.getByLabel('Username').fill(email);
  await them.getByLabel('Password', { exact: true }).fill('billing password 1');
  await them.getByLabel('Repeat password').fill('billing password 1');
  await them.getByLabel(/I agree to the Terms/).check();
  await them.getByRole('button', { name: 'Create account' }).click();
  await expect(them).toHaveURL(/\/accounts\/login\?ret=/);
  await them.getByLabel('Username').fill(email);
  await them.getByLabel('Password', { exact: true }).fill('billing password 1');
  await them.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(them).toHaveURL(/\/invitations\/authorize-partner\?/);
  await shot(them, 'partner-authorize.png');
  await them.getByRole('button', { name: 'Authorize' }).click();
  await expect(them.getByRole('heading', { name: 'Acme partner site' })).toBeVisible();
  const back = new URL(them.url());
  expect(back.origin).toBe(siteOrigin);
  expect(back.searchParams.get('state')).toBe('invitation');
  expect(back.searchParams.get('customer')).toBe(email);
  expect(back.searchParams.get('customerId')).toMatch(/^[0-9a-f-]{36}$/);

  // the partner sees the customer and sets their plan to Team Plus
  await page.reload();
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.getByRole('button', { name: `Plans: ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Subscription of ${email}` });
  await expect(dialog).toContainText('Changes may generate a new invoice.');
  await expect(dialog).toContainText('To apply changes, customers have to logout and login.');
  await expect(dialog.getByLabel('Billing cycle')).toHaveValue('Monthly');
  await dialog.getByLabel('Quantity').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Seats must be a whole number from 1 to 1000.');
  await dialog.getByLabel('Plan').selectOption('teamplus');
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Now: Team Plus');
  await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
  await shot(page, 'partner-subscription.png');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Partner area' }).getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Invoices' })).toContainText(email);
  await shot(page, 'partner-invoices.png');

  // an operator generates the partner's payout invoice; the partner reads it under 'Payout & Invoices'
  await post(`/api/admin/partners/${acme.id}/generate-invoice`, {}, acme.operatorToken);
  await page.getByRole('navigation', { name: 'Partner area' }).getByRole('link', { name: 'Payout & Invoices' }).click();
  const payouts = page.getByRole('table', { name: 'Payout invoices' });
  await expect(payouts).toContainText(/PP-\d{6}/);
  await expect(payouts).toContainText('$2.40');
  await payouts.getByRole('button', { name: /^View: Payout invoice PP-/ }).click();
  const payout = page.getByRole('dialog', { name: /^Payout invoice PP-/ });
  await expect(payout.getByRole('table', { name: 'Payout invoice' })).toContainText(email);
  await shot(page, 'partner-payout.png');
  await page.keyboard.press('Escape');

  // the customer logs in again: the board offers the plan's tools; the subscription names the partner
  await them.goto(`${server.url}/panel/home`);
  await them.getByRole('button', { name: 'Profile menu' }).click();
  await them.getByRole('menuitem', { name: 'Logout' }).click();
  await logIn(them, email);
  const token = (await post('/api/accounts/login', { username: email, password: 'billing password 1' })).accessToken;
  const { code } = await post('/api/boards', { name: 'Partner plan board' }, token);
  await expect((await toolsOnBoard(them, code)).getByRole('button', { name: 'Highlighter' })).toBeVisible();
  await them.goto(`${server.url}/panel/subscription`);
  await expect(them.getByText('Your subscription is handled by your partner, Acme Resale.')).toBeVisible();
  await expect(them.getByRole('definition').filter({ hasText: 'Team Plus' })).toBeVisible();
  await shot(them, 'partner-customer-subscription.png');
  await visitor.close();
});
