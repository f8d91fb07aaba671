import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { boundsOf } from '../../shared/geometry';
import type { Shape } from '../../shared/model';
import { canvasOrigin, click, drag, newContext, openBoard, pickTool, settled, shapes, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Copy, cut and paste (board.md §3 clipboard payload, §6 copy/cut skip ghost and locked shapes,
 * §8 clipboard errors, §9 custom type plus plain text): Ctrl+C / Ctrl+V within a board and across
 * two boards open in two pages of one browser, a cut of a locked shape that leaves it, plain text
 * pasted as a text shape, and a second browser that sees what was pasted.
 */
const server = useServer();

async function clipboardContext(
  browser: import('@playwright/test').Browser,
  session?: Awaited<ReturnType<typeof userSession>>,
): Promise<BrowserContext> {
  const context = await newContext(browser, session ? { session } : {});
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return context;
}

const centreOf = (s: Shape) => {
  const b = boundsOf(s);
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
};
const rectangles = async (page: Page) => (await shapes(page)).filter((s) => s.cmd === 'rectangle');

/** Moves the real mouse to a canvas point (the paste lands at the pointer). */
async function pointAt(page: Page, x: number, y: number): Promise<void> {
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + x, o.y + y, { steps: 3 });
}

test('copy and paste within a board, across two boards, seen by a second browser', async ({ browser }) => {
  const session = await userSession(server);
  const context = await clipboardContext(browser, session);
  const a = await context.newPage();
  const code = await startBoardIn(a, server);

  await pickTool(a, 'Rectangle');
  await drag(a, [
    [200, 200],
    [300, 260],
  ]);
  await expect.poll(async () => (await rectangles(a)).length).toBe(1);
  await pickTool(a, 'Select');
  await click(a, 200, 230);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection.length)).toBe(1);
  const [original] = await rectangles(a);

  await a.keyboard.press('Control+c');
  // the copy event wrote the custom type (the paste below reads the shapes from it) and a plain-text
  // side: a rectangle has no text, so that side is the payload itself
  await expect
    .poll(() => a.evaluate(async () => JSON.parse((await navigator.clipboard.readText()) || '{}').type ?? null))
    .toBe('tabula/shapes');

  // paste at the pointer: a new shape, new id, centred where the mouse is
  await pointAt(a, 600, 400);
  await a.keyboard.press('Control+v');
  await expect.poll(async () => (await rectangles(a)).length).toBe(2);
  const pasted = (await rectangles(a)).find((s) => s.id !== original!.id)!;
  const at = await a.evaluate(() => window.tabula!.editor.toBoard(600, 400));
  expect(Math.abs(centreOf(pasted).x - at.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(centreOf(pasted).y - at.y)).toBeLessThanOrEqual(1);
  expect(await a.evaluate(() => window.tabula!.editor.selection)).toEqual([pasted.id]);
  await settled(a);

  // one undo takes the paste back
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await rectangles(a)).length).toBe(1);
  await a.keyboard.press('Control+y');
  await expect.poll(async () => (await rectangles(a)).length).toBe(2);
  await settled(a);

  // a second browser on the board sees the pasted shape
  await a.evaluate(async (c) => {
    await fetch(`/api/boards/${c}/sharings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      body: JSON.stringify({ link: 'Viewer' }),
    });
  }, code);
  const other = await (await newContext(browser)).newPage();
  await openBoard(other, server, code);
  await expect.poll(async () => (await rectangles(other)).map((s) => s.id).sort()).toEqual([original!.id, pasted.id].sort());

  // another board in a second page of the same browser: the copy pastes there
  const b = await context.newPage();
  await startBoardIn(b, server);
  await pointAt(b, 400, 300);
  await b.keyboard.press('Control+v');
  await expect.poll(async () => (await rectangles(b)).length).toBe(1);
  const across = (await rectangles(b))[0]!;
  expect(across.id).not.toBe(original!.id);
  expect(across).toMatchObject({ w: (original as any).w, h: (original as any).h, stroke: (original as any).stroke });
  await settled(b);
  await other.context().close();
  await context.close();
});

test('cut leaves a locked shape; cut removes an unlocked one; plain text pastes as a text shape', async ({ browser }) => {
  const session = await userSession(server);
  const context = await clipboardContext(browser, session);
  const page = await context.newPage();
  await startBoardIn(page, server);
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [200, 200],
    [300, 260],
  ]);
  await drag(page, [
    [500, 200],
    [600, 260],
  ]);
  await expect.poll(async () => (await rectangles(page)).length).toBe(2);
  await pickTool(page, 'Select');

  // lock the first one (Ctrl+Shift+L), then cut it: it stays
  await click(page, 200, 230);
  const [locked] = await page.evaluate(() => window.tabula!.editor.selection);
  await page.evaluate((id) => window.tabula!.editor.execute({ cmd: 'lock', shapes: [id!], locked: true }), locked);
  await expect.poll(async () => (await shapes(page)).find((s) => s.id === locked)?.lock).toBe(true);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await page.keyboard.press('Control+x');
  await expect.poll(async () => (await rectangles(page)).length).toBe(2);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');

  // an unlocked shape is cut: gone from the board, on the clipboard
  await click(page, 500, 230);
  await page.keyboard.press('Control+x');
  await expect.poll(async () => (await rectangles(page)).length).toBe(1);
  await pointAt(page, 700, 500);
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await rectangles(page)).length).toBe(2);

  // text copied in another application becomes a text shape at the pointer
  await page.evaluate(() => navigator.clipboard.writeText('Notes from the meeting'));
  await pointAt(page, 400, 600);
  await page.keyboard.press('Control+v');
  await expect
    .poll(async () => (await shapes(page)).filter((s) => s.cmd === 'text').map((s) => (s as any).value))
    .toEqual(['Notes from the meeting']);
  await settled(page);
  await context.close();
});

test('without clipboard permission Ctrl+C and Ctrl+V still work; a paste of nothing a board takes shows one message', async ({
  browser,
}) => {
  const session = await userSession(server);
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  await startBoardIn(page, server);
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [200, 200],
    [300, 260],
  ]);
  await pickTool(page, 'Select');
  await click(page, 200, 230);
  // the browser's copy and paste events need no permission (issue 34 item 8)
  await page.keyboard.press('Control+c');
  await pointAt(page, 500, 400);
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await rectangles(page)).length).toBe(2);

  // blank text copied from a text field: nothing to paste, one message (never two)
  await page.evaluate(() => {
    const field = document.createElement('textarea');
    field.id = 'blank';
    field.value = '   ';
    document.body.append(field);
    field.select();
  });
  await page.keyboard.press('Control+c');
  await page.evaluate(() => document.getElementById('blank')!.remove());
  await click(page, 700, 600);
  await page.keyboard.press('Control+v');
  await expect(page.getByText('Failed to read clipboard content')).toHaveCount(1);
  await expect(page.getByText('Clipboard access is not supported in this browser')).toHaveCount(0);
  expect(await rectangles(page)).toHaveLength(2);
  await context.close();
});
