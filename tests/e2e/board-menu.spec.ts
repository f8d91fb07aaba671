import { expect, test, type Page } from '@playwright/test';
import {
  api,
  drag,
  newContext,
  openBoard,
  pickTool,
  settled,
  shapes,
  shot,
  startBoardIn,
  startDrawing,
  userSession,
  waitOnline,
} from './board-fixtures';
import { inkNear } from './support/screen';
import { useServer } from './support/suite';

/**
 * The board's main menu per role (board.md §2 "Board screen layout", §6): the owner gets every
 * item; an editor no clear and no delete; a guest log in and create account but no back to
 * boards. Clear asks first and empties the board for a second browser too; delete shows the
 * dispose timer's remaining time, then the board is gone and the owner is back on the boards list.
 * The top bar's buttons carry labelled tooltips with their keys.
 */
const server = useServer();

async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  const names = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return names;
}

async function openItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name }).click();
}

test('every menu item per role: owner, editor, guest', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const ownerItems = await menuItems(a);
  for (const item of ['Back to boards', 'New board', 'Settings', 'Keyboard shortcuts', 'Clear board', 'Share', 'Delete board'])
    expect(ownerItems).toContain(item);
  expect(ownerItems).not.toContain('Log in');
  // the templates dialog (sdk/ui/templates): an editor's; 'Save as template' needs the custom-templates plan policy
  expect(ownerItems).toContain('Templates');
  expect(ownerItems).not.toContain('Save as template');
  await shot(a, 'board-menu-owner');

  // anyone with the link edits: a signed-in editor gets no clear and no delete
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Editor' });
  const editor = await userSession(server);
  const b = await (await newContext(browser, { session: editor })).newPage();
  await openBoard(b, server, code);
  const editorItems = await menuItems(b);
  expect(editorItems).toEqual(expect.arrayContaining(['Back to boards', 'New board', 'Settings', 'Share']));
  expect(editorItems).not.toContain('Clear board');
  expect(editorItems).not.toContain('Delete board');

  // a guest: log in and create account, no back to boards, no clear, no delete
  const c = await (await newContext(browser, { name: 'Gus' })).newPage();
  await openBoard(c, server, code);
  const guestItems = await menuItems(c);
  expect(guestItems).toEqual(expect.arrayContaining(['New board', 'Share', 'Log in', 'Create account']));
  for (const item of ['Back to boards', 'Clear board', 'Delete board']) expect(guestItems).not.toContain(item);

  // the menu is operable by keyboard (WAI-ARIA menu): Enter opens on the first item, arrows move
  // and wrap, End jumps, Escape closes and gives the focus back to the button
  const mainButton = a.getByRole('button', { name: 'Main menu' });
  await mainButton.focus();
  await a.keyboard.press('Enter');
  const mainMenu = a.getByRole('menu', { name: 'Main menu' });
  await expect(mainMenu.getByRole('menuitem').first()).toBeFocused();
  await a.keyboard.press('ArrowDown');
  await expect(mainMenu.getByRole('menuitem').nth(1)).toBeFocused();
  await a.keyboard.press('ArrowUp');
  await a.keyboard.press('ArrowUp');
  await expect(mainMenu.getByRole('menuitem').last()).toBeFocused();
  await a.keyboard.press('Home');
  await expect(mainMenu.getByRole('menuitem').first()).toBeFocused();
  await a.keyboard.press('Escape');
  await expect(mainMenu).toHaveCount(0);
  await expect(mainButton).toBeFocused();
  for (const p of [a, b, c]) await p.context().close();
});

