import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BILLING_MESSAGES } from '../../shared/billing';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';
import { billingPeople, fact, unique } from './billing-fixtures';
import { startServer, type TestServer } from './support/server';

/**
 * Card entry on the hosted payment page (STRIPE_CARD_ENTRY=hosted, docs/billing.md "Card entry"), as
 * a person does it: a free user picks team on /panel/checkout, is sent to the Stripe stand-in's
 * payment page (tests/helpers/stripe-stand-in.ts), goes back once (nothing charged), then is
 * declined, then pays, lands on the panel with the plan active and finds the highlighter on a board.
 * 1280×800 screens go to test-results/screens/.
 */
const SHOTS = path.resolve('test-results/screens');

let server: TestServer;
let stripe: StripeStandIn;

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  stripe = await startStripeStandIn();
  server = await startServer({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    STRIPE_CARD_ENTRY: 'hosted',
  });
  stripe.webhookTarget = `${server.url}/api/billing/stripe/webhook`;
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

const { post, person, logIn, toolsOnBoard } = billingPeople(() => server.url);

test('a free user buys team by card on the hosted payment page and gets the highlighter', async ({ page }) => {
  const { email, token } = await person(unique('hosted'));
  const { code } = await post('/api/boards', { name: 'Hosted board' }, token);
  await logIn(page, email);
  expect(await (await toolsOnBoard(page, code)).getByRole('button', { name: 'Highlighter' }).count()).toBe(0);

  await page.goto(`${server.url}/panel/checkout?plan=team`);
  const form = page.getByRole('form', { name: 'Upgrade' });
  await expect(form.getByRole('radio', { name: 'Card' })).toBeChecked();
  // no test cards here: the card is entered on the payment page
  await expect(form.getByText("You enter your card on Stripe's secure payment page; it brings you back here.")).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Card' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Invoice preview' }).getByRole('row', { name: /Total due now/ })).toContainText('$8.00');
  await page.screenshot({ path: path.join(SHOTS, 'billing-hosted-checkout.png') });

  // to the payment page, and back without paying: nothing charged, the form again
  await form.getByRole('button', { name: 'Pay $8.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/checkout/cs_`));
  await expect(page.getByRole('heading', { name: 'Pay 8.00 USD' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/panel\/checkout\?reference=ord_[\w-]+&canceled=1$/);
  await expect(page.getByText('The payment was canceled. Nothing was charged; choose Pay to try again.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invoice preview' }).getByRole('row', { name: /Total due now/ })).toContainText('$8.00');
  await page.screenshot({ path: path.join(SHOTS, 'billing-hosted-canceled.png') });
  expect(stripe.charges).toHaveLength(0);

  // again: declined first, then paid
  await page.getByRole('form', { name: 'Upgrade' }).getByRole('button', { name: 'Pay $8.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/checkout/cs_`));
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(stripe.charges).toHaveLength(0);
  await page.screenshot({ path: path.join(SHOTS, 'billing-hosted-declined.png') });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // back on the panel: the order is finalized and the plan is active
  await expect(page).toHaveURL(/\/panel\/workspace\/[0-9a-f-]{36}\/subscription$/, { timeout: 20_000 });
  await expect(page.getByText('Your plan is now Team.')).toBeVisible();
  await expect(fact(page, 'Plan')).toHaveText('Team');
  await expect(fact(page, 'Status')).toHaveText('Active');
  await expect(page.getByRole('table', { name: 'Billing history' }).getByRole('row', { name: /INV-\d{6}/ })).toHaveCount(1);
  expect(stripe.charges).toEqual([expect.objectContaining({ amount: 800 })]);
  await page.screenshot({ path: path.join(SHOTS, 'billing-hosted-paid.png') });

  // the token was refreshed: the board offers the highlighter now
  await expect((await toolsOnBoard(page, code)).getByRole('button', { name: 'Highlighter' })).toBeVisible();

  // an address with a reference that is not theirs: the server's answer and a way back to the form
  await page.goto(`${server.url}/panel/checkout?reference=ord_not_an_order`);
  await expect(page.getByRole('alert')).toHaveText(BILLING_MESSAGES.orderNotFound);
  await page.screenshot({ path: path.join(SHOTS, 'billing-hosted-unknown.png') });
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page.getByRole('form', { name: 'Upgrade' })).toBeVisible();
  expect(stripe.charges).toHaveLength(1);
});
