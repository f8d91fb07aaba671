import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Shape } from '../../shared/model';
import { useServer } from './support/suite';
import { canvasOrigin, click, drag, newContext, openBoard, pickTool, settled, shapes, startBoardIn, userSession } from './board-fixtures';

/**
 * Three rough edges of the board (issue 34), as a person meets them: the floating menu of a
 * selected arrow does not cover the sticky note right above it (it takes the clear side, board.md
 * §2 margins 5 and 60); the @-mention list leaves the comment box's buttons reachable; while the
 * socket reconnects the members button shows 'Reconnecting', not a bare '0'.
 */
const server = useServer();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A shape's box on the page (its board bounds through the viewport). */
async function screenBox(page: Page, s: Shape & { x: number; y: number; w: number; h: number }): Promise<Box> {
  const o = await canvasOrigin(page);
  const [a, z] = await page.evaluate(
    ([x, y, w, h]) => [window.tabula!.editor.toScreen(x!, y!), window.tabula!.editor.toScreen(x! + w!, y! + h!)],
    [s.x, s.y, s.w, s.h],
  );
  return { x: o.x + a!.x, y: o.y + a!.y, width: z!.x - a!.x, height: z!.y - a!.y };
}

/** True when the element at a control's centre is the control itself (nothing covers it). */
const reachable = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const root = el.getRootNode() as Document | ShadowRoot;
    const top = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === el || el.contains(top));
  });

test('the floating menu of an arrow takes the side away from the sticky note above it', async ({ browser }) => {
  const page = await (await newContext(browser)).newPage();
  await startBoardIn(page, server);
  const o = await canvasOrigin(page);

  await pickTool(page, 'Sticky note');
  await click(page, 640, 330);
  await page.getByRole('textbox', { name: 'Sticky note text' }).fill('Neighbour');
  await click(page, 1000, 700);
  await expect.poll(async () => (await shapes(page)).filter((s) => s.cmd === 'stickyNote').length).toBe(1);
  const note = (await shapes(page)).find((s) => s.cmd === 'stickyNote') as Shape & { x: number; y: number; w: number; h: number };
  const noteBox = await screenBox(page, note);

  // an arrow right under the note, then selected with a click
  const y = noteBox.y - o.y + noteBox.height + 40;
  await pickTool(page, 'Arrow');
  await drag(page, [
    [560, y],
    [720, y],
  ]);
  await expect.poll(async () => (await shapes(page)).filter((s) => s.cmd === 'arrow').length).toBe(1);
  await pickTool(page, 'Select');
  await click(page, 1000, 700);
  await click(page, 640, y);
  const menu = page.getByRole('group', { name: 'Floating menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('opacity', '1');
  const menuBox = (await menu.boundingBox())!;
  expect(intersects(menuBox, noteBox)).toBe(false);
  // it sits below the arrow, clear of it, and inside the board
  expect(menuBox.y).toBeGreaterThan(o.y + y);
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(800);
  await settled(page);
  await page.screenshot({ path: '/tmp/rough-floating-menu.png' });

  // with nothing above, the menu goes back above the selection (the side it prefers)
  await click(page, 1000, 700);
  await page.mouse.move(o.x + 640, noteBox.y + noteBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(o.x + 640, noteBox.y + noteBox.height / 2 + 300, { steps: 8 });
  await page.mouse.move(o.x + 1000, noteBox.y + noteBox.height / 2 + 300, { steps: 8 });
  await page.mouse.up();
  await click(page, 1000, 700);
  await click(page, 640, y);
  await expect(menu).toBeVisible();
  await expect.poll(async () => (await menu.boundingBox())!.y + (await menu.boundingBox())!.height).toBeLessThan(o.y + y);
});

/** A session whose token also carries a client claim (board.md §6: it enables mentions). */
async function withClient(session: Awaited<ReturnType<typeof userSession>>) {
  const { signAccessToken } = await import('../../platform/core/auth');
  type Claims = Parameters<typeof signAccessToken>[1];
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  delete payload.iat;
  delete payload.exp;
  const accessToken = signAccessToken({ accessTokenSecret: server.env.ACCESS_TOKEN_SECRET, accessTokenTtlSeconds: 900 } as never, {
    ...(payload as unknown as Claims),
    client: 'tabula-e2e-client',
  });
  return { ...session, accessToken };
}

test("the @-mention list leaves the comment box's buttons reachable", async ({ browser }) => {
  const ann = await withClient(await userSession(server, { plan: 'team' }));
  const bob = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: ann, name: null })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { session: bob, name: null })).newPage();
  await openBoard(b, server, code);
  await expect.poll(() => a.evaluate(() => window.tabula!.sync.members$.value.filter((m) => m.isOnline).length)).toBe(2);

  // a comment near the top of the board: the list has little room above the text field
  for (const [x, y] of [
    [520, 90],
    [520, 420],
  ] as const) {
    await pickTool(a, 'Comment');
    await click(a, x, y);
    const box = a.getByRole('dialog', { name: 'New comment' });
    const input = box.getByRole('combobox', { name: 'Comment' });
    await expect(input).toBeFocused();
    await input.pressSequentially('Look @');
    const list = a.getByRole('listbox', { name: 'Mention a member' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option')).not.toHaveCount(0);
    // the action row: the send button and the box's close button are what a click reaches
    await expect.poll(() => reachable(box.getByRole('button', { name: 'Comment', exact: true }))).toBe(true);
    await expect.poll(() => reachable(box.getByRole('button', { name: 'Close comments' }))).toBe(true);
    // the list is on the screen, whole
    const lb = (await list.boundingBox())!;
    expect(lb.y).toBeGreaterThanOrEqual(0);
    expect(lb.y + lb.height).toBeLessThanOrEqual(800);
    await a.screenshot({ path: `/tmp/rough-mention-${y}.png` });
    await box.getByRole('button', { name: 'Close comments' }).click();
    await expect(box).toBeHidden();
  }
});

test("while reconnecting the members button shows 'Reconnecting', not '0'", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await newContext(browser, { name: 'Ann' })).newPage();
  await startBoardIn(page, server);
  const members = page.getByRole('button', { name: /^Online members/ });
  await expect(page.getByTestId('online-count')).toHaveText('1');

  await server.kill();
  try {
    await expect(page.getByText('Trying to reconnect...')).toBeVisible();
    await expect(members.getByRole('img', { name: 'Reconnecting' })).toBeVisible();
    await expect(members).toHaveAccessibleName('Online members (reconnecting)');
    await expect(page.getByTestId('online-count')).toHaveCount(0);
    await expect(members).not.toContainText('0');
    await page.screenshot({ path: '/tmp/rough-members-reconnecting.png' });
  } finally {
    await server.start();
  }
  await page.waitForFunction(() => window.tabula?.sync.state$.value.phase === 'online', null, { timeout: 30_000 });
  await expect(page.getByTestId('online-count')).toHaveText('1');
  await expect(members.getByRole('img', { name: 'Reconnecting' })).toHaveCount(0);
});
