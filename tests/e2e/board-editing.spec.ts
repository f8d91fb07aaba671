import { expect, test, type Page } from '@playwright/test';
import type { Shape } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { useServer } from './support/suite';
import {
  canvasOrigin,
  click,
  drag,
  newContext,
  openBoard,
  pickTool,
  settled,
  shapes,
  shot,
  startBoardIn,
  userSession,
} from './board-fixtures';

/**
 * Editing power on the board (board.md §2 context and floating menus, command palette; §4 lock and
 * protect; §5 align / tags / link checks; §9 layouts, find zoom ×3, Ctrl+F), driven as a person
 * does: right clicks, menu clicks, drags, typing and keys in Chromium. Every change is also seen
 * by a second browser on the same board. The owner has the team plan (align, arrange, protect,
 * tags, find) and beta-tester (attach link) policies; the second person is a guest editor.
 */
const server = useServer();

const byId = async (page: Page, id: string): Promise<Shape | undefined> => (await shapes(page)).find((s) => s.id === id);
const rectOf = (s: Shape | undefined) =>
  s as unknown as { x: number; y: number; w: number; h: number; lock?: boolean; protectedBy?: string };

async function twoBrowsers(browser: import('@playwright/test').Browser) {
  const session = await userSession(server, { plan: ['team', 'beta-tester'] as unknown as string });
  const a = await (await newContext(browser, { session })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);
  return { a, b, code };
}

async function drawRects(page: Page, rects: Array<[number, number, number, number]>): Promise<string[]> {
  await pickTool(page, 'Filled rectangle');
  for (const [x, y, w, h] of rects)
    await drag(page, [
      [x, y],
      [x + w, y + h],
    ]);
  await expect.poll(async () => (await shapes(page)).length).toBe(rects.length);
  await settled(page);
  await pickTool(page, 'Select');
  return (await shapes(page)).map((s) => s.id);
}

async function rightClick(page: Page, x: number, y: number) {
  const o = await canvasOrigin(page);
  await page.mouse.click(o.x + x, o.y + y, { button: 'right' });
}

