import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { RectangleShape } from '../../shared/model';
import { canvasOrigin, drag, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Custom colours (board.md §3 ids from 100, §6 custom-colours policy, guests don't save colours;
 * docs/board-screen.md "Custom colours"): a team-plan user adds a colour in the drawing style's
 * palette, draws a filled rectangle with it, and a free-plan member and a guest — who have no such
 * colour and no Add colour control — see its pixels; after a reload the colour is still in the
 * user's palette (userConfig.colors).
 */
const server = useServer();

const CUSTOM = '#2e8b57';
const RGB = [0x2e, 0x8b, 0x57, 255];

/** The drawing style popover of the toolbox. */
async function openStyle(page: Page) {
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Drawing style' }).click();
  const panel = page.getByRole('menu', { name: 'Drawing style' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The colour a person sees at the centre of a board rectangle, read from a screenshot. */
async function colourAtCentre(page: Page, rect: RectangleShape): Promise<number[]> {
  const o = await canvasOrigin(page);
  const p = await page.evaluate(({ x, y }) => window.tabula!.editor.toScreen(x, y), { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 });
  const png = await page.screenshot({ clip: { x: o.x + p.x, y: o.y + p.y, width: 1, height: 1 } });
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 4)];
}

test('a team-plan user adds a colour and draws with it; other members see it; it is still there after a reload', async ({ browser }) => {
  const ann = await userSession(server, { plan: 'team' });
  const bob = await userSession(server);
  const a = await (await newContext(browser, { session: ann, name: null })).newPage();
  const code = await startBoardIn(a, server);

  // Ann: the Add colour control of the drawing style palette, keyboard only
  let style = await openStyle(a);
  const hexField = style.getByRole('textbox', { name: 'Custom colour hex' });
  await expect(style.getByRole('button', { name: 'Add colour' })).toBeVisible();
  await expect(style.getByText(/Sign in to keep them/)).toBeHidden();
  await hexField.fill('#12');
  await expect(style.getByRole('button', { name: 'Add colour' })).toBeDisabled();
  await hexField.fill('');
  await hexField.pressSequentially(CUSTOM.toUpperCase());
  await expect(style.getByLabel('Custom colour', { exact: true })).toHaveValue(CUSTOM);
  await hexField.press('Enter');
  const swatch = style.getByRole('group', { name: 'Colour (custom)' }).getByRole('button', { name: `Colour ${CUSTOM}` });
  await expect(swatch).toHaveAttribute('aria-pressed', 'true');
  await expect(swatch).toHaveAttribute('data-colour-id', '100');
  await shot(a, 'colours-added');
  await a.keyboard.press('Escape');
  await expect(style).toBeHidden();

  await pickTool(a, 'Filled rectangle');
  await drag(a, [
    [420, 300],
    [620, 440],
  ]);
  await settled(a);
  const rect = (await shapes(a)).find((s): s is RectangleShape => s.cmd === 'filledRectangle');
  expect(rect?.fill).toBe(CUSTOM);
  expect(rect?.stroke).toBe(CUSTOM);
  // Bob (free plan) and a guest: the rectangle in Ann's colour, and no Add colour control for them
  const b = await (await newContext(browser, { session: bob, name: null })).newPage();
  await openBoard(b, server, code);
  const g = await (await newContext(browser, { name: 'Guest Gil' })).newPage();
  await openBoard(g, server, code);
  for (const page of [b, g]) {
    await expect.poll(async () => (await shapes(page)).some((s) => s.id === rect!.id)).toBe(true);
    await expect.poll(() => colourAtCentre(page, rect!)).toEqual(RGB);
    const theirs = await openStyle(page);
    await expect(theirs.getByRole('group', { name: 'Colour', exact: true })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Add colour' })).toHaveCount(0);
    await expect(theirs.getByRole('textbox', { name: 'Custom colour hex' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  await shot(b, 'colours-free-member-sees');

  // Ann reloads: her colour is back in the palette (userConfig.colors) with id 100
  await a.reload();
  await openBoard(a, server, code);
  style = await openStyle(a);
  const again = style.getByRole('group', { name: 'Colour (custom)' }).getByRole('button', { name: `Colour ${CUSTOM}` });
  await expect(again).toBeVisible();
  await expect(again).toHaveAttribute('data-colour-id', '100');
  await expect.poll(() => a.evaluate(() => window.tabula!.sync.board$.value?.userConfig?.colors)).toEqual([CUSTOM]);
  await shot(a, 'colours-after-reload');
  await a.keyboard.press('Escape');
  await expect.poll(() => colourAtCentre(a, rect!)).toEqual(RGB);
});
