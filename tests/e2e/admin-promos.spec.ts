import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn, PASSWORD, uniqueEmail } from './support/people';
import { useServer } from './support/suite';

/**
 * Promotion codes (backoffice.md §2; docs/backoffice.md "Promotion codes") in Chromium: an
 * operator (ADMIN_EMAILS) opens Promos, creates a promo from the StarterPack template with a
 * generated code, copies its link (the button reads 'Copied!' and reverts after 2 s); a signed-out
 * user opens the link, is sent to the login ('Log in or sign up to claim your offer.'), logs in,
 * comes back to the link and redeems it; the operator's View usages lists the user. Editing keeps
 * the type fixed and offers the status; a refused clipboard falls back to the manual-copy prompt.
 * Screenshots at 1280×800 go to test-results/screens/.
 */
const operatorEmail = uniqueEmail('oscar-promos');
const server = useServer({ ADMIN_EMAILS: operatorEmail });
const shot = (page: Page, name: string) => page.screenshot({ path: path.resolve('test-results/screens', `admin-promos-${name}.png`) });

test('an operator makes a promo from a template, a user redeems its link, the usage shows', async ({ browser }) => {
  test.setTimeout(180_000);
  const userEmail = uniqueEmail('ulrike-redeem');
  for (const email of [operatorEmail, userEmail])
    await apiCall(server, 'POST', '/api/accounts/users', {
      username: email,
      password: PASSWORD,
      repeatPassword: PASSWORD,
      terms: true,
    }).catch(
      () => undefined, // the operator may exist from an earlier try of this test
    );

  const opContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await opContext.newPage();
  await logIn(page, server, operatorEmail);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Promos' }).click();
  await expect(page).toHaveURL(/\/panel\/promos$/);
  await expect(page.getByRole('table', { name: 'Promotion codes' })).toBeVisible();

  // add: the StarterPack template, a generated code
  await page.getByRole('button', { name: 'Add promo' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo' });
  await dialog.getByLabel('Templates').selectOption('StarterPack');
  await expect(dialog.getByLabel('Name')).toHaveValue('StarterPack');
  await expect(dialog.getByLabel('Expires in days')).toHaveValue('30');
  await expect(dialog.getByLabel('Percent')).toHaveValue('100');
  await expect(dialog.getByLabel('Duration')).toHaveValue('Forever');
  await expect(dialog.getByLabel('Status')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Generate a code' }).click();
  const code = await dialog.getByRole('textbox', { name: 'Code' }).inputValue();
  expect(code).toMatch(/^WT[A-Z0-9]{2}-[A-Z0-9]{4}-[A-Z0-9]{6}$/);
  await dialog.getByLabel('Comment').fill('e2e campaign');
  await shot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox').fill(code);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('StarterPack');
  await expect(row).toContainText('100% (Forever)');
  await expect(row).toContainText('unlimited');
  await expect(row).toContainText('Active');
  await expect(row.getByLabel('Comment: e2e campaign')).toBeVisible();
  await shot(page, 'grid');

  // copy the link: 'Copied!' for 2 s, then the label again
  await row.getByRole('button', { name: `Copy Link: ${code}` }).click();
  await expect(row.getByRole('button', { name: `Copied!: ${code}` })).toHaveText('Copied!');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${server.url}/invitations/redeem/${code}`);
  await expect(row.getByRole('button', { name: `Copy Link: ${code}` })).toHaveText('Copy Link', { timeout: 4000 });

  // a signed-out user opens the link, logs in, comes back and redeems
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await user.setViewportSize({ width: 1280, height: 800 });
  await user.goto(link);
  await expect(user).toHaveURL(/\/accounts\/login\?ret=/);
  await expect(user.getByText('Log in or sign up to claim your offer.')).toBeVisible();
  await user.getByLabel('Username').fill(userEmail);
  await user.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await user.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(user).toHaveURL(new RegExp(`/invitations/redeem/${code}$`));
  await expect(user.getByRole('heading', { name: 'Redeem code' })).toBeVisible();
  await user.getByRole('button', { name: 'Redeem' }).click();
  await expect(user.getByRole('status')).toHaveText('Promo code redeemed: Team for 30 days.');
  await shot(user, 'redeemed');
  await user.getByRole('link', { name: 'Go to your subscription' }).click();
  await expect(user).toHaveURL(/\/panel\/subscription$/);
  await userContext.close();

  // the operator's usages list shows the user; the grid counts the redemption
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible();
  await page.getByRole('button', { name: `View usages: ${code}` }).click();
  const usages = page.getByRole('dialog', { name: `Usages of ${code}` });
  await expect(usages.getByRole('row').filter({ hasText: userEmail })).toBeVisible();
  await shot(page, 'usages');
  await page.keyboard.press('Escape');
  await expect(usages).toHaveCount(0);

  // edit: the type is fixed, the status can be set
  await page.getByRole('button', { name: `Edit: ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Promo ${code}` });
  await expect(edit.getByLabel('Type')).toBeDisabled();
  await expect(edit.getByLabel('Templates')).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Generate a code' })).toHaveCount(0);
  await edit.getByLabel('Status').selectOption('Disabled');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: 'Disabled', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Disabled', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Disabled');

  // a refused clipboard: the prompt offers the code to copy by hand
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  });
  const asked = new Promise<string[]>((resolve) =>
    page.once('dialog', (d) => {
      resolve([d.type(), d.message(), d.defaultValue()]);
      void d.dismiss();
    }),
  );
  await page.getByRole('button', { name: `Copy code: ${code}` }).click();
  expect(await asked).toEqual(['prompt', 'Copy to clipboard: Ctrl+C, Enter', code]);
  await opContext.close();
});

test('a server field error shows on its field', async ({ page }) => {
  await apiCall(server, 'POST', '/api/accounts/users', {
    username: operatorEmail,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
  }).catch(() => undefined);
  await logIn(page, server, operatorEmail);
  await page.goto(`${server.url}/panel/promos`);
  await page.getByRole('button', { name: 'Add promo' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo' });
  await dialog.getByLabel('Type').selectOption('Subscription');
  await dialog.getByLabel('Duration (days)').fill('10');
  await expect(dialog.getByText('The duration should be divisible by 7 or 30.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // no name: the server's error under name
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toContainText('name');
});
