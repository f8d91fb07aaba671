import { expect, test, type Page } from '@playwright/test';
import { startOAuth, type TestOAuth } from '../helpers/oauth';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { startServer, type TestServer } from './support/server';

/**
 * The visitor screens against a real platform (panel.md §2, §4): signup → login → panel →
 * logout; recovery mail over real SMTP → reset → login; the ret round trip; Google popup.
 * Needs `npm run build` first (the platform serves dist/).
 */
let server: TestServer;
let smtp: TestSmtp;
let oauth: TestOAuth;

test.beforeAll(async () => {
  smtp = await startSmtp();
  oauth = await startOAuth();
  const g = oauth.config;
  server = await startServer({
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: g.googleClientId!,
    GOOGLE_CLIENT_SECRET: g.googleClientSecret!,
    GOOGLE_AUTH_URL: g.googleAuthUrl!,
    GOOGLE_TOKEN_URL: g.googleTokenUrl!,
    GOOGLE_PROFILE_URL: g.googleProfileUrl!,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await oauth?.stop();
});

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/accounts/signup`);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/accounts\/login/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/accounts\/login$/);
}

test('sign up, log in to the panel, log out', async ({ page }) => {
  const email = unique('ana');
  await page.goto(`${server.url}/accounts/signup`);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // the terms checkbox must be accepted: the server's error shows on it, in red
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse 1');
  await page.getByLabel('Repeat password').fill('correct horse 2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must accept the terms.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.locator('.t-check--invalid')).toContainText('I agree to the Terms');

  await page.getByLabel('Repeat password').fill('correct horse 1');
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // success switches to the login view with the username filled in
  await expect(page).toHaveURL(/\/accounts\/login/);
  await expect(page.getByText('Thanks for signing up! We sent an e-mail to your address. Log in to continue.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(email);

  // a wrong password: the spec's text plus a create-account hint
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/accounts/signup');

  const guestUid = await page.evaluate(() => localStorage.getItem('uid'));
  expect(guestUid).toMatch(/^[0-9a-f]{24}$/);
  await logIn(page, email, 'correct horse 1');
  await expect(page).toHaveURL(/\/panel\/home$/);
  await expect(page.getByRole('heading', { level: 2, name: /^(Good Morning|Hey), ana-/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  // the account id is now the local user id
  const session = await page.evaluate(() => ({ uid: localStorage.getItem('uid'), token: localStorage.getItem('accessToken') }));
  expect(session.token).toBeTruthy();
  expect(session.uid).not.toBe(guestUid);

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto(`${server.url}/panel/home`);
  await expect(page).toHaveURL(/\/accounts\/login\?ret=%2Fpanel%2Fhome$/);
});

test('forgot password: the mailed link resets the password, then the new one logs in', async ({ page }) => {
  const email = unique('ben');
  await signUp(page, email, 'first password 1');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText('Password recovery link sent to your email')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);

  const mail = await smtp.waitForMail(email, 10_000, (m) => m.text.includes('/accounts/reset-password/'));
  const link = /https?:\/\/[^\s"<>]+\/accounts\/reset-password\/[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Tabula Team password recovery' })).toBeVisible();
  await page.getByLabel('New Password').fill('second password 2');
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('second password 2');
  await page.getByRole('button', { name: 'Save' }).click();
  // the spec's landing: the default workspace's boards (the panel then names the workspace's id in the address)
  await expect(page).toHaveURL(/\/panel\/workspace\/[\w-]+\/boards$/);
  await expect(page.getByRole('heading', { name: /All boards/ })).toBeVisible();
  // signed in by the reset, as a person sees it: the panel's profile menu names the account.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.keyboard.press('Escape');

  // the link is spent: using it again shows the code error under the form
  await logOut(page);
  await page.goto(link!);
  await page.getByLabel('New Password').fill('third password 3');
  await page.getByLabel('Confirm Password').fill('third password 3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The recovery link is invalid or has expired.')).toBeVisible();

  await page.goto(`${server.url}/accounts/login`);
  await logIn(page, email, 'first password 1');
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await logIn(page, email, 'second password 2');
  await expect(page).toHaveURL(/\/panel\/home$/);
});

test('a guarded page sends to login with ret, and login returns there', async ({ page }) => {
  const email = unique('cyd');
  await signUp(page, email, 'cyd password 1');
  await page.goto(`${server.url}/panel/profile-setting/details`);
  await expect(page).toHaveURL(`${server.url}/accounts/login?ret=%2Fpanel%2Fprofile-setting%2Fdetails`);
  // switching to signup and back keeps ret
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/accounts\/signup\?ret=%2Fpanel%2Fprofile-setting%2Fdetails$/);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/accounts\/login\?ret=%2Fpanel%2Fprofile-setting%2Fdetails$/);
  await logIn(page, email, 'cyd password 1');
  await expect(page).toHaveURL(`${server.url}/panel/profile-setting/details`);
  await expect(page.getByLabel('Display name')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Setting' })).toBeVisible();

  // the offer notice for a subscription return address
  await logOut(page);
  await page.goto(`${server.url}/accounts/login?ret=%2Fpanel%2Fsubscription`);
  await expect(page.getByText('Log in or sign up to claim your offer.')).toBeVisible();
  await page.goto(`${server.url}/accounts/signup?ret=%2Finvitations%2Fauthorize-partner`);
  await expect(page.getByText('Log in or sign up to authorize your partner.')).toBeVisible();
});

test('sign in with Google through the popup', async ({ page }) => {
  oauth.user = { sub: `google-${Date.now()}`, email: unique('gina'), email_verified: true, name: 'Gina Google' };
  await page.goto(`${server.url}/accounts/login`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close');
  await expect(page).toHaveURL(/\/panel\/home$/);
  await expect(page.getByRole('heading', { level: 2, name: /^(Good Morning|Hey), Gina Google$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Gina Google');
});

test('a visitor at /panel/forgot-password gets the forgot-password screen, not the signed-in shell', async ({ page }) => {
  await page.goto(`${server.url}/panel/forgot-password`);
  await expect(page).toHaveURL(/\/accounts\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText('Not found')).toHaveCount(0);
});
