import { expect, test } from '@playwright/test';
import { click, drag, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Board history with restore (issue 28 item 5; board.md §2, §3, §9): a team-plan user draws two
 * rectangles and deletes one, opens Board history and reads the entries in words; Restore brings
 * the rectangle back (a second browser sees it too); Ctrl+Z takes it away again; Escape closes the
 * panel.
 */
const server = useServer();

test('delete a rectangle, read the history, restore it (another browser sees it), Ctrl+Z removes it again', async ({ browser }) => {
  const session = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session, name: null })).newPage();
  const code = await startBoardIn(a, server);

  for (const [x, y] of [
    [360, 300],
    [620, 300],
  ]) {
    await pickTool(a, 'Rectangle');
    await drag(a, [
      [x, y],
      [x + 120, y + 90],
    ]);
  }
  await expect.poll(async () => (await shapes(a)).map((s) => s.cmd)).toEqual(['rectangle', 'rectangle']);
  const second = (await shapes(a))[1]!;

  // select the second rectangle by its edge and delete it
  await pickTool(a, 'Select');
  await click(a, 680, 300);
  await expect.poll(() => a.evaluate(() => window.tabula!.editor.selection)).toEqual([second.id]);
  await a.keyboard.press('Delete');
  await expect.poll(async () => (await shapes(a)).length).toBe(1);
  await settled(a);

  const b = await (await newContext(browser, { name: 'Watcher' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await shapes(b)).length).toBe(1);

  // the history, in words, under today's heading
  const opener = a.getByRole('button', { name: 'Board history', exact: true });
  await opener.click();
  const panel = a.getByRole('complementary', { name: 'Board history panel' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  const entries = panel.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(/ removed a rectangle/);
  await expect(entries.nth(1)).toContainText(/ added 2 rectangles/);
  await expect(entries.nth(1).getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  const box = await panel.boundingBox();
  expect(Math.round(box!.width)).toBe(450);
  await shot(a, 'board-history-panel');

  // Restore: the rectangle is back where it was, here and in the other browser
  const restore = entries.nth(0).getByRole('button', { name: /^Restore/ });
  await restore.focus();
  await a.keyboard.press('Enter');
  await expect.poll(async () => (await shapes(a)).map((s) => s.id)).toContain(second.id);
  expect((await shapes(a)).find((s) => s.id === second.id)).toMatchObject({
    x: (second as { x: number }).x,
    y: (second as { y: number }).y,
  });
  await settled(a);
  await expect.poll(async () => (await shapes(b)).map((s) => s.id)).toContain(second.id);
  // the panel reads again: the restore is an entry of its own, and the removal offers nothing more
  await expect(entries.nth(0)).toContainText(/ added a rectangle/);
  await expect(panel.getByRole('button', { name: /^Restore/ })).toHaveCount(0);

  // Ctrl+Z takes the restore back, for everyone
  await a.keyboard.press('Control+z');
  await expect.poll(async () => (await shapes(a)).length).toBe(1);
  await settled(a);
  await expect.poll(async () => (await shapes(b)).length).toBe(1);

  // Escape closes the panel and gives the focus back to its button
  await panel.getByRole('button', { name: 'Close board history' }).focus();
  await a.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
});
