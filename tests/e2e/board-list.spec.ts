import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, logIn, signUp } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * The panel's board list and home as a signed-in person uses them (issue 14): three boards, one
 * drawn on, found in the list with a server-made thumbnail that loads and is not blank; filter,
 * sort, tag (and filter by the tag), duplicate (the copy next to its original), move to another
 * workspace, delete; the home page's recent boards; feedback sent from home.
 */
const SHOTS = path.resolve('test-results/screens');
let server: TestServer;

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ DEFAULT_PLAN: 'team', DEFAULT_WORKSPACES: '5' });
});
test.afterAll(async () => {
  await server?.stop();
});

const api = (method: string, url: string, body?: unknown, token?: string) => apiCall(server, method, url, body, token);

/** Whether an <img> has loaded with more than one colour in it. */
const thumbnailDrawn = (page: Page) =>
  page.evaluate(() => {
    const img = Array.from(document.querySelectorAll<HTMLImageElement>('.p-board__thumb img')).find(
      (i) => i.complete && i.naturalWidth > 0,
    );
    if (!img) return false;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const first = data.slice(0, 4).join();
    for (let i = 4; i < data.length; i += 4) if (data.slice(i, i + 4).join() !== first) return true;
    return false;
  });

test('find, filter, sort, tag, duplicate, move and delete boards; home and feedback', async ({ page }) => {
  const { email, token } = await signUp(server, 'lena');
  const codes: Record<string, string> = {};
  for (const name of ['Roadmap', 'Brainstorm', 'Retro']) codes[name] = (await api('POST', '/api/boards', { name }, token)).code;
  const other = await api('POST', '/api/workspaces', { name: 'Archive' }, token);

  await logIn(page, server, email);

  // draw on Roadmap as a person does: the pen, a stroke across the canvas
  await page.goto(`${server.url}/board/${codes.Roadmap}`);
  await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Start drawing' }).click();
  const box = (await page.getByRole('application', { name: 'Board canvas' }).boundingBox())!;
  await page.mouse.move(box.x + 400, box.y + 300);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 400 + i * 15, box.y + 300 + Math.sin(i / 3) * 60);
  await page.mouse.up();
  // the stroke is stored before the person leaves the board
  await expect
    .poll(async () => (await api('GET', `/api/boards/${codes.Roadmap}/commands`, undefined, token)).lastSeq ?? 0)
    .toBeGreaterThan(0);
  await page.goto(`${server.url}/panel/home`);

  await page.getByRole('link', { name: 'Boards', exact: true }).click();
  const cards = page.getByRole('list', { name: 'Boards' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('heading', { name: /All boards \(3\)/ })).toBeVisible();
  // the drawn board's thumbnail is made by the server shortly after the change; the list never waits for it
  await expect
    .poll(
      async () =>
        (await api('GET', '/api/workspace/default/boards?Take=30', undefined, token)).data.find(
          (b: { code: string }) => b.code === codes.Roadmap,
        )?.thumbnail ?? null,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect.poll(() => thumbnailDrawn(page), { timeout: 10_000 }).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'board-list.png'), fullPage: true });

  // filter and sort
  await page.getByPlaceholder('Type to filter').fill('retro');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Retro');
  await page.getByPlaceholder('Type to filter').fill('');
  await expect(cards).toHaveCount(3);
  await page.getByLabel('Sort by').selectOption('Alphabet');
  await expect(cards.locator('.p-board__name')).toHaveText(['Brainstorm', 'Retro', 'Roadmap']);

  // tags: save, then a tag button filters
  await page.getByRole('button', { name: 'Actions for Retro' }).click();
  await page.getByRole('menuitem', { name: 'Tags' }).click();
  await page.getByRole('dialog', { name: 'Tags' }).getByLabel('Tags of Retro').fill('team weekly');
  await page.getByRole('dialog', { name: 'Tags' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Show boards tagged weekly' }).click();
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(cards).toHaveCount(3);

  // duplicate: the copy right after its original, then Open is offered
  await page.getByRole('button', { name: 'Actions for Brainstorm' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await page.getByRole('dialog', { name: 'Duplicate board' }).getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Board successfully duplicated')).toBeVisible();
  await expect(cards.locator('.p-board__name')).toHaveText(['Brainstorm', 'Brainstorm (copy)', 'Retro', 'Roadmap']);
  await expect(page.getByRole('heading', { name: /All boards \(4\)/ })).toBeVisible();

  // move to the other workspace
  await page.getByRole('button', { name: 'Actions for Brainstorm (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Move to another workspace' }).click();
  const move = page.getByRole('dialog', { name: 'Move board' });
  await move.getByLabel('Choose a workspace:').selectOption(other.id);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(cards).toHaveCount(3);
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link', { name: 'Archive' }).click();
  await expect(page.getByRole('list', { name: 'Boards' }).getByText('Brainstorm (copy)')).toBeVisible();
  await page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link', { name: 'My workspace' }).click();

  // delete with the spec's confirmation
  await page.getByRole('button', { name: 'Actions for Retro' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('alertdialog');
  await expect(confirmDelete).toContainText('Your board will delete permanently, Are you sure?');
  await confirmDelete.getByRole('button', { name: 'Yes' }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('heading', { name: /All boards \(2\)/ })).toBeVisible();

  // home: recent boards (opened ones) and feedback
  await page.goto(`${server.url}/board/${codes.Roadmap}`);
  await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  // the board's own feedback entry (the help menu, top right)
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Send feedback' }).click();
  const onBoard = page.getByRole('dialog', { name: 'Send feedback' });
  await onBoard.getByLabel('What do you like most?').fill('Thumbnails in the list!');
  await onBoard.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await page.goto(`${server.url}/panel/home`);
  await expect(page.getByRole('region', { name: 'Recent boards' }).getByText('Roadmap')).toBeVisible();
  await expect(page.getByRole('figure', { name: /Your activity: Sessions \d+/ })).toBeVisible();
  await page.getByRole('button', { name: /Feedback/ }).click();
  const feedback = page.getByRole('dialog', { name: 'Send feedback' });
  await feedback.getByText('Negative').click();
  await feedback.getByLabel('Did you have any issue?').fill('The move dialog could remember my last workspace.');
  await expect(feedback.getByLabel('Email')).toHaveCount(0);
  await feedback.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'panel-home.png'), fullPage: true });
});

test('import: a file that is not a backup is refused saying what Import takes; a .wtb backup becomes a new board, opened from the toast', async ({
  page,
}) => {
  const { email, token } = await signUp(server, 'ivan');
  const { code } = await api('POST', '/api/boards', { name: 'Kept safe' }, token);
  const made = await api('POST', `/api/boards/${code}/backup`, {}, token);
  const backup = Buffer.from(await (await fetch(`${server.url}/api/boards/${made.id}/backup`)).arrayBuffer());
  await logIn(page, server, email);

  // the heading counts the boards once they are known, never '(0)' while they load
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/workspace\/[^/]+\/boards/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Boards', exact: true }).click();
  const heading = page.getByRole('heading', { name: /^All boards/ });
  await expect(heading).toBeVisible();
  await expect(heading).not.toContainText('(0)');
  release();
  await expect(heading).toContainText('(1)');
  await page.unroute(/\/api\/workspace\/[^/]+\/boards/);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a board') });
  await expect(page.getByText('Only .wtb backup files can be restored.')).toBeVisible();

  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await again).setFiles({ name: 'Kept safe.wtb', mimeType: 'application/octet-stream', buffer: backup });
  await expect(page.getByText('Board successfully restored')).toBeVisible();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/board\/(?!new)[^/?]+$/);
  expect(new URL(page.url()).pathname).not.toBe(`/board/${code}`);
});
