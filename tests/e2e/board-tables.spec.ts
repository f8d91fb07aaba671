import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cellRect, tableLayout } from '../../shared/geometry';
import type { Shape, StickyNoteShape, TableShape } from '../../shared/model';
import { canvasOrigin, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Tables and text alignment (issue 34 items 1 and 5; board.md §2 Tabular Data, §3, §5, §9): a
 * person makes a table with the toolbox's Table — types the rows and columns, turns the border off
 * and sees 'Table is empty or borderless' with Add disabled, pastes tab-separated text into the
 * first cell (it fills and grows the grid) and adds it; double-clicks a cell, types, Tabs to the
 * next, types, Escape; a second browser sees the text; dragging the corner keeps the columns in
 * proportion; a sticky note, centred by default, set to right alignment shows its words on the right (both browsers); one
 * undo takes the table away.
 */
const server = useServer();

const tables = async (page: Page) => (await shapes(page)).filter((s: Shape): s is TableShape => s.cmd === 'table');
const notes = async (page: Page) => (await shapes(page)).filter((s: Shape): s is StickyNoteShape => s.cmd === 'stickyNote');

/** Board point → page point. */
async function onPage(page: Page, x: number, y: number) {
  const o = await canvasOrigin(page);
  const s = await page.evaluate(([bx, by]) => window.tabula!.editor.viewport.toScreen(bx!, by!), [x, y]);
  return { x: o.x + s.x, y: o.y + s.y };
}

/** The centre of cell (row, col) on the page. */
async function cellCentre(page: Page, t: TableShape, row: number, col: number) {
  const c = cellRect(tableLayout(t), row, col);
  return onPage(page, c.x + c.w / 2, c.y + c.h / 2);
}

/** Where the dark ink of a board rectangle lies on screen, as fractions of its width (0 left, 1 right). */
async function inkSpan(page: Page, box: { x: number; y: number; w: number; h: number }) {
  const a = await onPage(page, box.x, box.y);
  const b = await onPage(page, box.x + box.w, box.y + box.h);
  const clip = { x: Math.round(a.x), y: Math.round(a.y), width: Math.round(b.x - a.x), height: Math.round(b.y - a.y) };
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = Infinity,
    right = -Infinity;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i] < 90 && data[i + 1] < 90 && data[i + 2] < 90) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  return { left: left / info.width, right: right / info.width };
}

