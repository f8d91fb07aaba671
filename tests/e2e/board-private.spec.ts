import { expect, test, type Page } from '@playwright/test';
import { click, drag, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { inkNear } from './support/screen';
import { useServer } from './support/suite';

/**
 * Private mode between two browsers (board.md §2 private-mode icon and profile menu, §4 "Private
 * mode", §6, §8): the owner switches it on from the profile menu; the guest then no longer sees the
 * owner's shapes, and nothing the guest's browser receives — socket frames or HTTP bodies, live or
 * on reload — carries them; a click where they were shows the hint for 4 s; switched off, the
 * shapes come back live.
 */
const server = useServer();

/** Records every websocket frame and board API body the page receives (its network, as DevTools shows it). */
function capture(page: Page): string[] {
  const seen: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => seen.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))));
  page.on('response', (res) => {
    if (res.url().includes('/api/boards')) void res.text().then((t) => seen.push(t), () => undefined);
  });
  return seen;
}

const ids = async (page: Page) => (await shapes(page)).map((s) => s.id);

test('private mode: the guest sees and receives only their own shapes, gets the hint, and the rest comes back when off', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Rectangle');
  await drag(a, [[200, 200], [320, 300]]);
  await settled(a);
  const [first] = await ids(a);

  const bContext = await newContext(browser, { name: 'Ben' });
  const b = await bContext.newPage();
  const seen = capture(b);
  await openBoard(b, server, code);
  await expect.poll(() => ids(b)).toContain(first);
  await expect.poll(() => inkNear(b, 200, 250, 4)).toBe(true);
  await pickTool(b, 'Circle');
  await drag(b, [[700, 200], [800, 300]]);
  await settled(b);
  const mine = (await ids(b)).find((id) => id !== first)!;

  // the owner switches private mode on from the profile menu; both see the icon
  await expect(b.getByRole('button', { name: 'Profile' })).toBeVisible();
  await a.getByRole('button', { name: 'Profile' }).click();
  await expect(a.getByTestId('profile-role')).toHaveText('Role: Owner');
  await a.getByRole('menuitemcheckbox', { name: 'Private mode' }).click();
  await expect(a.getByTestId('private-mode-icon')).toBeVisible();
  await expect(b.getByTestId('private-mode-icon')).toBeVisible();
  // from here on, nothing of A's shapes may reach B's browser
  const from = seen.length;
  // a guest has no private-mode switch
  await b.getByRole('button', { name: 'Profile' }).click();
  await expect(b.getByRole('menuitemcheckbox', { name: 'Private mode' })).toHaveCount(0);
  await b.keyboard.press('Escape');

  // B no longer sees A's rectangle, still sees its own circle; A sees both
  await expect.poll(() => inkNear(b, 200, 250, 4)).toBe(false);
  expect(await inkNear(b, 700, 250, 4)).toBe(true);
  expect(await inkNear(a, 700, 250, 4)).toBe(true);
  await shot(b, 'board-private-b');

  // a click where A's shape is shows the hint
  await pickTool(b, 'Select');
  await click(b, 200, 250);
  await expect(b.getByText('Private Mode: You can draw and edit your own objects')).toBeVisible();

  // what A draws now never reaches B's browser, live or on reload
  await pickTool(a, 'Rectangle');
  await drag(a, [[400, 420], [520, 520]]);
  await settled(a);
  const second = (await ids(a)).find((id) => id !== first && id !== mine)!;
  // B's own next command is answered after A's: B's socket has had A's turn
  await pickTool(b, 'Circle');
  await drag(b, [[900, 400], [980, 480]]);
  await settled(b);
  await b.reload();
  await expect.poll(() => b.evaluate(() => window.tabula?.sync.state$.value.phase)).toBe('online');
  await expect.poll(() => ids(b)).toContain(mine);
  // the reload's join payload (B's own shapes) was captured
  await expect.poll(() => seen.slice(from).join('\n')).toContain(mine);
  const received = seen.slice(from).join('\n');
  expect(received).not.toContain(first);
  expect(received).not.toContain(second);
  expect(await ids(b)).not.toContain(first);

  // switched off: A's shapes come back to B, live
  await a.getByRole('button', { name: 'Profile' }).click();
  await a.getByRole('menuitemcheckbox', { name: 'Private mode' }).click();
  await expect(b.getByTestId('private-mode-icon')).toHaveCount(0);
  await expect.poll(() => ids(b), { timeout: 15_000 }).toEqual(expect.arrayContaining([first, second, mine]));
  await expect.poll(() => inkNear(b, 200, 250, 4)).toBe(true);
  await a.context().close();
  await bContext.close();
});

test('the owner saves the current viewport and a visitor opening the board starts there', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const o = await a.locator('canvas[data-tabula-canvas]').boundingBox();
  await a.mouse.move(o!.x + 640, o!.y + 400);
  await a.mouse.down({ button: 'middle' });
  await a.mouse.move(o!.x + 340, o!.y + 200, { steps: 8 });
  await a.mouse.up({ button: 'middle' });
  const saved = await a.evaluate(() => ({ ...window.tabula!.editor.viewport.state }));
  await a.getByRole('button', { name: 'Profile' }).click();
  await a.getByRole('menuitem', { name: 'Save current viewport' }).click();
  await expect(a.getByText(/Viewport saved/)).toBeVisible();

  const b = await (await newContext(browser, { name: 'Vic' })).newPage();
  await openBoard(b, server, code);
  await expect
    .poll(async () => {
      const v = await b.evaluate(() => ({ ...window.tabula!.editor.viewport.state }));
      return Math.abs(v.tx - saved.tx) + Math.abs(v.ty - saved.ty);
    })
    .toBeLessThan(2);
  // a guest has no Save current viewport
  await b.getByRole('button', { name: 'Profile' }).click();
  await expect(b.getByTestId('profile-role')).toContainText('Role:');
  await expect(b.getByRole('menuitem', { name: 'Save current viewport' })).toHaveCount(0);
  await shot(b, 'board-profile-menu-guest');
  await a.context().close();
  await b.context().close();
});
