import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { apiCall, logIn as logInAs, signUp } from './support/people';
import { startServer, type TestServer } from './support/server';

/**
 * Workspaces as a person uses them (issue 13): create one from the sidebar, rename it, set its zoom
 * limits and see a board obey them, add a font served by a font service and find it in the board's
 * font menu, turn an extension (collaborator cursors) off and see it gone from a board; invite a
 * member and manage them in the members tab. Screens are written to test-results/screens/.
 */
const FONT = fs.readFileSync(path.resolve('node_modules/storybook/assets/browser/nunito-sans-regular.woff2'));
const SHOTS = path.resolve('test-results/screens');

let server: TestServer;
let fonts: http.Server;
let smtp: TestSmtp;

/** A font service as Google Fonts' css2 answers it: a stylesheet for a known family, 400 otherwise. */
function startFontService(): Promise<string> {
  fonts = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/files/brand.woff2') return res.writeHead(200, { 'content-type': 'font/woff2' }).end(FONT);
    if (url.pathname === '/css2' && url.searchParams.get('family') === 'Brand Sans') {
      return res
        .writeHead(200, { 'content-type': 'text/css' })
        .end("@font-face { font-family: 'Brand Sans'; src: url(/files/brand.woff2) format('woff2'); }");
    }
    res.writeHead(400).end();
  });
  return new Promise((resolve) => fonts.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(fonts.address() as AddressInfo).port}`)));
}

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const fontService = await startFontService();
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    DEFAULT_PLAN: 'team',
    DEFAULT_WORKSPACES: '5',
    FETCH_PRIVATE_HOSTS: 'true',
    FONT_SERVICE_URL: `${fontService}/css2?family={family}`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  fonts?.close();
});

const post = (url: string, body: unknown, token?: string) => apiCall(server, 'POST', url, body, token);
const person = (name: string) => signUp(server, name);
const logIn = (page: Page, email: string) => logInAs(page, server, email);

async function openBoardOf(browser: Browser, email: string, code: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email);
  await page.goto(`${server.url}/board/${code}`);
  await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  return page;
}

test('create a workspace, rename it, set zoom limits and a font: a board of it obeys', async ({ page }) => {
  const olive = await person('olive');
  await logIn(page, olive.email);
  await page.getByRole('link', { name: 'Boards', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/workspace\/[0-9a-f-]{36}\/boards$/);
  await expect(page.getByRole('heading', { name: 'My workspace' })).toBeVisible();

  // the new-workspace dialog: Continue waits for a name
  await page.getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Design team');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Design team' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link', { name: 'Design team' })).toBeVisible();
  const workspaceId = /workspace\/([0-9a-f-]{36})\//.exec(page.url())![1];

  // settings: rename, zoom limits 50–200, a font by name
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Name').fill('Design studio');
  await page.getByLabel('Minimum zoom (%)').fill('50');
  await page.getByLabel('Maximum zoom (%)').fill('200');
  await page.getByRole('switch', { name: 'Dark theme' }).check();
  await page.getByRole('switch', { name: 'Boards take pictures and PDFs' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('data successfully saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Design studio' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link', { name: 'Design studio' })).toBeVisible();

  await page.getByLabel('Add a font').fill('Brand Sanz');
  await page.getByRole('button', { name: 'Add font' }).click();
  await expect(page.getByText('Font not found: Brand Sanz')).toBeVisible();
  await page.getByLabel('Add a font').fill('Brand Sans');
  await page.getByRole('button', { name: 'Add font' }).click();
  await expect(page.getByRole('list', { name: 'Workspace fonts' }).getByText('Brand Sans')).toBeVisible();
  await page.getByLabel('Add a font').fill('Brand Sans');
  await page.getByRole('button', { name: 'Add font' }).click();
  await expect(page.getByText('Font already exists')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'workspace-setting.png'), fullPage: true });

  // a board of the workspace: zoom stops at 200 % and 50 %, the font menu offers Brand Sans
  const { code } = await post('/api/boards', { workspace: workspaceId, name: 'Studio board' }, olive.token);
  await page.goto(`${server.url}/board/${code}`);
  await expect(page.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Start drawing' }).click();
  await expect(page.locator('.tb-board.tb-dark')).toBeVisible();
  const percent = page.getByTestId('zoom-percent');
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(percent).toHaveText('200%');
  for (let i = 0; i < 20; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(percent).toHaveText('50%');
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByRole('button', { name: 'Drawing style' }).click();
  await expect(page.getByRole('combobox', { name: 'Font' }).locator('option', { hasText: 'Brand Sans' })).toHaveCount(1);
  // the font itself loads from this server (no request reaches the font service from the page)
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Brand Sans"'))).toBe(true);
  // the workspace's boards take no uploads: no Upload tool
  await expect(page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Text', exact: true })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
});

test('turning the cursors extension off hides collaborators’ cursors on the workspace’s boards', async ({ browser }) => {
  const olive = await person('cursor-olive');
  const { code } = await post('/api/boards', { name: 'Cursor board' }, olive.token);
  await post(`/api/boards/${code}/sharings`, { link: 'Editor' }, olive.token);
  const ben = await person('cursor-ben');

  const a = await openBoardOf(browser, olive.email, code);
  // the owner's start screen covers a new board until they start
  await a.getByRole('button', { name: 'Start drawing' }).click();
  const b = await openBoardOf(browser, ben.email, code);
  const canvas = a.getByRole('application', { name: 'Board canvas' });
  const box = (await canvas.boundingBox())!;
  await a.mouse.move(box.x + 300, box.y + 300);
  await a.mouse.move(box.x + 340, box.y + 320, { steps: 5 });
  await expect(b.locator('.tb-cursor')).toHaveCount(1);
  await expect(b.locator('.tb-cursor__name')).toBeVisible();

  // Extensions tab: Cursors off
  const panel = await (await browser.newContext()).newPage();
  await logIn(panel, olive.email);
  await panel.goto(`${server.url}/panel/workspace/default/extensions`);
  const cursors = panel.getByRole('switch', { name: 'Cursors' });
  await expect(cursors).toBeChecked();
  await cursors.click();
  await expect(cursors).not.toBeChecked();
  await panel.screenshot({ path: path.join(SHOTS, 'workspace-extensions.png'), fullPage: true });

  await a.reload();
  await b.reload();
  await expect(a.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  await expect(b.locator('[data-phase="online"]')).toBeVisible({ timeout: 20_000 });
  await a.getByRole('button', { name: 'Start drawing' }).click();
  await a.mouse.move(box.x + 200, box.y + 200);
  await a.mouse.move(box.x + 260, box.y + 240, { steps: 8 });
  await b.waitForTimeout(500);
  await expect(b.locator('.tb-cursor')).toHaveCount(0);
});

test('members: invite by e-mail (trimmed), the invitation pending, accepted from the mail by an existing account: make admin, revoke, remove', async ({
  page,
  browser,
}) => {
  const olive = await person('team-olive');
  const milo = await person('team-milo');
  await logIn(page, olive.email);
  await page.goto(`${server.url}/panel/workspace/default/workspace-members`);
  const grid = page.getByRole('table', { name: 'Members' });
  await expect(grid.getByRole('row')).toHaveCount(2); // header + the owner
  await page.getByLabel('Email').fill(`  ${milo.email}  `);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByText(milo.email)).toBeVisible();

  // Milo, who has an account, follows the mail's link while signed in and joins
  const mail = await smtp.waitForMail(milo.email, 10_000, (m) => m.text.includes('/panel/invitation#token='));
  const link = /https?:\/\/\S+\/panel\/invitation#token=[A-Za-z0-9_%.-]+/.exec(mail.text)![0].replace(/^https?:\/\/[^/]+/, '');
  const miloPage = await (await browser.newContext()).newPage();
  await logIn(miloPage, milo.email);
  await miloPage.goto(`${server.url}${link}`);
  await expect(miloPage.getByText('You joined the workspace My workspace.')).toBeVisible();
  // two workspaces named 'My workspace' in Milo's sidebar: the other person's says whose it is
  await miloPage.goto(`${server.url}/panel/home`);
  const spaces = miloPage.getByRole('navigation', { name: 'Workspaces' });
  await expect(spaces.getByRole('link', { name: 'My workspace', exact: true })).toHaveCount(1);
  await expect(spaces.getByRole('link', { name: /^My workspace · .+/ })).toHaveCount(1);
  await miloPage.context().close();

  await page.reload();
  const row = grid.getByRole('row').filter({ hasText: milo.email });
  await expect(row).toContainText('Member');
  await expect(pending.getByText(milo.email)).toHaveCount(0);
  await page.getByRole('button', { name: `Make admin: ${milo.email}` }).click();
  await expect(row).toContainText('Admin');
  await page.getByRole('button', { name: `Revoke admin: ${milo.email}` }).click();
  await expect(row).toContainText('Member');
  await page.screenshot({ path: path.join(SHOTS, 'workspace-members.png'), fullPage: true });
  await page.getByRole('button', { name: `Remove: ${milo.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(grid.getByText(milo.email)).toHaveCount(0);
});
