import { expect, test } from '@playwright/test';
import { newContext, shot, startBoardIn, startDrawing, waitOnline } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Help on the board (board.md §1 contextual help, tip list, quick-overview tour; §2 help in the
 * top-right bar): the tour starts by itself on a new visitor's first board, steps with Next and
 * Back, is skipped with Escape and does not come back; the '?' menu works from the keyboard and
 * its pages answer.
 */
const server = useServer();

test('the quick overview starts on a first board, steps, is skipped and stays away after a reload', async ({ browser }) => {
  const context = await newContext(browser, { tour: true });
  const page = await context.newPage();
  await startBoardIn(page, server);

  const tour = page.getByRole('dialog', { name: 'Quick overview' });
  await expect(tour).toBeVisible({ timeout: 10_000 });
  await expect(tour).toContainText('Step 1 of 6');
  await expect(tour.getByRole('heading')).toHaveText('Your tools');
  // the focus is on Next: Enter moves on
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
  await shot(page, 'board-help-tour-1');
  // the card sits beside the toolbox and does not cover it
  const box = (await tour.boundingBox())!;
  const tools = (await page.getByRole('toolbar', { name: 'Tools' }).boundingBox())!;
  expect(box.x).toBeGreaterThan(tools.x + tools.width);

  await page.keyboard.press('Enter');
  await expect(tour.getByRole('heading')).toHaveText('The main menu');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading')).toHaveText('Invite your team');
  await expect(tour).toContainText('Step 3 of 6');
  // the ring has moved to Share (a 0.2 s transition) before the picture
  const share = (await page.locator('[data-tour="share"]').boundingBox())!;
  await expect
    .poll(async () => Math.abs((await page.locator('.tb-tour__ring').boundingBox())!.x - (share.x - 6)), { timeout: 2_000 })
    .toBeLessThan(2);
  await shot(page, 'board-help-tour-3');
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(tour.getByRole('heading')).toHaveText('The main menu');
  // Escape skips the rest
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();

  // after a reload (past the owner's start screen of the still-empty board) it does not come back
  await page.reload();
  await waitOnline(page);
  await startDrawing(page, 20_000);
  await page.waitForTimeout(2_000);
  await expect(tour).toBeHidden();

  // it is still there when asked for: from the help menu, to the end
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Quick overview' }).click();
  await expect(tour).toContainText('Step 1 of 6');
  for (let i = 1; i < 6; i++) await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading')).toHaveText('Help is here');
  await tour.getByRole('button', { name: 'Done' }).click();
  await expect(tour).toBeHidden();
  await context.close();
});

test("the '?' menu works from the keyboard: shortcuts, tips, feedback, and its pages answer", async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await startBoardIn(page, server);

  const help = page.getByRole('button', { name: 'Help' });
  await help.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Help' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeFocused();
  await shot(page, 'board-help-menu');
  await page.keyboard.press('Enter');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Tips: down one item, Enter
  await help.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Tips' })).toBeFocused();
  await page.keyboard.press('Enter');
  const tips = page.getByRole('dialog', { name: 'Tips' });
  await expect(tips).toBeVisible();
  await expect(tips.getByRole('listitem')).toHaveCount(12);
  await shot(page, 'board-help-tips');
  await page.keyboard.press('Escape');
  await expect(tips).toBeHidden();

  // Send feedback is still one entry away
  await help.click();
  await menu.getByRole('menuitem', { name: 'Send feedback' }).click();
  await expect(page.getByRole('dialog', { name: 'Send feedback' })).toBeVisible();
  await page.keyboard.press('Escape');

  // every page the menu links to answers an HTML page; Documentation opens in a new tab
  await help.click();
  const links = menu.locator('a[role="menuitem"]');
  await expect(links).toHaveCount(3);
  const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.map((h) => new URL(h).pathname)).toEqual(['/documents/how-to', '/documents/support', '/documents/set-a-preferred-language']);
  for (const href of hrefs) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()['content-type'], href).toMatch(/^text\/html/);
  }
  const [tab] = await Promise.all([context.waitForEvent('page'), menu.getByRole('menuitem', { name: /Documentation/ }).click()]);
  await tab.waitForLoadState();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('How to use Tabula');
  await shot(tab, 'board-help-how-to-page');
  await tab.getByRole('link', { name: 'Support' }).first().click();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Support');
  await tab.goto(`${server.url}/documents/no-such-page`);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await shot(tab, 'board-help-not-found');
  await context.close();
});