test('context menu, align with one undo, lock and duplicate through the menus', async ({ browser }) => {
  const { a, b } = await twoBrowsers(browser);
  const ids = await drawRects(
    a,
    [
      [300, 250],
      [500, 330],
      [700, 200],
    ].map(([x, y]) => [x!, y!, 100, 80] as [number, number, number, number]),
  );
  await expect.poll(async () => (await shapes(b)).length).toBe(3);
  const before = await Promise.all(ids.map(async (id) => rectOf(await byId(a, id))));

  // Ctrl+A selects the three; the floating menu appears above them, clear of the selection
  await click(a, 1000, 600);
  await a.keyboard.press('Control+a');
  const menu = a.getByRole('toolbar', { name: 'Edit selection' });
  await expect(menu).toBeVisible();
  const bar = (await a.getByRole('group', { name: 'Floating menu' }).boundingBox())!;
  const o = await canvasOrigin(a);
  expect(bar.y + bar.height).toBeLessThan(o.y + 200);
  await shot(a, 'board-editing-floating-menu');

  // align top from the floating menu: its dropdown is whole on the board, not a squeezed scrolling strip
  // (it opens off the selection when a side has room for all of it: tests/unit/sdk/popover-place.test.ts);
  // the second browser sees the shapes on one line
  await menu.getByRole('button', { name: 'Align and distribute' }).click();
  const dropMenu = a.getByRole('menu', { name: 'Align and distribute' });
  const drop = (await dropMenu.boundingBox())!;
  expect(drop.y).toBeGreaterThanOrEqual(0);
  expect(drop.y + drop.height).toBeLessThanOrEqual(800);
  expect(await dropMenu.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await shot(a, 'board-editing-floating-dropdown');
  await a.getByRole('menuitem', { name: 'Align top' }).click();
  await expect.poll(async () => new Set((await shapes(a)).map((s) => Math.round(rectOf(s).y))).size).toBe(1);
  await expect.poll(async () => new Set((await shapes(b)).map((s) => Math.round(rectOf(s).y))).size).toBe(1);
  await settled(a);

  // one undo restores all three positions
  await a.keyboard.press('Control+z');
  for (const [i, id] of ids.entries()) {
    await expect.poll(async () => Math.round(rectOf(await byId(a, id)).y)).toBe(Math.round(before[i]!.y));
    await expect.poll(async () => Math.round(rectOf(await byId(b, id)).y)).toBe(Math.round(before[i]!.y));
  }
  await settled(a);

  // right click on one shape: the shape menu with shortcuts; Duplicate from it
  await click(a, 1000, 600);
  await rightClick(a, 350, 290);
  const shapeMenu = a.getByRole('menu', { name: 'Shape menu' });
  await expect(shapeMenu).toBeVisible();
  await expect(shapeMenu.getByRole('menuitem', { name: /Duplicate/ })).toContainText('Ctrl+D');
  await shot(a, 'board-editing-context-menu');
  await shapeMenu.getByRole('menuitem', { name: /Duplicate/ }).click();
  await expect(shapeMenu).toBeHidden();
  await expect.poll(async () => (await shapes(b)).length).toBe(4);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await shapes(b)).length).toBe(3);

  // right click on the empty canvas: the board menu, keyboard operable (arrows, Enter, Escape)
  await rightClick(a, 1000, 600);
  const boardMenu = a.getByRole('menu', { name: 'Board menu' });
  await expect(boardMenu.getByRole('menuitem').first()).toBeFocused();
  await a.keyboard.press('Escape');
  await expect(boardMenu).toBeHidden();
  await rightClick(a, 1000, 600);
  const selectAll = boardMenu.getByRole('menuitem', { name: /Select all/ });
  await expect(boardMenu.getByRole('menuitem').first()).toBeFocused();
  for (let i = 0; i < 6 && !(await selectAll.evaluate((el) => el === document.activeElement)); i++) await a.keyboard.press('ArrowDown');
  await expect(selectAll).toBeFocused();
  await a.keyboard.press('Enter');
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection.length)).toBe(3);

  // a multi-selection menu has the arrange submenu: arrange in a row, again one undoable step
  await rightClick(a, 350, 290);
  const selMenu = a.getByRole('menu', { name: 'Selection menu' });
  await selMenu.getByRole('menuitem', { name: 'Arrange' }).click();
  await a.getByRole('menuitem', { name: 'Arrange horizontally' }).click();
  await expect.poll(async () => new Set((await shapes(b)).map((s) => Math.round(rectOf(s).y))).size).toBe(1);
  await a.keyboard.press('Control+z');
  await expect.poll(async () => Math.round(rectOf(await byId(b, ids[1]!)).y)).toBe(Math.round(before[1]!.y));
  await settled(a);

  // lock one shape from the floating menu: B sees it locked, and dragging it does not move it
  await click(a, 1000, 600);
  await click(a, 550, 370);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection)).toEqual([ids[1]]);
  await menu.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect.poll(async () => rectOf(await byId(b, ids[1]!)).lock).toBe(true);
  await expect(menu.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await settled(a);
  const lockedAt = rectOf(await byId(a, ids[1]!));
  await drag(a, [
    [550, 370],
    [650, 470],
  ]);
  await settled(a);
  expect(rectOf(await byId(a, ids[1]!))).toMatchObject({ x: lockedAt.x, y: lockedAt.y });
  expect(rectOf(await byId(b, ids[1]!))).toMatchObject({ x: lockedAt.x, y: lockedAt.y });
  // and unlocking gives the shape back to editing
  await click(a, 550, 370);
  await menu.getByRole('button', { name: 'Unlock' }).click();
  await expect.poll(async () => rectOf(await byId(b, ids[1]!)).lock).toBe(false);

  // a long touch (a finger held 500 ms) on a shape opens its shape menu, as a right click does
  await click(a, 1000, 600);
  const touch = await a.context().newCDPSession(a);
  await touch.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: o.x + 350, y: o.y + 290 }] });
  expect(await shapeMenu.count()).toBe(0);
  await expect(shapeMenu).toBeVisible();
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(shapeMenu.getByRole('menuitem', { name: /Duplicate/ })).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(shapeMenu).toBeHidden();
  await a.context().close();
  await b.context().close();
});

