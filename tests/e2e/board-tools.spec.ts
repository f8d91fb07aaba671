import { expect, test, type Page } from '@playwright/test';
import type { CircleShape, LineShape, PenShape, RectangleShape, Shape, StickyNoteShape, TextShape } from '../../shared/model';
import { useServer } from './support/suite';
import { click, drag, newContext, pickTool, settled, shapes, shot, startBoardIn, userSession, waitOnline } from './board-fixtures';

/**
 * Every drawing tool driven by real mouse drags, clicks and typing in Chromium (board.md §4
 * "Tools", "Other shape creation rules", "Text and sticky editing"): the resulting shape is read
 * from the editor's document and checked after the server confirmed it; a screenshot records the
 * board. The user has the team plan (the highlighter is a team-plan tool, board.md §6).
 */
const server = useServer();

const last = async (page: Page): Promise<Shape> => {
  const list = await shapes(page);
  return list[list.length - 1]!;
};

async function boardPoint(page: Page, sx: number, sy: number) {
  return page.evaluate(([x, y]) => window.tabula!.editor.toBoard(x!, y!), [sx, sy]);
}

test('each tool draws its shape from real pointer input', async ({ browser }) => {
  const session = await userSession(server, { plan: 'team' });
  const context = await newContext(browser, { session });
  const page = await context.newPage();
  await startBoardIn(page, server);
  let count = 0;
  const expectNew = async () => {
    count += 1;
    await expect.poll(async () => (await shapes(page)).length).toBe(count);
    return last(page);
  };

  // pen: a stroke with more than one point
  await pickTool(page, 'Pen');
  await drag(page, [
    [150, 150],
    [250, 200],
    [350, 150],
  ]);
  const pen = (await expectNew()) as PenShape;
  expect(pen.cmd).toBe('pen');
  expect(pen.points.length).toBeGreaterThan(4);
  expect(pen.color).toBe('#000000');
  expect(pen.lineWidth).toBe(2);

  // highlighter (team plan): width 4 × line width is applied at render; the shape is type hl
  await pickTool(page, 'Highlighter');
  await drag(page, [
    [150, 260],
    [350, 260],
  ]);
  const hl = (await expectNew()) as PenShape;
  expect(hl.cmd).toBe('highlighter');
  expect(hl.type).toBe('hl');

  // line and arrow: two points from the drag
  await pickTool(page, 'Line');
  await drag(page, [
    [400, 150],
    [550, 220],
  ]);
  const line = (await expectNew()) as LineShape;
  expect(line.cmd).toBe('line');
  const a = await boardPoint(page, 400, 150);
  const b = await boardPoint(page, 550, 220);
  expect(line.points[0]).toBeCloseTo(a.x, 0);
  expect(line.points[1]).toBeCloseTo(a.y, 0);
  expect(line.points[2]).toBeCloseTo(b.x, 0);
  expect(line.points[3]).toBeCloseTo(b.y, 0);

  await pickTool(page, 'Arrow');
  await drag(page, [
    [400, 260],
    [550, 330],
  ]);
  const arrow = (await expectNew()) as LineShape;
  expect(arrow.cmd).toBe('arrow');
  expect(arrow.points).toHaveLength(4);

  // rectangles: the drag box
  await pickTool(page, 'Rectangle');
  await drag(page, [
    [600, 120],
    [720, 200],
  ]);
  const rect = (await expectNew()) as RectangleShape;
  expect(rect.cmd).toBe('rectangle');
  expect(rect.w).toBeCloseTo(120, 0);
  expect(rect.h).toBeCloseTo(80, 0);
  expect(rect.fill).toBeFalsy();

  await pickTool(page, 'Filled rectangle');
  await drag(page, [
    [600, 240],
    [720, 320],
  ]);
  const filled = (await expectNew()) as RectangleShape;
  expect(filled.cmd).toBe('filledRectangle');
  expect(filled.fill).toBe('#000000');

  // circles: the largest circle in the drag box's corner at the start point
  await pickTool(page, 'Circle');
  await drag(page, [
    [780, 120],
    [880, 220],
  ]);
  const circle = (await expectNew()) as CircleShape;
  expect(circle.cmd).toBe('circle');
  expect(circle.r).toBeCloseTo(50, 0);

  await pickTool(page, 'Filled circle');
  await drag(page, [
    [780, 250],
    [880, 350],
  ]);
  const disc = (await expectNew()) as CircleShape;
  expect(disc.cmd).toBe('filledCircle');
  expect(disc.fill).toBe('#000000');

  // text: click, type, Escape applies
  await pickTool(page, 'Text');
  await click(page, 150, 430);
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveAttribute('placeholder', 'Type something');
  await page.keyboard.type('Hello Tabula  ');
  await page.keyboard.press('Escape');
  const text = (await expectNew()) as TextShape;
  expect(text.cmd).toBe('text');
  expect(text.value).toBe('Hello Tabula'); // right-trimmed
  expect(text.font).toBe('Open Sans');
  expect(text.size).toBe(16);

  // sticky note: click creates one and opens it for typing
  await pickTool(page, 'Sticky note');
  await click(page, 500, 480);
  await expect(page.getByRole('textbox', { name: 'Sticky note text' })).toBeFocused();
  await page.keyboard.type('Plan the sprint');
  await page.keyboard.press('Escape');
  const sticky = (await expectNew()) as StickyNoteShape;
  expect(sticky.cmd).toBe('stickyNote');
  expect(sticky.text).toBe('Plan the sprint');
  expect(sticky.color).toBe('#feff9c');

  // eraser: a stroke, then an eraser drag across it removes it
  await pickTool(page, 'Pen');
  await drag(page, [
    [950, 450],
    [1050, 455],
    [1150, 450],
  ]);
  const doomed = await expectNew();
  await pickTool(page, 'Eraser');
  await drag(page, [
    [1050, 400],
    [1050, 430],
    [1050, 470],
    [1050, 500],
  ]);
  count -= 1;
  await expect.poll(async () => (await shapes(page)).some((s) => s.id === doomed.id)).toBe(false);
  expect(await shapes(page)).toHaveLength(count);

  await settled(page);
  await shot(page, 'board-tools');

  // the server has exactly what the browser shows: a fresh load shows the same shapes
  const before = (await shapes(page)).map((s) => s.id).sort();
  await page.reload();
  await waitOnline(page);
  expect((await shapes(page)).map((s) => s.id).sort()).toEqual(before);
  await context.close();
});
