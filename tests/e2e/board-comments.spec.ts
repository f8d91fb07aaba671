import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { CommentShape } from '../../shared/model';
import { inkNear } from './support/screen';
import { useServer } from './support/suite';
import { click, newContext, openBoard, pickTool, settled, shapes, shot, startBoardIn, userSession } from './board-fixtures';

/**
 * Comments with two real browsers (board.md §2, §4, §5, §6): A places a comment with the comment
 * tool and mentions B through the menu '@' opens (A's token has a client claim, which enables
 * mentions); B is notified, sees the unread thread, opens it from the comments panel and replies;
 * a single comment can be deleted only while its thread has more than one; A resolves the thread
 * and its marker disappears from both canvases.
 */
const server = useServer();

/** A session whose token also carries a client claim (board.md §6: it enables mentions). */
async function withClient(session: Awaited<ReturnType<typeof userSession>>) {
  const { signAccessToken } = await import('../../platform/core/auth');
  type Claims = Parameters<typeof signAccessToken>[1];
  const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  delete payload.iat;
  delete payload.exp;
  const accessToken = signAccessToken({ accessTokenSecret: server.env.ACCESS_TOKEN_SECRET, accessTokenTtlSeconds: 900 } as never, {
    ...(payload as unknown as Claims),
    client: 'tabula-e2e-client',
  });
  return { ...session, accessToken };
}

const markers = async (page: Page) => (await shapes(page)).filter((s): s is CommentShape => s.cmd === 'comment');
/** The screen point (relative to the canvas) of a marker's centre. */
const markerCentre = (page: Page, m: CommentShape) =>
  page.evaluate(([x, y]) => window.tabula!.editor.viewport.toScreen(x!, y!), [m.x + 16, m.y + 16]);
const box = (page: Page) => page.getByRole('dialog', { name: /Comment thread|New comment/ });
/** The board's name for a user who set none (platform/boards/members.ts userDisplayName): never anything of the e-mail. */
const memberName = (userId: string) => `Member ${createHash('sha256').update(userId).digest('hex').slice(0, 4).toUpperCase()}`;