test('protect: the owner protects, a guest editor cannot unlock and gets the toast', async ({ browser }) => {
  const { a, b } = await twoBrowsers(browser);
  const [id] = await drawRects(a, [[400, 300, 160, 120]]);
  await click(a, 480, 360);
  await a.getByRole('toolbar', { name: 'Edit selection' }).getByRole('button', { name: 'Protect' }).click();
  await expect.poll(async () => rectOf(await byId(b, id!))).toMatchObject({ lock: true, protectedBy: expect.any(String) });
  await settled(a);

  // the guest selects it: locked selections get the floating menu too, with Unlock
  await pickTool(b, 'Select');
  await click(b, 480, 360);
  const menu = b.getByRole('toolbar', { name: 'Edit selection' });
  await expect(menu.getByRole('button', { name: 'Unlock' })).toBeVisible();
  // no protect for a plan without protected-lock
  await expect(menu.getByRole('button', { name: /Protect/ })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Unlock' }).click();
  await expect(b.getByText(MESSAGES.unlockProtected)).toBeVisible();
  await shot(b, 'board-editing-protected-toast');
  expect(rectOf(await byId(b, id!)).lock).toBe(true);
  expect(rectOf(await byId(a, id!)).lock).toBe(true);

  // the owner may: unprotect keeps the lock, then unlock; the guest sees both
  const ownerMenu = a.getByRole('toolbar', { name: 'Edit selection' });
  await ownerMenu.getByRole('button', { name: 'Unprotect' }).click();
  await expect.poll(async () => rectOf(await byId(b, id!)).protectedBy).toBeUndefined();
  expect(rectOf(await byId(b, id!)).lock).toBe(true);
  await ownerMenu.getByRole('button', { name: 'Unlock' }).click();
  await expect.poll(async () => rectOf(await byId(b, id!)).lock).toBe(false);
  await a.context().close();
  await b.context().close();
});

test('tags, link and the find palette', async ({ browser }) => {
  const { a, b } = await twoBrowsers(browser);
  const [rect] = await drawRects(a, [[300, 300, 120, 90]]);
  await click(a, 360, 345);
  const menu = a.getByRole('toolbar', { name: 'Edit selection' });

  // tags: Add is disabled without a key; a duplicate key is ignored
  await menu.getByRole('button', { name: 'Tags' }).click();
  const tags = a.getByRole('dialog', { name: 'Tags' });
  const add = tags.getByRole('button', { name: 'Add tag' });
  await expect(add).toBeDisabled();
  await tags.getByLabel('Key').fill('   ');
  await expect(add).toBeDisabled();
  await tags.getByLabel('Key').fill('status');
  await tags.getByLabel('Value (optional)').fill('done');
  await add.click();
  await expect(tags.getByText('status: done')).toBeVisible();
  await tags.getByLabel('Key').fill('status');
  await tags.getByLabel('Value (optional)').fill('other');
  await add.click();
  await tags.getByLabel('Key').fill('team');
  await tags.getByLabel('Key').press('Enter');
  await expect(tags.getByRole('listitem')).toHaveCount(2);
  await shot(a, 'board-editing-tags');
  await expect.poll(async () => (await byId(b, rect!))?.tags).toEqual([{ key: 'status', value: 'done' }, { key: 'team' }]);
  await tags.getByRole('button', { name: 'Remove tag team' }).click();
  await expect.poll(async () => (await byId(b, rect!))?.tags).toEqual([{ key: 'status', value: 'done' }]);
  await tags.getByRole('button', { name: 'Done' }).click();

  // link: Attach is enabled only for an http(s) link; Open link opens it in a new tab
  await menu.getByRole('button', { name: 'More' }).click();
  await a.getByRole('menuitem', { name: 'Attach link' }).click();
  const link = a.getByRole('dialog', { name: 'Link' });
  const attach = link.getByRole('button', { name: 'Attach' });
  await expect(attach).toBeDisabled();
  await link.getByRole('textbox', { name: 'Link' }).fill('ftp://example.com/file');
  await expect(attach).toBeDisabled();
  const url = `${server.url}/documents/linked`;
  await link.getByRole('textbox', { name: 'Link' }).fill(url);
  await expect(attach).toBeEnabled();
  await attach.click();
  await expect.poll(async () => (await byId(b, rect!))?.link).toBe(url);
  const [tab] = await Promise.all([a.context().waitForEvent('page'), menu.getByRole('button', { name: 'Open link' }).click()]);
  await expect.poll(() => tab.url()).toContain('/documents/linked');
  await tab.close();

  // Ctrl+F: the palette finds a sticky far away by its text and zooms to 3× its rectangle
  const sticky = await a.evaluate(() => {
    const [s] = window.tabula!.editor.addShapes([
      { cmd: 'stickyNote', text: 'Quarterly goals', x: 3000, y: 2000, w: 200, h: 200, color: '#feff9c', size: 'M', fontSize: 35 } as never,
    ]);
    return s!.id;
  });
  await settled(a);
  await expect.poll(async () => (await byId(b, sticky))?.cmd).toBe('stickyNote');
  await click(a, 1000, 650);
  await a.keyboard.press('Control+f');
  const search = a.getByPlaceholder('search...');
  await expect(search).toBeFocused();
  await search.fill('quarterly');
  await expect(a.getByRole('option', { name: /Quarterly goals/ })).toBeVisible();
  await shot(a, 'board-editing-find');
  await search.press('Enter');
  await expect(search).toBeHidden();
  // the sticky (200 board units) shown at a third of the 800 px high view: the zoom is about 800 / 600
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.viewport.animating)).toBe(false);
  expect(await a.evaluate(() => window.tabula!.editor.viewport.scale)).toBeCloseTo(800 / 600, 1);
  const centre = await a.evaluate(() => window.tabula!.editor.toScreen(3100, 2100));
  expect(Math.abs(centre.x - 640)).toBeLessThan(20);
  expect(Math.abs(centre.y - 400)).toBeLessThan(20);
  expect(await a.evaluate(() => window.tabula!.editor.selection)).toEqual([sticky]);

  // and finds a command by name: Select all runs it
  await a.keyboard.press('Control+f');
  await a.getByPlaceholder('search...').fill('select all');
  await a.getByRole('option', { name: /Select all/ }).click();
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection.length)).toBe(2);
  await a.context().close();
  await b.context().close();
});
