import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { blocksOf, titleOf } from '../../admin/dashboard/blocks/texts';
import type { CatalogueEntry, StatisticEntry } from '../../admin/dashboard/statistics-api';
import { createBoardIn, drag, newContext, startDrawing } from './board-fixtures';
import { apiCall, PASSWORD, signUp } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * The operators' dashboard in Chromium on the real server (issue 30 item 3; backoffice.md §2):
 * usage is made the way people make it — a guest and a signed-in user open boards and draw, people
 * send feedback — and an operator (made with `npm run admin -- grant`) sees every statistic block
 * drawn with its figures, changes a day filter and sees a figure change, downloads a statistic as
 * CSV, runs an admin action and gets its toast, and axe finds nothing. Screenshots at 1280×800 go
 * to /tmp/dashboard-*.png for a person to look at.
 */
let server: TestServer;
let operator: { email: string; token: string; id: string };
const run = promisify(execFile);

/**
 * Moves feedback `id` ten days back. The API stamps what it stores with the present; a day filter
 * can only change a figure when something is older than its window. Run while the server is stopped
 * (the embedded database is one process's).
 */
async function backdateFeedback(id: string): Promise<void> {
  const sql = `update feedbacks set created_at = now() - interval '10 days' where id = $1`;
  if (server.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      expect((await client.query(sql, [id])).rowCount).toBe(1);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(server.env.DATA_DIR!, 'pgdata'));
  try {
    expect((await db.query(sql, [id])).affectedRows).toBe(1);
  } finally {
    await db.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startServer();
  operator = await signUp(server, 'opal');
  const user = await signUp(server, 'ulla');
  await apiCall(server, 'POST', '/api/boards', { name: 'Dashboard e2e board' }, user.token);

  // feedback: two positive and a negative today, a neutral one ten days ago (moved below)
  for (const type of ['positive', 'positive', 'negative'])
    await apiCall(server, 'POST', '/api/feedbacks', { type, description: `A ${type} word`, email: 'reader@example.com' });
  const neutral = await apiCall(server, 'POST', '/api/feedbacks', { type: 'neutral', description: 'An older word' }, user.token);

  // usage as people make it: a guest and a signed-in user each open a board, draw, and leave
  for (const session of [undefined, { accessToken: user.token, refreshToken: '', uid: user.id }]) {
    const context = await newContext(browser, { name: session ? 'Ulla' : 'Guest', session });
    const page = await context.newPage();
    await createBoardIn(page, server);
    await startDrawing(page);
    await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Rectangle', exact: true }).click();
    await drag(page, [
      [420, 300],
      [560, 400],
    ]);
    await page.waitForTimeout(1500);
    await context.close();
  }

  // the first operator is made from the command line (the embedded database is one process's)
  await server.kill();
  const granted = await run('npm', ['run', '--silent', 'admin', '--', 'grant', operator.email], { env: server.env });
  expect(granted.stdout).toContain(operator.email);
  await backdateFeedback(String(neutral?.id ?? ''));
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
});

async function openDashboard(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/accounts/login?ret=${encodeURIComponent('/panel/dashboard')}`);
  await page.getByLabel('Username').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Scrolls the region's heading to the top and takes the screen as it is. */
async function shot(page: Page, region: string, file: string) {
  await page
    .getByRole('region', { name: region, exact: true })
    .getByRole('heading', { level: 2 })
    .first()
    .evaluate((h) => {
      // the block's top just under the sticky header
      h.closest('section')!.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -92);
    });
  await page.mouse.move(1, 1);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/dashboard-${file}.png` });
}

