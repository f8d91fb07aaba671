import { expect, test } from '@playwright/test';
import { apiCall, logIn, PASSWORD, signUp, uniqueEmail } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * The one grid keeps page, sort, quick filter and text filter in the URL (docs/backoffice.md
 * "Grids"; ui/grid/url-state.ts): an operator pages, sorts and filters the back-office's Boards
 * grid, reloads and sees the same rows and controls, and Back walks the states in reverse.
 * Thirteen boards are made through the API: twelve of a user (created in order) and, oldest, one
 * of a guest, so the list has two pages and the 'withuser' quick filter has something to leave out.
 */
let server: TestServer;
const operatorEmail = uniqueEmail('otto-grid');
const pad = (n: number) => String(n).padStart(2, '0');
const GUEST_BOARD = 'Grid board 1 of a guest';
const userBoard = (n: number) => `Grid board ${pad(n)}`;
/** boards 1..12 in creation order (oldest first) */
const oldestFirst = Array.from({ length: 12 }, (_, i) => userBoard(i + 1));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ ADMIN_EMAILS: operatorEmail });
  await apiCall(server, 'POST', '/api/accounts/users', {
    username: operatorEmail,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
  });
  await apiCall(server, 'POST', '/api/boards', { name: GUEST_BOARD, uid: `grid-guest-${Date.now()}` });
  const owner = await signUp(server, 'gwen-grid');
  for (const name of oldestFirst) await apiCall(server, 'POST', '/api/boards', { name }, owner.token);
});
test.afterAll(async () => {
  await server?.stop();
});

test('a grid keeps its page, sort and filters through a reload, and Back restores the states before', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, server, operatorEmail);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Boards', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/admin-boards$/);

  const grid = page.getByRole('table', { name: 'Boards' });
  const pager = page.getByRole('navigation', { name: 'Boards pages' });
  const search = page.getByRole('searchbox', { name: 'Search' });
  const show = page.getByRole('combobox', { name: 'Show' });
  const created = grid.getByRole('columnheader', { name: 'Created' });
  /** the names in the grid, once a page has loaded */
  const rows = async (names: string[]) => {
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    await expect(grid.locator('tbody tr td:first-child')).toHaveText(names);
  };
  const search$ = (query: string) => new RegExp(`/panel/admin-boards${query.replace(/[?+.]/g, '\\$&')}$`);

  // newest first (the default order, not in the URL): 12..3, then 2, 1 and the guest's
  const newestFirst = [...oldestFirst].reverse();
  await rows(newestFirst.slice(0, 10));
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(search$('?page=2'));
  await rows([...newestFirst.slice(10), GUEST_BOARD]);
  await page.reload();
  await rows([...newestFirst.slice(10), GUEST_BOARD]);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // sorting goes back to page 1
  await created.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(search$('?sort=createdDate'));
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
  await rows([GUEST_BOARD, ...oldestFirst.slice(0, 9)]);

  // the quick filter: boards with a registered owner
  await show.selectOption('withuser');
  await expect(page).toHaveURL(search$('?sort=createdDate&filter=withuser'));
  await rows(oldestFirst.slice(0, 10));

  // the text filter: one history entry for what was typed
  await search.fill('board 1');
  await expect(page).toHaveURL(search$('?sort=createdDate&filter=withuser&q=board+1'));
  await rows(oldestFirst.slice(9));

  // a reload shows the same rows and controls
  await page.reload();
  await rows(oldestFirst.slice(9));
  await expect(search).toHaveValue('board 1');
  await expect(show).toHaveValue('withuser');
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
  await page.screenshot({ path: 'test-results/screens/admin-grid-url.png' });

  // Back walks the states in reverse
  await page.goBack();
  await expect(page).toHaveURL(search$('?sort=createdDate&filter=withuser'));
  await rows(oldestFirst.slice(0, 10));
  await expect(search).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(search$('?sort=createdDate'));
  await rows([GUEST_BOARD, ...oldestFirst.slice(0, 9)]);
  await expect(show).toHaveValue('all');
  await page.goBack();
  await expect(page).toHaveURL(search$('?page=2'));
  await rows([...newestFirst.slice(10), GUEST_BOARD]);
  await expect(created).toHaveAttribute('aria-sort', 'descending');
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // and forward again
  await page.goForward();
  await expect(page).toHaveURL(search$('?sort=createdDate'));
  await rows([GUEST_BOARD, ...oldestFirst.slice(0, 9)]);
});
