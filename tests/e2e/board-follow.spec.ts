import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { HubClient } from '../helpers/hub';
import { api, canvasOrigin, newContext, openBoard, shot, startBoardIn, userSession } from './board-fixtures';
import { useServer } from './support/suite';

/**
 * Follow mode, grab attention and the online-members menu (board.md §2, §4 "Follow mode", §6,
 * §8 'Cross-following is not allowed!', §9 at most 5 online shown) between real browsers: B follows
 * A from the members menu and B's view tracks A's pan and zoom; A cannot follow B back; B's own
 * wheel ends the follow; the owner's Grab attention brings B's view to A's; the menu lists at most
 * 5 members, latest first, and its filter finds the others.
 */
const server = useServer();

type View = { tx: number; ty: number; scale: number };
const view = (page: Page) => page.evaluate(() => ({ ...window.tabula!.editor.viewport.state }));
/** How far apart two views are (pixels of offset plus a scaled zoom difference). */
const apart = (a: View, b: View) => Math.abs(a.tx - b.tx) + Math.abs(a.ty - b.ty) + 1000 * Math.abs(a.scale - b.scale);

/** Pans with a real middle-button drag on the canvas. */
async function pan(page: Page, dx: number, dy: number) {
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + 640, o.y + 420);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(o.x + 640 + dx, o.y + 420 + dy, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
}

async function wheel(page: Page, deltaY: number) {
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + 700, o.y + 400);
  await page.mouse.wheel(0, deltaY);
}

const membersMenu = (page: Page) => page.getByRole('menu', { name: /Online members/ });
async function openMembers(page: Page) {
  await page.getByRole('button', { name: /Online members/ }).click();
  await expect(membersMenu(page)).toBeVisible();
}