test('A comments and mentions B; B replies; the last comment stays; A resolves and the marker goes for both', async ({ browser }) => {
  const ann = await withClient(await userSession(server, { plan: 'team' }));
  const bob = await userSession(server, { plan: 'team' });
  const annName = memberName(ann.uid);
  const bobName = memberName(bob.uid);
  const a = await (await newContext(browser, { session: ann, name: null })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { session: bob, name: null })).newPage();
  await openBoard(b, server, code);
  await expect(
    a
      .getByRole('img', { name: new RegExp(bobName) })
      .or(a.getByTitle(new RegExp(bobName)))
      .first(),
  ).toBeAttached();

  // A: the comment tool, a click on the board, the comment box
  await pickTool(a, 'Comment');
  await click(a, 520, 360);
  const aBox = box(a);
  await expect(aBox).toBeVisible();
  const input = aBox.getByRole('combobox', { name: 'Comment' });
  await expect(input).toBeFocused();
  await input.pressSequentially('Please review ');
  await expect(a.getByRole('listbox', { name: 'Mention a member' })).toBeHidden();
  await input.pressSequentially('@');
  const menu = a.getByRole('listbox', { name: 'Mention a member' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('option', { name: bobName })).toBeVisible();
  await shot(a, 'comments-mention-menu');
  await input.pressSequentially(bobName.slice(-4)); // the suffix: both names start with "Member"
  await expect(menu.getByRole('option')).toHaveCount(1);
  await input.press('Enter');
  await expect(menu).toBeHidden();
  await expect(input).toHaveValue(`Please review @${bobName} `);
  await input.pressSequentially('today');
  await input.press('Enter');
  await expect(aBox.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(1);
  await expect(aBox).toContainText(`Please review @${bobName} today`);
  // one comment: it cannot be deleted on its own
  await expect(aBox.getByRole('button', { name: /^Delete comment/ })).toHaveCount(0);
  await settled(a);
  const [marker] = await markers(a);
  expect(marker).toMatchObject({ color: 6, resolved: false });

  // B: told of the mention, sees the unread thread
  await expect
    .poll(async () => {
      const feed = await fetch(`${server.url}/api/users/notifications/feed`, {
        headers: { authorization: `Bearer ${bob.accessToken}` },
      }).then((r) => r.json());
      return (feed as { data: Array<{ type: string; message: string }> }).data.map((n) => n.type);
    })
    .toContain('comment-mention');
  await expect.poll(() => markers(b)).toHaveLength(1);
  const comments = b.getByRole('button', { name: /^Comments/ });
  await expect(comments).toHaveAccessibleName('Comments, 1 unread');
  const centre = await markerCentre(b, marker!);
  await expect.poll(() => inkNear(b, centre.x, centre.y)).toBe(true);
  await expect(b.locator('.tb-badge--marker')).toHaveText('1');
  await shot(b, 'comments-unread');

  // B: the comments panel lists the thread (the author's name truncated past 11 characters)
  await comments.click();
  const panel = b.getByRole('complementary', { name: 'Comments panel' });
  await expect(panel).toBeVisible();
  const item = panel.getByRole('button', { name: /Please review/ });
  await expect(item).toContainText(annName.length > 11 ? `${annName.slice(0, 11)}…` : annName);
  await expect(item).toContainText('1 unread');
  await shot(b, 'comments-panel');
  await item.click();
  const bBox = box(b);
  await expect(bBox).toBeVisible();
  await expect(bBox).toContainText('Please review');
  await expect(comments).toHaveAccessibleName('Comments');
  await expect(b.locator('.tb-badge--marker')).toHaveCount(0);
  const reply = bBox.getByRole('combobox', { name: 'Reply' });
  await reply.fill('Looks good');
  await reply.press('Enter');
  await expect(bBox.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(2);

  // A sees the reply in the open box; now a single comment may be deleted (A owns the board)
  await expect(aBox.getByRole('list', { name: 'Comments' })).toContainText('Looks good');
  await expect(aBox.getByRole('button', { name: /^Delete comment/ })).toHaveCount(2);
  await shot(a, 'comments-thread');
  await aBox
    .getByRole('button', { name: /^Delete comment by/ })
    .last()
    .click();
  await expect(aBox.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(1);
  await expect(aBox.getByRole('button', { name: /^Delete comment/ })).toHaveCount(0);
  await expect(bBox.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(1);
  await expect(bBox).not.toContainText('Looks good');

  // A resolves: the marker disappears for both; the thread moves to the panel's Resolved list
  await aBox.getByRole('button', { name: 'Resolve' }).click();
  await expect(aBox).toBeHidden();
  await settled(a);
  await expect.poll(async () => (await markers(b))[0]?.resolved).toBe(true);
  const aCentre = await markerCentre(a, marker!);
  await expect.poll(() => inkNear(a, aCentre.x, aCentre.y)).toBe(false);
  await expect.poll(() => inkNear(b, centre.x, centre.y)).toBe(false);
  await expect(panel.getByRole('button', { name: /Please review/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Resolved' }).click();
  await expect(panel.getByRole('button', { name: /Please review/ })).toBeVisible();
});

test('without a client claim no mention menu opens; Escape closes the box without placing a marker', async ({ browser }) => {
  const ann = await userSession(server, { plan: 'team' });
  const a = await (await newContext(browser, { session: ann, name: null })).newPage();
  await startBoardIn(a, server);
  await pickTool(a, 'Comment');
  await click(a, 400, 300);
  const input = box(a).getByRole('combobox', { name: 'Comment' });
  await input.pressSequentially('hi @');
  await expect(a.getByRole('listbox', { name: 'Mention a member' })).toBeHidden();
  await input.press('Escape');
  await expect(box(a)).toBeHidden();
  expect(await markers(a)).toHaveLength(0);
});
