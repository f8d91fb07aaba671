import { expect, test, type Page } from '@playwright/test';
import { boxOf } from '../../shared/geometry';
import type { CompositeShape, LineShape, Shape } from '../../shared/model';
import { canvasOrigin, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Diagrams from a text script (issue 34 item 2; board.md §2 diagram text-script dialog, §5): a
 * team-plan owner opens Diagram from the toolbox, sees Add disabled while the text is empty and
 * the parser's problem in place, types a three-node flowchart (the preview shows it) and adds it:
 * one group of rectangles, words and arrows attached to the nodes; Edit diagram reopens its script
 * as Update. Ungrouped (Ctrl+Shift+G), one
 * node dragged down takes its arrow's end along; Ctrl+Z puts it back; a second browser sees it all.
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

  await pickTool(a, 'Diagram');
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

  // ungroup, then drag the middle node ('Build') 150 px down: its words and the arrow's end follow
  await a.keyboard.press('ControlOrMeta+Shift+g');
  await expect.poll(async () => (await arrows(a)).length).toBe(2);
  const node = nodes[1]!;
  const top = boxOf(node).y;
  const grip = await onPage(a, boxOf(node).x + 6, top + 6);
  await a.mouse.click(grip.x, grip.y);
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
