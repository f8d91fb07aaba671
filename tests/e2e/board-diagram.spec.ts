import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { boxOf } from '../../shared/geometry';
import type { CompositeShape, ImageShape, LineShape, Shape } from '../../shared/model';
import { canvasOrigin, newContext, openBoard, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Diagrams from a text script (issue 34 item 2; board.md §2 diagram text-script dialog, §5): a
 * team-plan owner opens Diagram from the toolbox, sees Add disabled while the text is empty and
 * the parser's problem in place, types a three-node flowchart (the preview shows it) and adds it:
 * one group of rectangles, words and arrows attached to the nodes; Edit diagram reopens its script
 * as Update. Ungrouped (Ctrl+Shift+G), one
 * node dragged down takes its arrow's end along; Ctrl+Z puts it back; a second browser sees it all.
 * Other Mermaid kinds: Mermaid loads only then (its progress shown; a failed load says so and is
 * tried again), its parser's problem refuses Add, and a sequence diagram lands as a picture that
 * keeps its script; Update replaces the picture.
 */
const server = useServer();

const groups = async (page: Page) => (await shapes(page)).filter((s: Shape): s is CompositeShape => s.cmd === 'composite');
const arrows = async (page: Page) => (await shapes(page)).filter((s: Shape): s is LineShape => s.cmd === 'arrow');
const byId = async (page: Page, id: string) => (await shapes(page)).find((s) => s.id === id);
/** The top of a shape's box on the board (-1 when it is not there). */
const topOf = async (page: Page, id: string) => {
  const s = await byId(page, id);
  return s ? boxOf(s).y : -1;
};

/** The toolbox's Diagram (in its More tools menu when the board is too short to show every tool). */
async function openDiagramTool(page: Page) {
  const bar = page.getByRole('toolbar', { name: 'Tools' });
  await expect(bar.getByRole('button', { name: 'Select', exact: true })).toBeVisible();
  const direct = bar.getByRole('button', { name: 'Diagram', exact: true });
  if (await direct.isVisible()) return direct.click();
  await bar.getByRole('button', { name: /^More tools/ }).click();
  await page.getByRole('menuitemradio', { name: 'Diagram' }).click();
}

/** Board point → page point. */
async function onPage(page: Page, x: number, y: number) {
  const o = await canvasOrigin(page);
  const s = await page.evaluate(([bx, by]) => window.tabula!.editor.viewport.toScreen(bx!, by!), [x, y]);
  return { x: o.x + s.x, y: o.y + s.y };
}

test('add a flowchart from its text, drag one node and its arrow follows; undo; another browser sees it', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);
  // a flowchart is drawn by the board's own code: Mermaid is never fetched
  const mermaidFetches: string[] = [];
  a.on('request', (r) => void (r.url().includes('tabula-mermaid') && mermaidFetches.push(r.url())));

  await openDiagramTool(a);
  const dialog = a.getByRole('dialog', { name: 'Diagram' });
  await expect(dialog).toBeVisible();
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  const text = dialog.getByRole('textbox', { name: 'Text script' });
  await expect(text).toBeFocused();
  await expect(add).toBeDisabled();
  await expect(dialog.getByText('Type the diagram’s text to add it.')).toBeVisible();

  // a slip is named in place and Add stays disabled
  await text.pressSequentially('flowchart LR\nA[Plan] --> B[Build');
  await expect(dialog.getByText('Line 2: “[” after B is not closed with “]”.')).toBeVisible();
  await expect(add).toBeDisabled();
  await text.pressSequentially(']\nB --> C[Ship]');
  await expect(dialog.getByRole('img', { name: 'Preview of the diagram' })).toBeVisible();
  await expect(add).toBeEnabled();
  await shot(a, 'board-diagram-dialog');
  await add.click();
  await expect(dialog).toHaveCount(0);

  // one group, selected, keeping the script; its arrows attached to its nodes (a rectangle and its words, grouped)
  await expect.poll(async () => (await groups(a)).length).toBe(1);
  const [group] = await groups(a);
  expect(group!.metadata?.script).toBe('flowchart LR\nA[Plan] --> B[Build]\nB --> C[Ship]');
  expect(await a.evaluate(() => window.tabula!.editor.selection)).toEqual([group!.id]);
  const nodes = group!.shapes.filter((s): s is CompositeShape => s.cmd === 'composite');
  expect(nodes.map((n) => n.shapes.map((s) => s.cmd))).toEqual(Array(3).fill(['filledRectangle', 'text']));
  const first = group!.shapes.find((s): s is LineShape => s.cmd === 'arrow' && s.end === nodes[1]!.id)!;
  expect(first.start).toBe(nodes[0]!.id);
  await settled(a);
  await shot(a, 'board-diagram-added');
  await expect.poll(async () => (await groups(b)).length).toBe(1);

  // Edit diagram (floating menu) reopens the dialog on the kept script, as Update
  await a.getByRole('button', { name: 'Edit diagram' }).click();
  await expect(text).toHaveValue('flowchart LR\nA[Plan] --> B[Build]\nB --> C[Ship]');
  await expect(dialog.getByRole('button', { name: 'Update', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(mermaidFetches).toEqual([]);

  // ungroup, then drag the middle node ('Build') 150 px down: its words and the arrow's end follow
  await a.keyboard.press('ControlOrMeta+Shift+g');
  await expect.poll(async () => (await arrows(a)).length).toBe(2);
  const node = nodes[1]!;
  const top = boxOf(node).y;
  // held a quarter in from its top-left: clear of the selection's corner and edge handles
  const grip = await onPage(a, boxOf(node).x + boxOf(node).w / 4, top + boxOf(node).h / 4);
  // pressed and dragged at once (a click first would make the press a double click, which enters the group)
  await a.mouse.move(grip.x, grip.y);
  await a.mouse.down();
  await a.mouse.move(grip.x, grip.y + 150, { steps: 8 });
  await a.mouse.up();
  await expect.poll(() => topOf(a, node.id)).toBeGreaterThan(top + 100);
  const moved = (await byId(a, first.id)) as LineShape;
  expect(moved.points[3]).toBeGreaterThan(first.points[3]! + 50);
  await settled(a);
  await expect
    .poll(async () => ((await byId(b, first.id)) as LineShape | undefined)?.points[3] ?? 0)
    .toBeGreaterThan(first.points[3]! + 50);
  await shot(a, 'board-diagram-moved');

  // Ctrl+Z: the node and its arrow go back, for both browsers
  await a.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => topOf(a, node.id)).toBeCloseTo(top, 0);
  await expect.poll(async () => ((await byId(a, first.id)) as LineShape).points[3]).toBeCloseTo(first.points[3]!, 0);
  await settled(a);
  await expect.poll(() => topOf(b, node.id)).toBeCloseTo(top, 0);
});

const pictures = async (page: Page) => (await shapes(page)).filter((s: Shape): s is ImageShape => s.cmd === 'image');

/** The share of dark pixels (ink: text, lines) a person sees inside a shape's box, from a screenshot (its edges left out). */
async function inkIn(page: Page, s: ImageShape): Promise<number> {
  const a = await onPage(page, s.x + s.w * 0.1, s.y + s.h * 0.1);
  const b = await onPage(page, s.x + s.w * 0.9, s.y + s.h * 0.9);
  const body = await page.screenshot({ clip: { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y } });
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) < 160) dark++;
  return dark / (info.width * info.height);
}

