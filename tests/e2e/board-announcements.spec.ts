import { expect, test, type Page } from '@playwright/test';
import { createBoardIn, newContext, shot, startDrawing, waitOnline } from './board-fixtures';
import { apiCall, PASSWORD } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * Announcements on an open board (backoffice.md §2 "Announcement display to users"; board.md §8
 * 'New version'): an operator publishes (POST /api/admin/announcements) and the bar appears on a
 * board that is already open; Dismiss is remembered across a reload (maintenance by its start
 * time), Hide is not; a maintenance announcement that has started is not shown; a withdrawn one
 * disappears; a server running another version offers 'A new Tabula version is available' with
 * Update, which reloads the page.
 */
const OPERATOR = `announcer-${Date.now().toString(36)}@example.com`;
let server: TestServer;
let operatorToken: string;

test.beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OPERATOR });
  await apiCall(server, 'POST', '/api/accounts/users', { username: OPERATOR, password: PASSWORD, repeatPassword: PASSWORD, terms: true });
  operatorToken = (await apiCall(server, 'POST', '/api/accounts/login', { username: OPERATOR, password: PASSWORD })).accessToken;
});
test.afterAll(async () => {
  await server?.stop();
});

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const publish = (body: { message: string; type: 'ScheduledMaintenance' | 'News'; start: string; end: string }) =>
  apiCall(server, 'POST', '/api/admin/announcements', body, operatorToken) as Promise<{ id: string }>;
const bar = (page: Page) => page.getByRole('region', { name: 'Announcements' });
/** Reloads the board (the owner of an empty board passes the start screen again). */
async function reopen(page: Page): Promise<void> {
  await page.reload();
  await waitOnline(page);
  await startDrawing(page);
}
/** Waits until the board has read the current announcements (GET /api/announcements after the join). */
const announcementsRead = (page: Page, count: number) =>
  page.waitForFunction((n) => window.tabula?.sync.announcements$.value.length === n, count, { timeout: 15_000 });

test('an operator publishes: the bar appears on an open board; dismiss is remembered, hide is not; past maintenance is not shown', async ({
  browser,
}) => {
  const context = await newContext(browser, { name: 'Reader' });
  const page = await context.newPage();
  await createBoardIn(page, server);
  await startDrawing(page);
  await expect(bar(page)).toHaveCount(0);

  // published while the board is open: the bar shows it at once
  const maintenance = await publish({
    message: 'Database upgrade tonight',
    type: 'ScheduledMaintenance',
    start: inMinutes(30),
    end: inMinutes(32),
  });
  const item = bar(page).getByRole('listitem').filter({ hasText: 'Database upgrade tonight' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Scheduled maintenance');
  await expect(item).toContainText('2 min');
  await shot(page, 'announcement-bar');
  const box = (await bar(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.y + box.height).toBeLessThanOrEqual(800);

  // Dismiss, by keyboard: gone, and still gone after a reload (remembered by its start time)
  await item.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar(page)).toHaveCount(0);
  await reopen(page);
  await announcementsRead(page, 1);
  await expect(bar(page)).toHaveCount(0);

  // news: Hide only hides — after a reload it is back
  const news = await publish({ message: 'Frames are here', type: 'News', start: inMinutes(0), end: inMinutes(60) });
  const newsItem = bar(page).getByRole('listitem').filter({ hasText: 'Frames are here' });
  await expect(newsItem).toBeVisible();
  await newsItem.getByRole('button', { name: 'Hide' }).click();
  await expect(bar(page)).toHaveCount(0);
  await reopen(page);
  await expect(bar(page).getByRole('listitem').filter({ hasText: 'Frames are here' })).toBeVisible();

  // a maintenance that has already started is not announced
  await publish({ message: 'Already running', type: 'ScheduledMaintenance', start: inMinutes(-5), end: inMinutes(10) });
  await announcementsRead(page, 3);
  await expect(bar(page).getByRole('listitem')).toHaveCount(1);
  await reopen(page);
  await announcementsRead(page, 3);
  await expect(page.getByText('Already running')).toHaveCount(0);

  // withdrawn by the operator: it leaves the open board
  await apiCall(server, 'DELETE', `/api/admin/announcements/${news.id}`, undefined, operatorToken);
  await expect(bar(page)).toHaveCount(0);
  await apiCall(server, 'DELETE', `/api/admin/announcements/${maintenance.id}`, undefined, operatorToken);
  await context.close();
});

test.describe('a server of another version', () => {
  let newer: TestServer;
  test.beforeAll(async () => {
    newer = await startServer({ APP_VERSION: '99.0.0' });
  });
  test.afterAll(async () => {
    await newer?.stop();
  });

  test("offers 'A new Tabula version is available' with Update, which reloads the page", async ({ browser }) => {
    const context = await newContext(browser, { name: 'Reader' });
    const page = await context.newPage();
    await createBoardIn(page, newer);
    await startDrawing(page);
    const offer = bar(page).getByRole('listitem').filter({ hasText: 'A new Tabula version is available' });
    await expect(offer).toBeVisible();
    await shot(page, 'announcement-new-version');
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Update' }).click()]);
    await waitOnline(page);
    await startDrawing(page);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    // Hide puts the offer away for this page
    await bar(page).getByRole('button', { name: 'Hide' }).click();
    await expect(bar(page)).toHaveCount(0);
    await context.close();
  });
});
