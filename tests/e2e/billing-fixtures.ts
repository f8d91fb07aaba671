import { expect, type Page } from '@playwright/test';

/**
 * What the billing specs share: people signed up and logged in over the API and the login
 * screen, a fact of the subscription page, and the board's toolbox (the highlighter is a
 * team-plan tool, sdk/actions/tools.ts TOOL_POLICY). `billingPeople(() => server.url)` binds
 * them to a spec's server (each takes another `base` where a spec runs a second one).
 */
export const BILLING_PASSWORD = 'billing password 1';

export const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The value shown next to `label` in the subscription facts. */
export const fact = (page: Page, label: string) =>
  page
    .locator('.p-bill__facts div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

export function billingPeople(serverUrl: () => string) {
  async function post(url: string, body: unknown, token?: string, base = serverUrl()): Promise<any> {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** A new account, signed up and logged in over the API. */
  async function person(email: string, base = serverUrl()): Promise<{ email: string; token: string }> {
    await post(
      '/api/accounts/users',
      { username: email, password: BILLING_PASSWORD, repeatPassword: BILLING_PASSWORD, terms: true },
      undefined,
      base,
    );
    const { accessToken } = await post('/api/accounts/login', { username: email, password: BILLING_PASSWORD }, undefined, base);
    return { email, token: accessToken };
  }

  /** Logs in on the login screen at 1280×800 and lands on the panel. */
  async function logIn(page: Page, email: string, base = serverUrl()) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/accounts/login`);
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(BILLING_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/panel\/home$/);
  }

  /** Opens a board (past the owner's start screen) and returns its toolbox. */
  async function toolsOnBoard(page: Page, code: string) {
    await page.goto(`${serverUrl()}/board/${code}`);
    await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
    const start = page.getByRole('button', { name: 'Start drawing' });
    if (await start.isVisible()) await start.click();
    const tools = page.getByRole('toolbar', { name: 'Tools' });
    await expect(tools.getByRole('button', { name: 'Pen', exact: true })).toBeVisible();
    return tools;
  }

  return { post, person, logIn, toolsOnBoard };
}