test('make a table through the dialog, edit its cells in place, resize it, align a note; another browser sees it; undo takes it away', async ({
  browser,
}) => {
  const context = await newContext(browser, { name: 'Tess' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const a = await context.newPage();
  const code = await startBoardIn(a, server);

  // the toolbox's Table opens the Tabular Data dialog: 3 × 3, bordered, Add enabled
  await pickTool(a, 'Table');
  const dialog = a.getByRole('dialog', { name: 'Tabular Data' });
  await expect(dialog).toBeVisible();
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeEnabled();

  // rows and columns typed; an out-of-range count disables Add
  const rows = dialog.getByLabel('Rows');
  const cols = dialog.getByLabel('Columns');
  await rows.fill('60');
  await expect(dialog.getByText('Rows and columns: 1 to 50')).toBeVisible();
  await expect(add).toBeDisabled();
  await rows.fill('2');
  await cols.fill('2');
  await expect(dialog.getByRole('textbox', { name: /^Row \d+, column \d+$/ })).toHaveCount(4);

  // without a border an empty table is refused with the spec's words
  await dialog.getByLabel('Border').uncheck();
  await expect(dialog.getByText('Table is empty or borderless', { exact: true })).toBeVisible();
  await expect(add).toBeDisabled();
  await shot(a, 'board-tables-invalid');

  // tab-separated text pasted into the first cell fills the grid from there and grows it to 3 × 3
  await a.evaluate(() => navigator.clipboard.writeText('Fruit\tQty\tNote\nApples\t3\tred\nPears\t5\tgreen\n'));
  await dialog.getByRole('textbox', { name: 'Row 1, column 1' }).click();
  await a.keyboard.press('ControlOrMeta+v');
  await expect(rows).toHaveValue('3');
  await expect(cols).toHaveValue('3');
  await expect(dialog.getByRole('textbox', { name: 'Row 3, column 3' })).toHaveValue('green');
  await expect(dialog.getByText('Table is empty or borderless', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Border').check();
  await expect(add).toBeEnabled();
  await shot(a, 'board-tables-dialog');
  await add.click();
  await expect(dialog).toHaveCount(0);

  // the table is on the board, selected, at the view's centre
  await expect.poll(async () => (await tables(a)).length).toBe(1);
  const [made] = await tables(a);
  expect(made).toMatchObject({
    border: true,
    table: [
      ['Fruit', 'Qty', 'Note'],
      ['Apples', '3', 'red'],
      ['Pears', '5', 'green'],
    ],
  });
  expect(await a.evaluate(() => window.tabula!.editor.selection)).toEqual([made!.id]);
  await settled(a);
  await shot(a, 'board-tables-added');

  // double-click the cell 'Apples', replace it, Tab to the next, type, Escape: one command
  const apples = await cellCentre(a, made!, 1, 0);
  await a.mouse.dblclick(apples.x, apples.y);
  const cell = a.getByRole('textbox', { name: 'Table cell, row 2, column 1' });
  await expect(cell).toBeFocused();
  await expect(cell).toHaveValue('Apples');
  await a.keyboard.press('ControlOrMeta+a');
  await a.keyboard.type('Plums');
  await a.keyboard.press('Tab');
  const next = a.getByRole('textbox', { name: 'Table cell, row 2, column 2' });
  await expect(next).toBeFocused();
  await a.keyboard.press('ControlOrMeta+a');
  await a.keyboard.type('12');
  await shot(a, 'board-tables-editing');
  await a.keyboard.press('Escape');
  await expect(next).toHaveCount(0);
  await expect.poll(async () => (await tables(a))[0]!.table[1]).toEqual(['Plums', '12', 'red']);
  expect(await a.evaluate(() => window.tabula!.editor.tool$.value)).toBe('select');
  await settled(a);

  // a second browser sees the table with the edited cells
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  await expect.poll(async () => (await tables(b))[0]?.table[1]).toEqual(['Plums', '12', 'red']);

  // drag the bottom-right corner: the table grows and its columns keep their proportions
  const before = (await tables(a))[0]!;
  const ratios = (t: TableShape) => {
    const l = tableLayout(t);
    return l.xs.slice(1).map((x, i) => (x - l.xs[i]) / l.box.w);
  };
  const corner = await onPage(a, before.x + before.w, before.y + before.h);
  await a.mouse.move(corner.x, corner.y);
  await a.mouse.down();
  await a.mouse.move(corner.x + 160, corner.y + 50, { steps: 8 });
  await a.mouse.up();
  await expect.poll(async () => (await tables(a))[0]!.w).toBeGreaterThan(before.w + 100);
  const after = (await tables(a))[0]!;
  ratios(after).forEach((r, i) => expect(r).toBeCloseTo(ratios(before)[i]!, 4));
  await settled(a);
  await expect.poll(async () => Math.round((await tables(b))[0]!.w)).toBe(Math.round(after.w));
  ratios((await tables(b))[0]!).forEach((r, i) => expect(r).toBeCloseTo(ratios(before)[i]!, 4));

  // the board's SVG export draws the table, each cell's text clipped to its cell
  const svg = await a.evaluate(async () => decodeURIComponent((await window.tabula!.editor.exportImage('svg')).split(',')[1]!));
  expect(svg).toContain('>Plums</tspan>');
  expect(svg).toContain('overflow="hidden"');

  // a sticky note's words start at the left; Align text center centres them, for both browsers
  await pickTool(a, 'Sticky note');
  const o = await canvasOrigin(a);
  await a.mouse.click(o.x + 300, o.y + 560);
  await a.keyboard.type('Hi');
  await a.mouse.click(o.x + 1000, o.y + 700);
  await expect.poll(async () => (await notes(a)).length).toBe(1);
  await pickTool(a, 'Select');
  const note = (await notes(a))[0]!;
  const middle = await onPage(a, note.x + note.w / 2, note.y + note.h / 2);
  await a.mouse.click(middle.x, middle.y);
  // a note is centred until aligned otherwise (how notes were always drawn)
  const right = a.getByRole('button', { name: 'Align text right' });
  await expect(a.getByRole('button', { name: 'Align text center' })).toHaveAttribute('aria-pressed', 'true');
  const centred = await inkSpan(a, note);
  expect((centred.left + centred.right) / 2).toBeGreaterThan(0.4);
  expect((centred.left + centred.right) / 2).toBeLessThan(0.6);
  await right.click();
  await expect(right).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await notes(a))[0]!.align).toBe('right');
  await a.mouse.click(o.x + 1000, o.y + 700); // deselect: the menu and handles leave the note
  await expect.poll(async () => (await inkSpan(a, note)).left).toBeGreaterThan(0.5);
  expect((await inkSpan(a, note)).right).toBeGreaterThan(0.85);
  await shot(a, 'board-tables-note-right');
  await settled(a);
  await expect.poll(async () => (await notes(b))[0]?.align).toBe('right');
  await expect.poll(async () => (await inkSpan(b, note)).left).toBeGreaterThan(0.5);

  // undo (the note's alignment, the note, the resize, the cell edit, then the table): the add goes in one step
  for (let i = 0; i < 4; i++) await a.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await tables(a))[0]?.table[1]).toEqual(['Apples', '3', 'red']);
  await a.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await tables(a)).length).toBe(0);
  await settled(a);
  await expect.poll(async () => (await tables(b)).length).toBe(0);
});

test('Edit table in the floating menu updates the selected table in one step', async ({ browser }) => {
  const a = await (await newContext(browser, { name: 'Uma' })).newPage();
  await startBoardIn(a, server);
  await pickTool(a, 'Table');
  const dialog = a.getByRole('dialog', { name: 'Tabular Data' });
  await dialog.getByRole('textbox', { name: 'Row 1, column 1' }).fill('Q1');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(async () => (await tables(a)).length).toBe(1);
  const made = (await tables(a))[0]!;

  // the selected table's floating menu: Edit table opens the dialog as Update with its grid
  await a.getByRole('button', { name: 'Edit table' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Row 1, column 1' })).toHaveValue('Q1');
  await dialog.getByLabel('Rows').fill('4');
  await dialog.getByRole('textbox', { name: 'Row 4, column 3' }).fill('Total');
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  await shot(a, 'board-tables-update');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await tables(a))[0]!.table.length).toBe(4);
  const updated = (await tables(a))[0]!;
  // rows keep their height: the table grew by one row
  expect(updated.h).toBeCloseTo((made.h / 3) * 4, 3);
  expect(updated.table[3]![2]).toBe('Total');

  // the table's alignment comes from the same buttons; Ctrl+Z undoes the update in one step
  await a.getByRole('button', { name: 'Align text right' }).click();
  await expect.poll(async () => (await tables(a))[0]!.align).toBe('right');
  await a.keyboard.press('ControlOrMeta+z');
  await a.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await tables(a))[0]!.table.length).toBe(3);
  expect((await tables(a))[0]!.align).toBeUndefined();
});
