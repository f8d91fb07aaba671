import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn, signUp, uniqueEmail, PASSWORD } from './support/people';
import { useServer } from './support/suite';

/**
 * The operators' Partners (backoffice.md §2 "Partners"; docs/backoffice.md "Partners") in Chromium:
 * an operator (ADMIN_EMAILS) makes an account a partner by e-mail, enrols it in the Reseller
 * programme and moves it to Active in the Partner Details tabs; with a customer's paid invoice
 * seeded through the partner API (the partner changes its customer's plan), generates a partner
 * invoice and pays it out from the Partner Payouts panel. 1280×800 screens go to test-results/screens/.
 */
const operatorEmail = uniqueEmail('olaf-partners');
const server = useServer({ ADMIN_EMAILS: operatorEmail });
const shot = (page: Page, name: string) => page.screenshot({ path: path.resolve('test-results/screens', `admin-partners-${name}.png`) });

test('an operator creates a partner, activates its Reseller programme, generates a partner invoice and pays it out', async ({ page }) => {
  test.setTimeout(120_000);
  await apiCall(server, 'POST', '/api/accounts/users', {
    username: operatorEmail,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
  });
  const partner = await signUp(server, 'pia-partner');
  const customer = await signUp(server, 'carl-customer');

  await logIn(page, server, operatorEmail);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/partners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Partners' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Status', 'Created', 'Actions']);

  // New Partner: an unknown e-mail is refused under the field, then the partner's e-mail
  await page.getByRole('button', { name: 'Add partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Partner' });
  await dialog.getByLabel('Email').fill('nobody-here@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('user not found')).toBeVisible();
  await dialog.getByLabel('Email').fill(partner.email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = grid.getByRole('row').filter({ hasText: partner.email });
  await expect(row).toContainText('None');

  // Partner Details: one tab per programme; enrol Reseller, then Active
  await row.getByRole('button', { name: `View: ${partner.email}` }).click();
  const details = page.getByRole('dialog', { name: 'Partner Details' });
  const tabs = details.getByRole('tablist', { name: 'Programme types' });
  await expect(tabs.getByRole('tab')).toHaveText(['Reseller', 'Referral']);
  await expect(tabs.getByRole('tab', { name: 'Reseller' })).toHaveAttribute('aria-selected', 'true');
  const panel = details.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Enroll the program' }).click();
  await expect(panel).toContainText('Status: UnderReview');
  await expect(panel.getByLabel('Reject reason')).toBeVisible();
  await panel.getByRole('button', { name: 'Rejected', exact: true }).click();
  await expect(panel.getByText('a reason is required')).toBeVisible();
  await shot(page, 'details');
  await panel.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(panel).toContainText('Status: Active');
  // the dialog's overall status follows the answer
  await expect(details.getByRole('definition').filter({ hasText: /^Active$/ })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Suspended', exact: true })).toBeVisible();
  await expect(panel.getByLabel('Reject reason')).toHaveCount(0);
  // the keyboard moves between tabs
  await tabs.getByRole('tab', { name: 'Reseller' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Referral' })).toBeFocused();
  await expect(details.getByRole('tabpanel').getByRole('button', { name: 'Enroll the program' })).toBeVisible();

  // nothing to pay yet
  await details.getByRole('button', { name: 'Generate Partner Invoice' }).click();
  await page
    .getByRole('alertdialog', { name: 'Generate Partner Invoice' })
    .or(page.getByRole('dialog', { name: 'Generate Partner Invoice' }))
    .getByRole('button', { name: 'Generate' })
    .click();
  await expect(page.getByText('Nothing to pay: no paid customer invoices since the last partner invoice.')).toBeVisible();

  // a customer's paid invoice, through the partner API: the customer authorizes the partner, the partner buys team × 2
  const partnerToken = (await apiCall(server, 'POST', '/api/accounts/login', { username: partner.email, password: PASSWORD })).accessToken;
  const me = await apiCall(
    server,
    'POST',
    '/api/partners/profile',
    { name: 'Pia Resellers', origins: ['https://shop.example'] },
    partnerToken,
  );
  await apiCall(
    server,
    'POST',
    `/api/partners/${me.id}/authorize`,
    { returnUrl: 'https://shop.example/back', state: 's1' },
    customer.token,
  );
  await apiCall(
    server,
    'POST',
    `/api/partners/customers/${customer.id}/subscriptions`,
    { plan: 'team', quantity: 2, billingCycle: 'Monthly', addons: [], autoRenew: true },
    partnerToken,
  );

  await details.getByRole('button', { name: 'Generate Partner Invoice' }).click();
  const confirmGenerate = page
    .getByRole('alertdialog', { name: 'Generate Partner Invoice' })
    .or(page.getByRole('dialog', { name: 'Generate Partner Invoice' }));
  await confirmGenerate.getByRole('button', { name: 'Generate' }).click();
  const generated = page.getByText(/Partner invoice generated: PP-\d{6} \(\$\d+\.\d{2}\)/);
  await expect(generated).toBeVisible();
  const number = (/PP-\d{6}/.exec((await generated.textContent()) ?? '') ?? [''])[0];
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Pia Resellers');

  // Customers panel
  await row.getByRole('button', { name: 'Customers: Pia Resellers' }).click();
  const customers = page.getByRole('dialog', { name: /^Partner Customers/ });
  await expect(customers.getByRole('table', { name: 'Partner Customers' })).toContainText(customer.email);
  await customers.getByRole('button', { name: 'Close' }).first().click();

  // Payouts panel: pay it out after the 'Partner payout' confirmation
  await row.getByRole('button', { name: 'Payout: Pia Resellers' }).click();
  const payouts = page.getByRole('dialog', { name: /^Partner Payouts/ });
  const payoutRow = payouts.getByRole('row').filter({ hasText: number });
  await expect(payoutRow).toContainText('Open');
  await expect(payouts.getByRole('columnheader')).toHaveText(['Number', 'Issued on', 'Status', 'Total', 'Actions']);
  await shot(page, 'payouts');
  await payoutRow.getByRole('button', { name: `Payout: ${number}` }).click();
  const confirmPay = page.getByRole('alertdialog', { name: 'Partner payout' });
  await confirmPay.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(`${number} paid`)).toBeVisible();
  await expect(payoutRow).toContainText('Paid');
  await expect(payoutRow.getByRole('button', { name: `Payout: ${number}` })).toBeDisabled();
  await shot(page, 'paid');
});