test('clear asks first, then empties the board for everyone', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Rectangle');
  await drag(a, [
    [300, 220],
    [440, 320],
  ]);
  await settled(a);
  const b = await (await newContext(browser, { name: 'Bea' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await shapes(b)).length).toBe(1);
  await expect.poll(() => inkNear(b, 300, 270, 3)).toBe(true);

  // Close keeps everything
  await openItem(a, 'Clear board');
  const dialog = a.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('Everything on the board is removed for everyone.');
  // the footer's Close (the header has a Close icon too)
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  expect(await shapes(a)).toHaveLength(1);

  await openItem(a, 'Clear board');
  await a.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Clear board' }).click();
  await expect(a.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(async () => (await shapes(a)).length).toBe(0);
  await settled(a);
  await expect.poll(async () => (await shapes(b)).length).toBe(0);
  await expect.poll(() => inkNear(b, 300, 270, 3)).toBe(false);
  // the one who cleared can undo it
  await a.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await shapes(b)).length).toBe(1);
  await a.context().close();
  await b.context().close();
});

test('delete shows the remaining time of the dispose timer, then the board is gone', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await api(server, 'POST', `/api/boards/${code}/dispose`, { token: owner.accessToken }, { days: 7 });
  await a.reload();
  await waitOnline(a);
  await startDrawing(a);
  const b = await (await newContext(browser, { name: 'Dee' })).newPage();
  await openBoard(b, server, code);

  await openItem(a, 'Delete board');
  const dialog = a.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog.getByTestId('delete-dispose')).toHaveText('This board will be deleted automatically in a week.');
  await shot(a, 'board-menu-delete');
  await dialog.getByRole('button', { name: 'Delete board' }).click();
  // the owner is back on the boards list; the other browser is told; the board no longer opens
  await a.waitForURL(/\/panel\//);
  await expect(b.getByText('Board has been deleted by its owner').first()).toBeVisible();
  const gone = await fetch(`${server.url}/api/boards/${code}/commands`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
  expect(gone.status).toBe(404);
  await a.context().close();
  await b.context().close();
});

test('top bar: board name, undo/redo, zoom, fullscreen and share, with tooltips showing the keys', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  await startBoardIn(a, server);
  await pickTool(a, 'Rectangle');
  await drag(a, [
    [300, 220],
    [440, 320],
  ]);
  const bar = a.getByRole('toolbar', { name: 'Board' });
  for (const name of ['Main menu', 'Undo', 'Redo', 'Zoom out', 'Zoom menu', 'Zoom in', 'Pan', 'Fullscreen'])
    await expect(bar.getByRole('button', { name })).toBeVisible();
  await expect(bar.getByRole('textbox', { name: 'Board name' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Share' })).toBeVisible();

  // hover shows the tooltip with the shortcut; the button is described by it
  await bar.getByRole('button', { name: 'Undo' }).hover();
  const tip = a.getByRole('tooltip');
  await expect(tip).toHaveText(/Undo\s*Ctrl\+Z/);
  await expect(bar.getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!);
  // keyboard focus shows it too; Escape hides it
  await a.mouse.move(640, 600);
  await expect(tip).toHaveCount(0);
  await bar.getByRole('button', { name: 'Zoom menu' }).focus();
  await a.keyboard.press('Tab');
  await expect(a.getByRole('tooltip')).toHaveText(/Zoom in/);
  await a.keyboard.press('Escape');
  await expect(a.getByRole('tooltip')).toHaveCount(0);
  // the toolbox's tools too
  await a.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Rectangle', exact: true }).hover();
  await expect(a.getByRole('tooltip')).toHaveText(/Rectangle\s*R/);
  await shot(a, 'board-top-bar-tooltip');

  // zoom in from the top bar
  const percent = a.getByTestId('zoom-percent');
  const before = await percent.innerText();
  await bar.getByRole('button', { name: 'Zoom in' }).click();
  await expect(percent).not.toHaveText(before);

  // fullscreen puts the board element in full screen
  await bar.getByRole('button', { name: 'Fullscreen' }).click();
  await expect.poll(() => a.evaluate(() => document.fullscreenElement?.hasAttribute('data-tabula-board') ?? false)).toBe(true);
  await a.evaluate(() => document.exitFullscreen());
  await a.context().close();
});
