import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { boundsOf } from '../../shared/geometry';
import type { FrameShape, Shape } from '../../shared/model';
import { api, drag, click, newContext, openBoard, pickTool, settled, shapes, shot, startDrawing, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * PDF export, a page per frame (issue 34 item 10; board.md §2 export dropdown, §6 export needs
 * login): a signed-in owner draws two frames with the frame tool and writes a text in each with
 * the text tool, then Export → PDF document; the download, read back with unpdf in Node, has two
 * pages in the frames panel's order, each the frame's size, each with its own frame's text, and
 * the board font embedded. A guest sees the PDF choice disabled with '(You must log in first)'.
 */
const server = useServer();

const frames = async (page: Page) =>
  (await shapes(page)).filter((s: Shape): s is FrameShape => s.cmd === 'frame').sort((a, b) => a.order - b.order);

async function write(page: Page, x: number, y: number, value: string) {
  await pickTool(page, 'Text');
  await click(page, x, y);
  const box = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(box).toBeFocused();
  await page.keyboard.type(value);
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
}

test('Export → PDF gives a page per frame with its text; a guest is told to log in', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const { code } = await api<{ code: string }>(server, 'POST', '/api/boards', { token: owner.accessToken }, { name: 'Roadmap' });
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Editor' });
  const page = await (await newContext(browser, { session: owner })).newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, server, code);
  await startDrawing(page);

  // two frames side by side, a text in each
  const boxes: Array<Array<[number, number]>> = [
    [
      [200, 220],
      [520, 480],
    ],
    [
      [640, 220],
      [960, 480],
    ],
  ];
  for (const box of boxes) {
    await pickTool(page, 'Frame');
    await drag(page, box);
  }
  await expect.poll(async () => (await frames(page)).length).toBe(2);
  await write(page, 240, 300, 'Discovery goals');
  await write(page, 680, 300, 'Launch checklist');
  await expect.poll(async () => (await shapes(page)).filter((s) => s.cmd === 'text').length).toBe(2);
  await settled(page);
  const [first, second] = await frames(page);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export' });
  await expect(menu.getByRole('menuitem', { name: 'PDF document', exact: true })).toBeVisible();
  await shot(page, 'board-pdf-export-menu');
  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'PDF document', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Roadmap.pdf');
  const bytes = fs.readFileSync(await file.path());
  fs.writeFileSync(test.info().outputPath('Roadmap.pdf'), bytes); // for a person to open

  // two pages, in the frames' order, each the frame's size (0.75 pt a board unit) with its own text
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  expect(pdf.numPages).toBe(2);
  const { text } = await extractText(pdf, { mergePages: false });
  expect(text[0]).toContain('Discovery goals');
  expect(text[0]).toContain(first!.title);
  expect(text[0]).not.toContain('Launch checklist');
  expect(text[1]).toContain('Launch checklist');
  expect(text[1]).toContain(second!.title);
  expect(text[1]).not.toContain('Discovery goals');
  for (const [i, f] of [first!, second!].entries()) {
    const [, , w, h] = (await pdf.getPage(i + 1)).view;
    expect(w).toBeCloseTo(boundsOf(f).w * 0.75, 0);
    expect(h).toBeCloseTo(boundsOf(f).h * 0.75, 0);
  }
  // the text is real text in the embedded board font
  expect(bytes.toString('latin1')).toMatch(/\/FontFile2/);
  expect(bytes.toString('latin1')).toMatch(/OpenSans/);

  // a guest on the same board (link: can edit) sees the choice disabled with the login hint
  const guest = await (await newContext(browser)).newPage();
  await openBoard(guest, server, code);
  await guest.getByRole('button', { name: 'Export', exact: true }).click();
  const guestMenu = guest.getByRole('menu', { name: 'Export' });
  await expect(guestMenu.getByRole('menuitem', { name: 'PDF document', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(guestMenu.getByText('(You must log in first)')).toBeVisible();
});
