import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { apiCall, logIn, signUp } from './support/people';
import type { TestServer } from './support/server';
import { workerServer } from './support/suite';

/**
 * Sharing a board from the board screen (board.md §2 "Share dialog", §6, §8): the owner opens Share,
 * sees themselves as Owner, invites by e-mail (the owner's own address refused with the spec's
 * text), opens the link to anyone as viewers, copies the link and shows its QR code; a second person
 * then opens the link and is a viewer; the board is closed again and they are refused.
 */
const SHOTS = path.resolve('test-results/screens');
let server: TestServer;

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await workerServer();
});

const api = (url: string, body: unknown, token?: string) => apiCall(server, 'POST', url, body, token);

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await logIn(page, server, email);
  return page;
}

test('the owner shares a board by link and by e-mail; the link level decides who may open it', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const { email: owner, token: accessToken } = await signUp(server, 'sharer');
  const { email: guest } = await signUp(server, 'viewer');
  const { code } = await api('/api/boards', { name: 'Shared plan' }, accessToken);

  const page = await signedInPage(browser, owner);
  await page.goto(`${server.url}/board/${code}`);
  await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Start drawing' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  const members = dialog.getByRole('list', { name: 'Members' });
  await expect(members).toContainText('(you)');
  await expect(members).toContainText('Owner');

  // invite: the owner's own address is refused with the spec's text, another address is invited
  await dialog.getByLabel('E-mail to invite').fill(owner);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The owner cannot be invited')).toBeVisible();
  await dialog.getByLabel('E-mail to invite').fill(`colleague-${stamp}@example.com`);
  await dialog.getByLabel('Role of the invited person').selectOption('Commenter');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(members).toContainText(`colleague-${stamp}@example.com`);
  // the toast saying so sits beside the dialog, not over it (top-right, in the gutter)
  const sent = page.getByRole('status').filter({ hasText: `Invitation sent to colleague-${stamp}@example.com.` });
  await expect(sent).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const [toastBox, dialogBox] = [(await sent.boundingBox())!, (await dialog.boundingBox())!];
  expect(toastBox.x >= dialogBox.x + dialogBox.width || toastBox.y >= dialogBox.y + dialogBox.height).toBe(true);
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: path.join(SHOTS, 'board-share-toast.png') });

  // anyone with the link may view
  await dialog.getByLabel('Anyone with the link').selectOption('Viewer');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/board/${code}`);
  await dialog.getByRole('button', { name: 'QR code' }).click();
  await expect(dialog.getByRole('img', { name: /QR code of/ })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'board-share.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  const viewer = await signedInPage(browser, guest);
  await viewer.goto(`${server.url}/board/${code}`);
  await expect(viewer.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  // a viewer gets no drawing tools
  await expect(viewer.getByRole('toolbar', { name: 'Tools' })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Share' }).click();
  await expect(viewer.getByRole('dialog', { name: 'Share' }).getByLabel('Anyone with the link')).toBeDisabled();
  await viewer.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Done' }).click();

  // closed again: the viewer is refused
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: 'Share' }).getByLabel('Anyone with the link').selectOption('NoAccess');
  await expect(viewer).toHaveURL(/access-denied/, { timeout: 15_000 });
});
