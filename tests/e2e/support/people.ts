import { expect, type Page } from '@playwright/test';
import type { TestServer } from './server';

/**
 * People of the browser tests: JSON calls to a test platform, accounts made through the real
 * signup and login routes, and a person logging in through the login page (1280×800).
 */
export const PASSWORD = 'violet lantern 2041';

export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A JSON call as `token` (none: anonymous); the parsed answer, or an Error naming the route and status. */
export async function apiCall(server: TestServer, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A new account (signup, then login): its e-mail, access token and id. */
export async function signUp(server: TestServer, name: string): Promise<{ email: string; token: string; id: string }> {
  const email = uniqueEmail(name);
  await apiCall(server, 'POST', '/api/accounts/users', { username: email, password: PASSWORD, repeatPassword: PASSWORD, terms: true });
  const { accessToken, id } = await apiCall(server, 'POST', '/api/accounts/login', { username: email, password: PASSWORD });
  return { email, token: accessToken, id };
}

/** Logs in through the login page and lands on the panel's home. */
export async function logIn(page: Page, server: TestServer, email: string, password = PASSWORD): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/accounts/login`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/home$/);
}