test('B follows A: B’s view tracks A’s pan and zoom, cross-following is refused, B’s wheel unfollows', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Ben' })).newPage();
  await openBoard(b, server, code);
  await expect(b.getByTestId('online-count')).toHaveText('2');

  // B follows the owner from the members menu
  await openMembers(b);
  const ownerRow = membersMenu(b)
    .getByRole('listitem')
    .filter({ hasNot: b.getByText('(you)') });
  await ownerRow.getByRole('button', { name: /^Follow / }).click();
  await expect(b.getByTestId('following-indicator')).toContainText('Following');
  await expect(a.getByTestId('followers-indicator')).toHaveText('1 follower');
  // A's screen reader hears it (sdk/a11y/announcer.ts)
  await expect(a.getByTestId('board-announcer')).toHaveText(/is following you/);

  // A pans and zooms with the mouse: B's view follows
  await pan(a, -300, -120);
  await expect.poll(async () => apart(await view(a), await view(b)), { timeout: 10_000 }).toBeLessThan(2);
  const before = await view(b);
  await wheel(a, -200);
  await expect.poll(async () => (await view(a)).scale).toBeGreaterThan(before.scale);
  await expect.poll(async () => apart(await view(a), await view(b)), { timeout: 10_000 }).toBeLessThan(2);
  await shot(b, 'board-follow-b-following');

  // A cannot follow B back
  await openMembers(a);
  await membersMenu(a).getByRole('button', { name: 'Follow Ben' }).click();
  await expect(a.getByText('Cross-following is not allowed!')).toBeVisible();
  await expect(a.getByTestId('following-indicator')).toHaveCount(0);
  await a.keyboard.press('Escape');

  // B's own wheel ends the follow, for both
  await wheel(b, 150);
  await expect(b.getByTestId('following-indicator')).toHaveCount(0);
  await expect(a.getByTestId('followers-indicator')).toHaveCount(0);
  await expect(a.getByTestId('board-announcer')).toHaveText(/stopped following you/);
  const own = await view(b);
  await pan(a, 250, 250);
  await expect.poll(async () => apart(await view(a), own)).toBeGreaterThan(100);
  // a later pan of A's reaches nobody: B stays where B zoomed
  expect(apart(await view(b), own)).toBeLessThan(0.5);

  // following again and stopping from the indicator
  await openMembers(b);
  await membersMenu(b)
    .getByRole('listitem')
    .filter({ hasNot: b.getByText('(you)') })
    .getByRole('button', { name: /^Follow / })
    .click();
  await expect(a.getByTestId('followers-indicator')).toHaveText('1 follower');
  await expect.poll(async () => apart(await view(a), await view(b)), { timeout: 10_000 }).toBeLessThan(2);
  await b.getByRole('button', { name: /^Stop following/ }).click();
  await expect(a.getByTestId('followers-indicator')).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test('grab attention brings everyone’s view to the owner’s', async ({ browser }) => {
  const owner = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Bea' })).newPage();
  await openBoard(b, server, code);
  // a guest without the role sees no attention button
  await expect(b.getByRole('button', { name: 'Grab attention' })).toHaveCount(0);

  await pan(a, 400, -200);
  await wheel(a, 200);
  const target = await view(a);
  expect(apart(target, await view(b))).toBeGreaterThan(100);
  await a.getByRole('button', { name: 'Grab attention' }).click();
  await expect(b.getByText(/brought everyone to their view/)).toBeVisible();
  await expect.poll(async () => apart(await view(a), await view(b)), { timeout: 10_000 }).toBeLessThan(2);
  await a.context().close();
  await b.context().close();
});

test('the members menu lists at most 5, latest first, filters by name, and the owner can change a role', async ({ browser }) => {
  // the owner's e-mail has no 'gu' (the owner's filter matches e-mails too; a random one sometimes held it)
  const owner = await userSession(server, { plan: 'team', email: `owner-${randomBytes(6).toString('hex')}@example.com` });
  const a = await (await newContext(browser, { session: owner })).newPage();
  const code = await startBoardIn(a, server);
  // six guests join over the hub (lighter than six browsers), one after the other
  const names = ['Gus', 'Hana', 'Ivo', 'Jules', 'Kim', 'Lea'];
  const guests: HubClient[] = [];
  for (const name of names) {
    const c = await HubClient.connect(server.url);
    await c.call('joinBoard', null, code, null, { uid: randomBytes(12).toString('hex'), name });
    guests.push(c);
    await expect(a.getByTestId('online-count')).toHaveText(String(guests.length + 1));
  }
  await expect(a.getByTestId('online-avatars').locator('.tb-avatar')).toHaveCount(5);

  await openMembers(a);
  const rows = membersMenu(a).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  // latest first: the last guest to join heads the list
  await expect(rows.first()).toContainText('Lea');
  await expect(membersMenu(a)).toContainText('2 more: type a name to find them');
  await shot(a, 'board-follow-members-menu');

  await membersMenu(a).getByLabel('Filter members').fill('gu');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Gus');
  // the signed-in owner sees each member's role and a Follow button
  await expect(rows.first().getByRole('button', { name: 'Follow Gus' })).toBeVisible();
  const role = rows.first().getByLabel('Role of Gus');
  await expect(role).toBeVisible();
  // the link level (Can edit) outranks lower roles: they are offered disabled, with why (issue 34 item 6)
  await expect(role.locator('option[value="Viewer"]')).toBeDisabled();
  await expect(rows.first()).toContainText('Everyone with the link can edit: lower the link level first');
  // with the link level lowered first (anyone with the link: Viewer), the menu (opened again) sets Gus's role
  await a.getByRole('button', { name: /Online members/ }).click();
  await expect(membersMenu(a)).toHaveCount(0);
  await api(server, 'POST', `/api/boards/${code}/sharings`, { token: owner.accessToken }, { link: 'Viewer' });
  await openMembers(a);
  await membersMenu(a).getByLabel('Filter members').fill('gu');
  await expect(role).toHaveValue('Viewer');
  await role.selectOption('Commenter');
  await expect(role).toHaveValue('Commenter');
  await expect
    .poll(() => guests[0]!.received<{ role?: string }>('onRoleChanged').map((e) => e.role), { timeout: 10_000 })
    .toContain('Commenter');

  await membersMenu(a).getByLabel('Filter members').fill('nobody');
  await expect(membersMenu(a)).toContainText('No members match');
  for (const c of guests) await c.close();
  await a.context().close();
});