test('a sequence diagram: Mermaid loads on demand, its problem refuses Add, it lands as a picture and Update replaces it', async ({
  browser,
}) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Viv' })).newPage();
  await openBoard(b, server, code);

  // Mermaid's script: the first fetch fails, the second waits until the test lets it through
  let fetches = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await a.route('**/static/sdk/tabula-mermaid.js', async (route) => {
    fetches++;
    if (fetches === 1) return route.abort();
    await gate;
    return route.continue();
  });

  await openDiagramTool(a);
  const dialog = a.getByRole('dialog', { name: 'Diagram' });
  const text = dialog.getByRole('textbox', { name: 'Text script' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  // a half-typed kind loads nothing
  await text.fill('seq');
  await expect(dialog.getByText(/^Start with the diagram’s kind/)).toBeVisible();
  expect(fetches).toBe(0);

  // a broken sequence diagram: Mermaid fails to load, then loads (its progress shown), then names the problem
  await text.fill('sequenceDiagram\nAlice->>Bob Hello');
  await expect(
    dialog.getByText('Mermaid, which draws this kind of diagram, could not be loaded. Check the connection and try again.'),
  ).toBeVisible();
  await expect(add).toBeDisabled();
  await shot(a, 'board-diagram-mermaid-failed');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Loading Mermaid, which draws this kind of diagram…' })).toBeVisible();
  await expect(add).toBeDisabled();
  await shot(a, 'board-diagram-mermaid-loading');
  release();
  await expect(dialog.locator('#tb-diagram-problem')).toContainText('Parse error on line 2', { timeout: 30_000 });
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeDisabled();
  await shot(a, 'board-diagram-sequence-problem');

  // fixed: the preview shows it and Add stores it as a picture keeping its script
  const first = 'sequenceDiagram\nAlice->>Bob: Hello Bob\nBob-->>Alice: Hi Alice';
  await text.fill(first);
  await expect(dialog.getByRole('img', { name: 'Preview of the diagram' })).toBeVisible();
  await expect(add).toBeEnabled();
  await shot(a, 'board-diagram-sequence-dialog');
  await add.click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await pictures(a)).length).toBe(1);
  const [picture] = await pictures(a);
  expect(picture!.metadata?.script).toBe(first);
  expect(picture!.resource).toBeTruthy();
  expect(await a.evaluate(() => window.tabula!.editor.selection)).toEqual([picture!.id]);
  expect(await groups(a)).toEqual([]);
  await settled(a);
  // drawn: the picture the server rasterised shows Mermaid's ink (a placeholder is light grey)
  await a.keyboard.press('Escape');
  await expect.poll(() => inkIn(a, picture!), { timeout: 20_000 }).toBeGreaterThan(0.005);
  await shot(a, 'board-diagram-sequence-added');
  await expect.poll(async () => (await pictures(b)).map((p) => p.metadata?.script)).toEqual([first]);

  // Edit diagram reopens its script as Update; a changed script replaces the picture (Mermaid already loaded)
  const grip = await onPage(a, picture!.x + picture!.w / 2, picture!.y + picture!.h / 2);
  await a.mouse.click(grip.x, grip.y);
  await a.getByRole('button', { name: 'Edit diagram' }).click();
  await expect(text).toHaveValue(first);
  const next = `${first}\nAlice->>Bob: See you`;
  await text.fill(next);
  await expect(dialog.getByRole('img', { name: 'Preview of the diagram' })).toBeVisible();
  const update = dialog.getByRole('button', { name: 'Update', exact: true });
  await expect(update).toBeEnabled();
  await update.click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await pictures(a)).map((p) => p.metadata?.script)).toEqual([next]);
  const [replaced] = await pictures(a);
  expect(replaced!.id).not.toBe(picture!.id);
  expect(replaced!.resource).not.toBe(picture!.resource);
  expect(fetches).toBe(2);
  await settled(a);
  await a.keyboard.press('Escape');
  await expect.poll(() => inkIn(a, replaced!), { timeout: 20_000 }).toBeGreaterThan(0.005);
  await shot(a, 'board-diagram-sequence-updated');
  await expect.poll(async () => (await pictures(b)).map((p) => p.id)).toEqual([replaced!.id]);
});
