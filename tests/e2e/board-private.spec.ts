import { expect, test, type Page } from '@playwright/test';
import type { StickyNoteShape } from '../../shared/model';
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

/**
 * Records every websocket frame and board API body the page receives (its network, as DevTools
 * shows it). Board API answers are fetched through a route and recorded before the page gets them
 * (reading a response body afterwards fails once the page has navigated or streamed it).
 */
async function capture(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => seen.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))),
  );
  await page.route('**/api/boards/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    seen.push(body);
    await route.fulfill({ response, body });
  });
  return seen;
}

const ids = async (page: Page) => (await shapes(page)).map((s) => s.id);

test('private mode: the guest sees and receives only their own shapes, gets the hint, and the rest comes back when off', async ({
  browser,
}) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Rectangle');
  await drag(a, [
    [200, 200],
    [320, 300],
  ]);
  await settled(a);
  const [first] = await ids(a);

  const bContext = await newContext(browser, { name: 'Ben' });
  const b = await bContext.newPage();
  const seen = await capture(b);
  await openBoard(b, server, code);
  await expect.poll(() => ids(b)).toContain(first);
  await expect.poll(() => inkNear(b, 200, 250, 4)).toBe(true);
  await pickTool(b, 'Circle');
  await drag(b, [
    [700, 200],
    [800, 300],
  ]);
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
  await drag(a, [
    [400, 420],
    [520, 520],
  ]);
  await settled(a);
  const second = (await ids(a)).find((id) => id !== first && id !== mine)!;
  // B's own next command is answered after A's: B's socket has had A's turn
  await pickTool(b, 'Circle');
  await drag(b, [
    [900, 400],
    [980, 480],
  ]);
  await settled(b);
  await b.reload();
  await expect.poll(() => b.evaluate(() => window.tabula?.sync.state$.value.phase)).toBe('online');
  await expect.poll(() => ids(b)).toContain(mine);
  // the reload's join payload (GET …/commands, recorded by the route) carries B's own shapes
  expect(seen.slice(from).join('\n')).toContain(mine);
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

test("private mode, blurry: the guest sees the owner's sticky note as a blurred block, never its words", async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  await pickTool(a, 'Sticky note');
  await click(a, 400, 300);
  await a.getByRole('textbox', { name: 'Sticky note text' }).fill('secret plan');
  await click(a, 900, 600);
  await settled(a);
  await pickTool(a, 'Text');
  await click(a, 700, 300);
  await a.getByRole('textbox', { name: 'Text' }).fill('secret plan, in words');
  await click(a, 900, 600);
  await settled(a);
  const note = (await shapes(a)).find((s) => s.cmd === 'stickyNote') as StickyNoteShape;
  expect(note.text).toBe('secret plan');
  const words = (await shapes(a)).find((s) => s.cmd === 'text')!;

  // the blur switch is offered only while private mode is on; both switches by keyboard
  await a.getByRole('button', { name: 'Profile' }).click();
  const blur = a.getByRole('menuitemcheckbox', { name: "Blur others' texts and notes" });
  await expect(blur).toBeDisabled();
  await a.getByRole('menuitemcheckbox', { name: 'Private mode' }).focus();
  await a.keyboard.press('Enter');
  await expect(a.getByTestId('private-mode-icon')).toBeVisible();
  await expect(blur).toBeEnabled();
  await expect(blur).toHaveAttribute('aria-checked', 'false');
  await blur.focus();
  await a.keyboard.press('Enter');
  await expect(blur).toHaveAttribute('aria-checked', 'true');
  await shot(a, 'board-private-blurry-menu');
  await a.keyboard.press('Escape');

  // the guest opens the board: the note is there, blurred, and no frame or body carries its words
  const b = await (await newContext(browser, { name: 'Bea' })).newPage();
  const seen = await capture(b);
  await openBoard(b, server, code);
  await expect
    .poll(async () => (await shapes(b)).find((s) => s.id === note.id))
    .toMatchObject({ blurred: true, text: '', x: note.x, y: note.y, w: note.w, h: note.h });
  expect((await shapes(b)).find((s) => s.id === words.id)).toMatchObject({ blurred: true, value: '' });
  const cx = note.x + note.w / 2;
  const cy = note.y + note.h / 2;
  const screen = await b.evaluate(([x, y]) => window.tabula!.editor.toScreen(x, y), [cx, cy] as const);
  await expect.poll(() => inkNear(b, screen.x, screen.y, 4)).toBe(true);
  await shot(b, 'board-private-blurry-b');
  // not selectable; a click on it shows the hint
  await pickTool(b, 'Select');
  await click(b, screen.x, screen.y);
  await expect(b.getByText('Private Mode: You can draw and edit your own objects')).toBeVisible();
  expect(await b.evaluate(() => window.tabula!.editor.selection)).toEqual([]);

  // the owner rewrites the note live: the guest's copy moves with it, still without words
  await pickTool(a, 'Select');
  const o = await canvasOrigin(a);
  await a.mouse.dblclick(o.x + 400, o.y + 300);
  await a.getByRole('textbox', { name: 'Sticky note text' }).fill('secret plan B');
  await a.keyboard.press('Escape');
  await settled(a);
  await expect.poll(async () => ((await shapes(a)).find((s) => s.id === note.id) as StickyNoteShape).text).toBe('secret plan B');
  await expect.poll(async () => (await shapes(b)).find((s) => s.id === note.id)?.modifiedTimestamp).toBeTruthy();
  expect(seen.join('\n')).toContain(note.id);
  expect(seen.join('\n')).not.toContain('secret plan');
  await a.context().close();
  await b.context().close();
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
