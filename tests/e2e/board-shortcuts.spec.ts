import { expect, test } from '@playwright/test';
import { newContext, openBoard, shot, startBoardIn, startDrawing, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Keyboard shortcuts (board.md §2 dialog 450 wide, §5 key binding rules, §7 PUT /api/users/configs,
 * §8 '{name} has this key binding!'): a signed-in user rebinds Pen, a clash and a prohibited key
 * are refused, the new key works, and after a reload and on another board it still does. A guest
 * sees the keys but cannot change them.
 */
const server = useServer();

test('a signed-in user rebinds a shortcut; it is saved and works after a reload and on another board', async ({ browser }) => {
  const session = await userSession(server);
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  const code = await startBoardIn(page, server);

  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  // 450 wide once its opening animation is over
  await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(450);
  for (const group of ['Tools', 'Edit', 'View']) await expect(dialog.getByRole('heading', { name: group })).toBeVisible();
  const pen = dialog.locator('[data-action="pen"]');
  await expect(pen).toContainText('P');
  await expect(dialog.locator('[data-action="copy"]')).toContainText('Ctrl + C');
  await shot(page, 'board-shortcuts-dialog');

  await pen.getByRole('button', { name: 'Change Pen key' }).click();
  await expect(pen).toContainText('Press keys…');
  // a key another command has: refused with the spec's text
  await page.keyboard.press('r');
  await expect(pen.getByRole('alert')).toHaveText('Rectangle has this key binding!');
  await shot(page, 'board-shortcuts-clash');
  await page.keyboard.press('Enter');
  await expect(pen.getByRole('alert')).toHaveText('Rectangle has this key binding!');
  // a prohibited key: refused
  await page.keyboard.press('Pause');
  await expect(pen.getByRole('alert')).toContainText('cannot be used');
  // Escape cancels the recording, not the dialog
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(pen).not.toContainText('Press keys…');

  await pen.getByRole('button', { name: 'Change Pen key' }).click();
  await page.keyboard.press('Shift+KeyQ');
  await expect(pen).toContainText('Enter to confirm');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/configs') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(pen.locator('kbd')).toHaveText('Shift + Q');
  await expect(pen.getByRole('button', { name: 'Reset Pen key' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // the new key picks the pen; P no longer does
  const tool = () => page.evaluate(() => window.tabula!.editor.tool$.value);
  await page
    .locator('canvas[data-tabula-canvas]')
    .click({ position: { x: 5, y: 400 } })
    .catch(() => undefined);
  await page.keyboard.press('v');
  await expect.poll(tool).toBe('select');
  await page.keyboard.press('p');
  await expect.poll(tool).toBe('select');
  await page.keyboard.press('Shift+KeyQ');
  await expect.poll(tool).toBe('pen');

  // reload: the binding comes back with the join's userConfig
  await page.reload();
  await openBoard(page, server, code);
  // the board is still empty: the owner's start screen again (a modal: the board takes no keys behind it)
  await startDrawing(page);
  await page.keyboard.press('v');
  await expect.poll(tool).toBe('select');
  await page.keyboard.press('Shift+KeyQ');
  await expect.poll(tool).toBe('pen');

  // another board of the same user
  const other = await context.newPage();
  await startBoardIn(other, server);
  await other.keyboard.press('v');
  await other.keyboard.press('Shift+KeyQ');
  await expect.poll(() => other.evaluate(() => window.tabula!.editor.tool$.value)).toBe('pen');
  await context.close();
});

test('a guest sees the shortcuts but cannot change them', async ({ browser }) => {
  const owner = await userSession(server);
  const ownerPage = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(ownerPage, server);
  await ownerPage.evaluate(async (c) => {
    await fetch(`/api/boards/${c}/sharings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      body: JSON.stringify({ link: 'Editor' }),
    });
  }, code);
  const page = await (await newContext(browser)).newPage();
  await openBoard(page, server, code);
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toContainText('login to change');
  await expect(dialog.locator('[data-action="pen"]')).toContainText('P');
  await expect(dialog.getByRole('button', { name: /^Change / })).toHaveCount(0);
  await ownerPage.context().close();
  await page.context().close();
});
