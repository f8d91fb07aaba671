import { expect, test } from '@playwright/test';
import { newContext, shapes, shot, startDrawing, userSession, waitOnline } from './board-fixtures';
import { startServer, type TestServer } from './support/server';

/**
 * The panel's template catalogue (panel.md §2; panel/templates): from the home page's Templates
 * action to /templates, search, a template's details, 'Use Template' → a new board of the user's
 * workspace that opens with the template on it (the board inserts `?template=<name>`).
 * Screenshots at 1280×800 and 400 px go to $TMPDIR/tabula-board-shots/ (looked at by a person).
 */
let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
  // the server installs its template library at start, in the background: wait for it
  await expect
    .poll(
      async () => {
        const res = await fetch(`${server.url}/api/boards/templates?Group=all`);
        return res.ok ? ((await res.json()) as unknown[]).length : 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(20);
});
test.afterAll(async () => {
  await server?.stop();
});

test('home → Templates → search retro → Use Template opens a new board with the retrospective on it', async ({ browser }) => {
  const session = await userSession(server);
  const context = await newContext(browser, { session });
  const page = await context.newPage();

  await page.goto(`${server.url}/panel/home`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await shot(page, 'panel-home-1280');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Templates/ })
    .click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Templates' }).getByRole('button');
  await expect(page.getByRole('button', { name: 'Kanban board' })).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(20);
  // the first rows show the thumbnails the server drew
  const thumbnailsShown = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Templates"] img')]
        .slice(0, 8)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
  await expect.poll(thumbnailsShown, { timeout: 30_000 }).toBe(true);
  await shot(page, 'panel-templates-1280');

  // building blocks only, then all again
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Building blocks' }).click();
  await expect(page.getByRole('button', { name: 'Kanban board' })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();

  await page.getByRole('searchbox', { name: 'Search templates' }).fill('retro');
  const retro = page.getByRole('button', { name: 'Retrospective', exact: true });
  await expect(retro).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kanban board' })).toHaveCount(0);

  await page.setViewportSize({ width: 400, height: 800 });
  await expect.poll(thumbnailsShown, { timeout: 30_000 }).toBe(true);
  await shot(page, 'panel-templates-400');
  await page.setViewportSize({ width: 1280, height: 800 });

  await retro.click();
  const dialog = page.getByRole('dialog', { name: 'Retrospective' });
  await expect(dialog.getByRole('img', { name: 'Preview of Retrospective' })).toBeVisible();
  await shot(page, 'panel-templates-details');
  await dialog.getByRole('button', { name: 'Use Template' }).click();

  await page.waitForURL(/\/board\/[^/?]+/);
  await waitOnline(page);
  const texts = async () =>
    (await shapes(page)).map((s) => {
      const t = s as { value?: unknown; text?: unknown };
      return String(t.value ?? t.text ?? '');
    });
  await expect.poll(texts, { timeout: 20_000 }).toEqual(expect.arrayContaining(['Retrospective', 'Start', 'Stop', 'Continue']));
  // inserted once: the address no longer asks for it
  await expect(page).not.toHaveURL(/template=/);
  await startDrawing(page);
  await shot(page, 'panel-templates-board');
  await context.close();
});

test('a signed-out visitor is sent to log in and comes back to /templates', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/templates`);
  await expect(page).toHaveURL(/\/accounts\/login\?ret=%2Ftemplates$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await context.close();
});