test('the dashboard draws every statistic block with its figures; a day filter changes one; a CSV downloads; an action toasts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = (await apiCall(server, 'POST', '/api/accounts/login', { username: operator.email, password: PASSWORD })).accessToken;
  const catalogue = (await apiCall(server, 'GET', '/api/admin/reports', undefined, token)) as CatalogueEntry[];
  const blocks = blocksOf(catalogue.filter((e): e is StatisticEntry => e.kind === 'statistic'));
  expect(blocks.length).toBeGreaterThan(5);

  await openDashboard(page);
  // every block: its heading, no error, its figures (or 'No records' where nothing was made)
  for (const { block, entries } of blocks) {
    const region = page.getByRole('region', { name: titleOf(block), exact: true });
    await expect(region.getByRole('heading', { level: 2, name: titleOf(block) })).toBeVisible();
    await expect(region.getByText('Loading…')).toHaveCount(0, { timeout: 20_000 });
    await expect(region.getByRole('alert')).toHaveCount(0);
    const drawn = region.locator('.a-stat__view');
    await expect(drawn.or(region.getByText('No records')).first()).toBeVisible();
    if (entries.some((e) => e.rows !== 'title-value'))
      // a chart is drawn (canvas) where the block has one, with its readable table beside it
      await expect(drawn.locator('canvas').or(region.getByText('No records')).first()).toBeVisible();
  }
  // what was made above shows: the people who drew, their commands, the feedback
  const engagement = page.getByRole('region', { name: 'Engagement', exact: true });
  await expect(engagement.getByRole('table', { name: /^Daily engagement/ })).toHaveCount(1);
  const commands = page.getByRole('region', { name: 'Commands', exact: true });
  await expect(commands.locator('figcaption')).toHaveText(/^Total: [1-9]/);
  await expect(commands.getByRole('table', { name: 'Commands' }).getByRole('row')).not.toHaveCount(1);
  const feedback = page.getByRole('region', { name: 'Feedback', exact: true });
  const share = (name: string) => feedback.locator('.a-legend li').filter({ hasText: name });
  await expect(share('positive')).toContainText('2 (50.0%)');
  await expect(share('neutral')).toContainText('1 (25.0%)');
  await shot(page, 'Engagement', 'engagement');
  await shot(page, 'Performance', 'blocks');
  await shot(page, 'Feedback', 'feedback');

  // the day filter: the older neutral word leaves the last 7 days, the shares change
  await feedback.getByLabel('Period').selectOption({ label: 'Last 7 days' });
  await expect(share('positive')).toContainText('2 (66.7%)');
  await expect(share('neutral')).toContainText('0 (0.0%)');
  await expect(feedback.locator('figcaption')).toHaveText('Total: 3');
  await shot(page, 'Feedback', 'feedback-7-days');
  // the block's own download holds the rows it shows, for its filters as set
  const blockDownload = page.waitForEvent('download');
  await feedback.getByRole('button', { name: 'Download the shown rows as CSV: Feedback' }).click();
  const filtered = await blockDownload;
  expect(filtered.suggestedFilename()).toMatch(/^feedback-statistics-.*Days-7.*\.csv$/);
  const filteredCsv = await fs.readFile((await filtered.path())!, 'utf8');
  expect(filteredCsv).toContain('positive,2');
  expect(filteredCsv).not.toMatch(/neutral,[1-9]/);

  // the readable table, shown on request
  await feedback.getByRole('button', { name: 'Show table: Feedback' }).click();
  await expect(feedback.getByRole('button', { name: 'Hide table: Feedback' })).toHaveAttribute('aria-expanded', 'true');
  const table = feedback.getByRole('table', { name: 'Feedback' });
  await expect(table.getByRole('row', { name: /negative/ })).toContainText('33.3%');

  await shot(page, 'Countries', 'countries');
  await shot(page, 'Commands', 'commands');

  // a statistic downloads as CSV from the reports list
  const reports = page.getByRole('region', { name: 'Reports', exact: true });
  const button = reports.getByRole('button', { name: 'Download CSV: Feedback' });
  await button.scrollIntoViewIfNeeded();
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('feedback-statistics.csv');
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('name,count');
  expect(csv).toContain('positive,2');

  // an admin action: confirmed, busy, its toast, its run in the job list
  const actions = page.getByRole('region', { name: 'Admin actions', exact: true });
  await actions.getByRole('button', { name: 'Rebuild indexes' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('rebuild indexes sent')).toBeVisible({ timeout: 30_000 });
  const jobs = actions.getByRole('table', { name: 'Jobs' });
  await expect(jobs.getByRole('row').nth(1)).toContainText(/Finished|Running/);
  await shot(page, 'Admin actions', 'actions');

  // accessibility: nothing axe can find on the screen
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
});

test('recalculate storage for one account toasts the spec’s text without asking; the keyboard reaches every filter', async ({ page }) => {
  await openDashboard(page);
  const actions = page.getByRole('region', { name: 'Admin actions', exact: true });
  await actions.getByLabel('User or workspace id').fill(operator.id);
  await actions.getByLabel('User or workspace id').press('Enter');
  await expect(page.getByText('storage has been recalculated')).toBeVisible({ timeout: 30_000 });

  // away and back: the chart library is loaded by now, and the charts draw again at once
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Feedback', exact: true }).locator('canvas').first()).toBeVisible();

  // a filter from the keyboard: focus the period select of Performance, pick the last day
  const performance = page.getByRole('region', { name: 'Performance', exact: true });
  const period = performance.getByLabel('Period');
  await period.focus();
  await expect(period).toBeFocused();
  await period.selectOption('1');
  await expect(performance.getByText('Loading…')).toHaveCount(0);
  await expect(performance.getByRole('alert')).toHaveCount(0);
});
