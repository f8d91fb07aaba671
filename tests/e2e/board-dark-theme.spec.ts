import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { click, drag, newContext, pickTool, shapes, shot, startBoardIn } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * The dark theme of the whole board (issue 34 item 11; docs/board-screen.md "Dark theme"): a person
 * switches it in the main menu; the canvas turns dark, a stroke drawn with the default (black) ink
 * shows light on it while it is stored black, and the menus pass axe's colour contrast.
 */
const server = useServer();

/** The RGB of the drawn pixel with the most ink within `r` px of a canvas point, and the canvas area's computed background. */
async function sample(page: Page, x: number, y: number, r = 3): Promise<{ ink: number[]; background: number[] }> {
  return page.evaluate(
    ([sx, sy, rr]) => {
      const top = document.querySelector('canvas[data-tabula-canvas]') as HTMLCanvasElement;
      const container = top.parentElement!;
      const origin = top.getBoundingClientRect();
      let best = [0, 0, 0, 0];
      // the first canvas is the background pattern; the others hold the shapes (tiles, live layer)
      for (const c of Array.from(container.querySelectorAll('canvas')).slice(1) as HTMLCanvasElement[]) {
        const box = c.getBoundingClientRect();
        const k = c.width / (box.width || 1);
        const px = Math.round((origin.left + sx! - rr! - box.left) * k);
        const py = Math.round((origin.top + sy! - rr! - box.top) * k);
        const size = Math.max(1, Math.round((2 * rr! + 1) * k));
        if (px < 0 || py < 0 || px + size > c.width || py + size > c.height) continue;
        const d = c.getContext('2d')!.getImageData(px, py, size, size).data;
        for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > best[3]!) best = [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
      }
      const bg = getComputedStyle(container).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number);
      return { ink: best, background: bg };
    },
    [x, y, r] as const,
  );
}

const luminance = ([r, g, b]: number[]) => (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;

test('the dark theme: dark canvas, light default ink, readable menus', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await startBoardIn(page, server);
  await expect(page.locator('.tb-board')).toHaveAttribute('data-theme', 'light');

  // a pen stroke and a sticky note, in the default colour
  await pickTool(page, 'Pen');
  await drag(page, [
    [300, 300],
    [420, 330],
    [540, 300],
  ]);
  await pickTool(page, 'Sticky note');
  await click(page, 760, 320);
  await expect(page.getByRole('textbox', { name: 'Sticky note text' })).toBeFocused();
  await page.keyboard.type('Dark and readable');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await shapes(page)).map((s) => s.cmd).sort()).toEqual(['pen', 'stickyNote']);
  await shot(page, 'board-light');

  // the person switches: main menu → Dark theme (a checkbox item)
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark theme' }).click();
  await expect(page.locator('.tb-board')).toHaveAttribute('data-theme', 'dark');

  // the canvas is dark, the stroke shows light on it, and it is still stored in the default black
  await expect.poll(async () => luminance((await sample(page, 420, 330)).background)).toBeLessThan(0.15);
  await expect.poll(async () => luminance((await sample(page, 420, 316, 7)).ink)).toBeGreaterThan(0.6);
  const pen = (await shapes(page)).find((s) => s.cmd === 'pen') as { color: string };
  expect(pen.color).toBe('#000000');

  // the main menu and the members menu, then axe: no colour contrast problem
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
  const panel = await menu.evaluate((el) => getComputedStyle(el.closest('.tb-panel') ?? el).backgroundColor);
  expect(luminance(panel.match(/\d+/g)!.slice(0, 3).map(Number))).toBeLessThan(0.2);
  await shot(page, 'board-dark-menu');
  const scanMenu = await new AxeBuilder({ page }).include('.tb-board').withRules(['color-contrast']).analyze();
  expect(scanMenu.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /Online members/ }).click();
  await expect(page.getByRole('menu', { name: /Online members/ })).toBeVisible();
  await shot(page, 'board-dark-members');
  const scan = await new AxeBuilder({ page }).include('.tb-board').withRules(['color-contrast']).analyze();
  expect(scan.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);

  // the choice stays for the next visit
  await page.reload();
  await expect(page.locator('.tb-board')).toHaveAttribute('data-theme', 'dark');
  await context.close();
});
