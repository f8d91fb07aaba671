import { expect, test, type Page } from '@playwright/test';
import { useServer } from './support/suite';

/**
 * Issue 9, finding 7: the return address after login is an open redirect.
 * /accounts/login?ret=%2F%09%2Fevil.example%2Fx passed a "starts with / but not //" check, and
 * the browser, which strips tabs and newlines from URLs, went to http://evil.example/x.
 * Now ret is resolved by the browser's own URL parser against the page's origin and only a
 * same-origin result is followed (panel/ret.ts); anything else lands on the default, /panel.
 *
 * evil.example is answered by the test itself (page.route), so a redirect that escaped would be
 * seen as a request to it and as the page's URL; nothing leaves the machine.
 */
const server = useServer();

const email = `ret-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const password = 'redirect tester 7';

test.beforeAll(async () => {
  const res = await fetch(`${server.url}/api/accounts/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password, repeatPassword: password, terms: true }),
  });
  expect(res.status).toBe(201);
});

/** Logs in on /accounts/login with `rawQuery` as the query string; answers the hosts the page asked for on evil.example. */
async function logInWith(page: Page, rawQuery: string): Promise<{ evilRequests: string[]; dialogs: string[] }> {
  const evilRequests: string[] = [];
  const dialogs: string[] = [];
  // by host: the login page's own URL names evil.example in its query
  await page.route(
    (url) => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example'),
    (route) => {
      evilRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>evil</title><p>evil</p>' });
    },
  );
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server.url}/accounts/login?${rawQuery}`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  return { evilRequests, dialogs };
}

const hostile: Array<[string, string]> = [
  ["the issue's tab-stripped path /%09/evil.example/x", 'ret=%2F%09%2Fevil.example%2Fx'],
  ['a newline-stripped path /%0A/evil.example/x', 'ret=%2F%0A%2Fevil.example%2Fx'],
  ['a protocol-relative //evil.example', `ret=${encodeURIComponent('//evil.example/x')}`],
  ['a backslash /\\evil.example', `ret=${encodeURIComponent('/\\evil.example/x')}`],
  ['an absolute https://evil.example', `ret=${encodeURIComponent('https://evil.example/x')}`],
  ['a scheme with a tab inside (ht%09tps://)', 'ret=ht%09tps%3A%2F%2Fevil.example%2Fx'],
  ['a javascript: URL', `ret=${encodeURIComponent('javascript:alert(document.domain)')}`],
  ['a javascript: URL behind a tab', 'ret=java%09script%3Aalert(1)'],
];

for (const [name, query] of hostile) {
  test(`ret as ${name} lands on the panel, never elsewhere`, async ({ page }) => {
    const { evilRequests, dialogs } = await logInWith(page, query);
    // /panel is the default return (panel.md §9); the panel shows its home there
    await expect(page).toHaveURL(`${server.url}/panel/home`);
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(evilRequests).toEqual([]);
    expect(dialogs).toEqual([]);
  });
}

test('a same-origin ret is still followed, query and hash kept', async ({ page }) => {
  const { evilRequests } = await logInWith(page, `ret=${encodeURIComponent('/panel/profile-setting/details?tab=1#top')}`);
  await expect(page).toHaveURL(`${server.url}/panel/profile-setting/details?tab=1#top`);
  expect(evilRequests).toEqual([]);
});

test('a same-origin absolute ret is reduced to its path', async ({ page }) => {
  await logInWith(page, `ret=${encodeURIComponent(`${server.url}/panel/developers`)}`);
  await expect(page).toHaveURL(`${server.url}/panel/developers`);
});
