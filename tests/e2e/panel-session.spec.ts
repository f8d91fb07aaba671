import { expect, test, type Page } from '@playwright/test';
import { useServer } from './support/suite';

/**
 * The HTTP layer's session rules in the browser (panel.md §4, §7, §8), on a platform whose
 * access tokens live 3 s with no clock-skew leeway (so a test waits ~3 s for its token to expire,
 * not 7): an expired token is refreshed once and the call retried; when the refresh fails the
 * user lands on the login page with ret. And the guest's boards are merged into the account at login.
 * (1 s was too short on a loaded machine: the retried call could arrive after its fresh token
 * had expired too, and the second refusal sent the user to log in.)
 */
const server = useServer({ ACCESS_TOKEN_TTL: '3', ACCESS_TOKEN_LEEWAY_SECONDS: '0' });

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
/** Waits until the page's stored access token is past its expiry (a condition, not a fixed sleep). */
async function untilTokenExpired(page: Page): Promise<void> {
  const exp = await page.evaluate(
    () => JSON.parse(atob(localStorage.getItem('accessToken')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).exp as number,
  );
  await expect.poll(() => Date.now() / 1000 > exp + 0.2, { timeout: 10_000, intervals: [100] }).toBe(true);
}

async function signUpAndLogIn(page: Page, ret?: string): Promise<string> {
  const email = unique('sam');
  const password = 'session password 1';
  const res = await fetch(`${server.url}/api/accounts/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
  });
  expect(res.status).toBe(201);
  await page.goto(`${server.url}/accounts/login${ret ? `?ret=${encodeURIComponent(ret)}` : ''}`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ret ?? '/panel/home'}$`));
  // the shell's own first calls (home data, workspaces, the bell) are done before a test starts the clock
  await page.waitForLoadState('networkidle');
  return email;
}

test('an expired access token is refreshed once and the call retried', async ({ page }) => {
  const email = await signUpAndLogIn(page);
  const before = await page.evaluate(() => localStorage.getItem('accessToken'));
  // listened for before the token expires: a call of the shell's own (the bell) may be the first
  // to find it expired and refresh it, a moment before the click
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/accounts/refresh')) refreshes.push(r.status());
  });
  await untilTokenExpired(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => refreshes[0]).toBe(200);
  await expect(page).toHaveURL(/\/panel\/profile-setting\/details$/);
  await expect(page.getByLabel('Display name')).toBeVisible();
  await page.getByLabel('Display name').fill('Sam Session');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  const after = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(after).not.toBe(before);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  // no refresh was refused (each token lives 3 s here: a slow run may refresh again, never fail)
  expect(refreshes.every((status) => status === 200)).toBe(true);
});

test('when the refresh fails the user is sent to log in, coming back to the page afterwards', async ({ page }) => {
  await signUpAndLogIn(page);
  // the session ends elsewhere (its refresh token revoked)
  await page.evaluate(async () => {
    await fetch('/api/accounts/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: localStorage.getItem('refreshToken') }),
    });
  });
  await untilTokenExpired(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/accounts\/login\?ret=%2Fpanel%2Fprofile-setting%2Fdetails$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test("a guest's boards are merged into the account at login", async ({ page }) => {
  await page.goto(`${server.url}/accounts/login`);
  const guest = await page.evaluate(async () => {
    const uid = localStorage.getItem('uid')!;
    const res = await fetch('/api/boards', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Guest sketch', Uid: uid }),
    });
    return { uid, status: res.status, board: (await res.json()) as { id: string; code: string } };
  });
  expect(guest.status).toBe(200);
  const migrated = page.waitForResponse((r) => /\/api\/users\/migrate\/?$/.test(r.url()));
  await signUpAndLogIn(page);
  const answer = await migrated;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ boards: 1 });
  // the board is now the account's: only its owner may delete it. This file's tokens live 3 s, so
  // the call takes a fresh session first (and once more if that one ran out on the way)
  const status = await page.evaluate(async (id) => {
    const fresh = async () => {
      const res = await fetch('/api/accounts/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: localStorage.getItem('refreshToken'), accessToken: localStorage.getItem('accessToken') }),
      });
      const tokens = (await res.json()) as { accessToken: string; refreshToken: string };
      localStorage.setItem('accessToken', tokens.accessToken);
      localStorage.setItem('refreshToken', tokens.refreshToken);
      return tokens.accessToken;
    };
    const remove = async (token: string) =>
      fetch('/api/boards', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id, Uid: localStorage.getItem('uid') }),
      });
    let res = await remove(await fresh());
    if (res.status === 401 && res.headers.has('token-expired')) res = await remove(await fresh());
    return res.status;
  }, guest.board.id);
  expect(status).toBe(204);
});
