import { expect, test, type Page } from '@playwright/test';
import { newContext, openBoard, shot, startBoardIn, startDrawing, userSession, waitOnline } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * The settings dialog (board.md §2 width 400, §3 boardConfig and userConfig, §4 dispose timer,
 * §6, §9 swatches and dispose display): the owner changes the background and its colour and a
 * second browser sees both live; a signed-in user's snap to objects is saved and still on after a
 * reload; the owner sets the dispose timer to a week ('a week'), then to Never; an editor gets no
 * background and no dispose timer.
 */
const server = useServer();

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** What the board looks like: the canvas' background colour and how many pattern pixels are drawn. */
function look(page: Page) {
  return page.evaluate(() => {
    const top = document.querySelector('canvas[data-tabula-canvas]') as HTMLCanvasElement;
    const container = top.parentElement!;
    const pattern = container.querySelector('canvas') as HTMLCanvasElement;
    const data = pattern.getContext('2d')!.getImageData(0, 0, pattern.width, pattern.height).data;
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
    return { color: getComputedStyle(container).backgroundColor, pattern: inked };
  });
}

test('the owner changes the background and its colour; a second browser sees both live', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  expect((await look(b)).pattern).toBe(0);

  const dialog = await openSettings(a);
  // the spec's width (the box is measured while the dialog may still be easing in)
  expect(await dialog.evaluate((el) => el.style.width)).toBe('400px');
  await dialog.getByRole('radio', { name: 'Graph paper' }).check();
  await dialog.getByRole('radio', { name: '#e3f2fd' }).check();
  await expect(dialog.getByRole('radio', { name: '#e3f2fd' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Graph paper' })).toBeChecked();
  // ten swatches (§9)
  await expect(dialog.getByRole('group', { name: 'Background colour' }).getByRole('radio')).toHaveCount(10);
  await shot(a, 'board-settings-owner');

  await expect.poll(async () => (await look(b)).pattern).toBeGreaterThan(0);
  await expect.poll(async () => (await look(b)).color).toBe('rgb(227, 242, 253)');
  expect((await look(a)).color).toBe('rgb(227, 242, 253)');

  // a custom image address must be http(s)
  await dialog.getByLabel('Background image address').fill('ftp://example.com/a.png');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter an http or https address.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // after a reload the board keeps them
  await b.reload();
  await waitOnline(b);
  await expect.poll(async () => (await look(b)).color).toBe('rgb(227, 242, 253)');
  expect((await look(b)).pattern).toBeGreaterThan(0);

  // the guest (an editor by the link) gets neither background settings nor the dispose timer
  const guest = await openSettings(b);
  await expect(guest.getByRole('group', { name: 'Background' })).toHaveCount(0);
  await expect(guest.getByLabel('Delete the board automatically')).toHaveCount(0);
  await expect(guest.getByLabel('Uploads')).toBeVisible();

  // uploads off for the board: the upload actions leave every toolbox; at the workspace's setting they are back
  const uploadButton = (p: Page) => p.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Upload', exact: true });
  await expect(uploadButton(a)).toBeVisible();
  await guest.getByLabel('Uploads').selectOption({ label: 'Disabled' });
  await expect(uploadButton(a)).toHaveCount(0);
  await expect(uploadButton(b)).toHaveCount(0);
  await guest.getByLabel('Uploads').selectOption({ label: "Workspace's setting" });
  await expect(uploadButton(a)).toBeVisible();
  await a.context().close();
  await b.context().close();
});

test('snap to objects: saved for a signed-in user and still on after a reload', async ({ browser }) => {
  const user = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: user })).newPage();
  await startBoardIn(a, server);
  let dialog = await openSettings(a);
  const snap = dialog.getByRole('switch', { name: 'Snap to objects' });
  await expect(snap).not.toBeChecked();
  await snap.check();
  await expect(snap).toBeChecked();
  await expect.poll(() => a.evaluate(() => window.tabula!.sync.board$.value?.userConfig?.snapToObject)).toBe(true);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await a.reload();
  await waitOnline(a);
  await startDrawing(a);
  dialog = await openSettings(a);
  await expect(dialog.getByRole('switch', { name: 'Snap to objects' })).toBeChecked();
  await a.context().close();
});

test('dispose timer: the owner picks a week (shown as "a week"), then Never', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner })).newPage();
  await startBoardIn(a, server);
  const dialog = await openSettings(a);
  const timer = dialog.getByLabel('Delete the board automatically');
  const note = dialog.getByTestId('dispose-remaining');
  await expect(note).toHaveText('This board is kept until you delete it.');
  await timer.selectOption({ label: 'In a week' });
  await expect(note).toHaveText('This board will be deleted automatically in a week.');
  await shot(a, 'board-settings-dispose');
  await timer.selectOption({ label: 'In 1 day' });
  await expect(note).toHaveText(/deleted automatically in a day\./);
  // the main menu's Delete says how long is left
  await dialog.getByRole('button', { name: 'Done' }).click();
  await a.getByRole('button', { name: 'Main menu' }).click();
  await expect(a.getByRole('menuitem', { name: /^Delete board/ })).toContainText('deletes itself in a day');
  await shot(a, 'board-menu-delete-remaining');
  await a.keyboard.press('Escape');
  await openSettings(a);
  await timer.selectOption({ label: 'Never' });
  await expect(note).toHaveText('This board is kept until you delete it.');
  // the server agrees: no dispose time after a reload
  await a.reload();
  await waitOnline(a);
  expect(await a.evaluate(() => window.tabula!.sync.board$.value?.disposeAt ?? null)).toBeNull();
  await a.context().close();
});
