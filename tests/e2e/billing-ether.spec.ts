import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { weiForCents } from '../../shared/billing/ether';
import { startLocalChain, type LocalChain } from '../helpers/ganache';
import { billingPeople, fact, unique } from './billing-fixtures';
import { startServer, type TestServer } from './support/server';

/**
 * Checkout by Ether as a person does it (issue 16): a local chain (ganache, in the test process)
 * and an EIP-1193 wallet injected into the page (`window.ethereum.request` forwarding to the chain's
 * JSON-RPC with an unlocked account). A free user picks seats, pays team by Ether, sees the plan
 * active, then adds a seat from the subscription tab; without a wallet the spec's MetaMask text.
 */
const SHOTS = path.resolve('test-results/screens');
const RATE = '2000';

let chain: LocalChain;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a platform process on a busy machine
  fs.mkdirSync(SHOTS, { recursive: true });
  chain = await startLocalChain();
  server = await startServer({ ETH_RECIPIENT: chain.recipient, ETH_RPC_URL: chain.url, ETH_USD_RATE: RATE });
});
test.afterAll(async () => {
  await server?.stop();
  await chain?.close();
});

const { person, logIn } = billingPeople(() => server.url);
const signUpAndLogIn = async (page: Page, email: string) => logIn(page, (await person(email)).email);

/** The wallet: MetaMask's `window.ethereum.request`, answered by the local chain from `account`. */
async function injectWallet(page: Page, account: string) {
  const sent: string[] = [];
  await page.exposeFunction('tabulaTestWallet', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
    const answer = await chain.rpc(method, params);
    if (method === 'eth_sendTransaction') sent.push(String(answer));
    return answer;
  });
  await page.addInitScript(() => {
    const call = (window as unknown as { tabulaTestWallet: (m: string, p: unknown[]) => Promise<unknown> }).tabulaTestWallet;
    (window as unknown as { ethereum: object }).ethereum = {
      isMetaMask: true,
      request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
    };
  });
  return sent;
}

const balance = async (address: string) => BigInt((await chain.rpc('eth_getBalance', [address, 'latest'])) as string);

test('a free user pays team for two seats by Ether, sees the plan active, then adds a seat', async ({ page }) => {
  const payer = chain.accounts[1]!;
  const sent = await injectWallet(page, payer);
  await signUpAndLogIn(page, unique('erin'));
  const recipientBefore = await balance(chain.recipient);

  await page.goto(`${server.url}/panel/checkout?plan=team`);
  const form = page.getByRole('form', { name: 'Upgrade' });
  const total = page.getByRole('table', { name: 'Invoice preview' }).getByRole('row', { name: /Total due now/ });
  await expect(total).toContainText('$8.00');
  const seats = form.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('0');
  await expect(form.getByText('Seats must be a whole number from 1 to 1000.')).toBeVisible();
  await expect(form.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  await seats.fill('2');
  await expect(total).toContainText('$16.00');
  await expect(form.getByRole('radio', { name: 'Ether' })).toBeChecked();
  await page.screenshot({ path: path.join(SHOTS, 'billing-ether-checkout.png') });
  await form.getByRole('button', { name: 'Pay $16.00' }).click();

  await expect(page).toHaveURL(/\/panel\/workspace\/[0-9a-f-]{36}\/subscription$/, { timeout: 20_000 });
  await expect(fact(page, 'Plan')).toHaveText('Team');
  await expect(fact(page, 'Status')).toHaveText('Active');
  await expect(fact(page, 'Seats')).toHaveText('2');
  await expect(fact(page, 'Auto-renew')).toHaveText('Off');
  expect(sent).toHaveLength(1);
  expect((await balance(chain.recipient)) - recipientBefore).toBe(weiForCents(1600, RATE));
  await page.screenshot({ path: path.join(SHOTS, 'billing-ether-paid.png'), fullPage: true });

  // one more seat from the subscription tab: the preview charges the rest of the period for it
  const change = page.getByRole('form', { name: 'Upgrade' });
  await expect(change.getByRole('spinbutton', { name: 'Seats' })).toHaveValue('2');
  await expect(change.getByRole('alert')).toHaveText('This is already your subscription.');
  await change.getByRole('spinbutton', { name: 'Seats' }).fill('3');
  const preview = page.getByRole('table', { name: 'Invoice preview' });
  await expect(preview).toContainText('Remaining time on');
  const due = await preview
    .getByRole('row', { name: /Total due now/ })
    .locator('td')
    .last()
    .textContent();
  const cents = Math.round(Number(due!.replace(/[^0-9.]/g, '')) * 100);
  expect(cents).toBeGreaterThan(700);
  expect(cents).toBeLessThanOrEqual(800);
  await change.getByRole('button', { name: /^(Pay|Upgrade and pay|Change and pay)/ }).click();
  await expect(fact(page, 'Seats')).toHaveText('3', { timeout: 20_000 });
  expect(sent).toHaveLength(2);
});

test('without a wallet the checkout says to install MetaMask and places no order', async ({ page }) => {
  await signUpAndLogIn(page, unique('nowallet'));
  await page.goto(`${server.url}/panel/checkout`);
  const form = page.getByRole('form', { name: 'Upgrade' });
  await expect(page.getByRole('table', { name: 'Invoice preview' })).toBeVisible();
  await form.getByRole('radio', { name: 'Ether' }).check();
  await form.getByRole('button', { name: /^Pay/ }).click();
  await expect(form.getByRole('alert')).toHaveText('Please install MetaMask to connect with the Ethereum network');
  await page.screenshot({ path: path.join(SHOTS, 'billing-ether-no-wallet.png') });
});
