import { expect, test, type Page } from '@playwright/test';
import { useServer } from './support/suite';
import { newContext, openBoard, shot, startBoardIn, userSession } from './board-fixtures';

/**
 * The chat box with two real browsers (board.md §2, §4, §5, §9): messages both ways, the unread
 * indicator while the box is closed, Enter sends, an empty message is not sent, 12-hour times,
 * and the history after a reload (GET …/messages).
 */
const server = useServer();

const chatButton = (page: Page) => page.getByRole('button', { name: /^Chat/ });
const chatBox = (page: Page) => page.getByRole('region', { name: 'Chat' });
const lines = (page: Page) => chatBox(page).locator('article');
const TIME = /\b(1[0-2]|[1-9]):[0-5]\d (am|pm)\b/;

test('two members chat both ways, with the unread indicator and the history after a reload', async ({ browser }) => {
  const owner = await userSession(server);
  const a = await (await newContext(browser, { session: owner, name: 'Ann' })).newPage();
  const code = await startBoardIn(a, server);
  const b = await (await newContext(browser, { name: 'Bea Guest' })).newPage();
  await openBoard(b, server, code);

  // A opens the chat and sends with Enter
  await chatButton(a).click();
  await expect(chatBox(a)).toBeVisible();
  const input = chatBox(a).getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  await input.fill('Hello from Ann');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const mine = lines(a).filter({ hasText: 'Hello from Ann' });
  await expect(mine).toContainText('You');
  await expect(mine.locator('time')).toHaveText(TIME);

  // B's chat is closed: the button shows the unread indicator
  await expect(chatButton(b)).toHaveAccessibleName('Chat, 1 unread');
  await shot(b, 'chat-unread');
  await chatButton(b).click();
  await expect(chatButton(b)).toHaveAccessibleName('Chat');
  const theirs = lines(b).filter({ hasText: 'Hello from Ann' });
  await expect(theirs).toContainText('Ann');
  await expect(theirs.locator('time')).toHaveText(TIME);

  // an empty (whitespace only) message is not sent
  const bInput = chatBox(b).getByRole('textbox', { name: 'Message' });
  await bInput.fill('   ');
  await bInput.press('Enter');
  await expect(chatBox(b).getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(lines(b)).toHaveCount(1);

  // B answers; A's open box shows it at once
  await bInput.fill('  Hi Ann!  ');
  await bInput.press('Enter');
  await expect(lines(b).last()).toContainText('Hi Ann!');
  await expect(lines(b).last().locator('time')).toHaveText(TIME);
  await expect(lines(a).filter({ hasText: 'Hi Ann!' })).toContainText('Bea Guest');
  await expect(chatButton(a)).toHaveAccessibleName('Chat');
  await shot(a, 'chat-open');

  // the history after a reload, oldest first
  await b.reload();
  await expect.poll(() => b.evaluate(() => window.tabula?.sync.state$.value.phase)).toBe('online');
  await chatButton(b).click();
  await expect(lines(b)).toHaveText([/Hello from Ann/, /Hi Ann!/]);
  await expect(lines(b).last()).toContainText('You');

  // Escape closes the box and gives the focus back to its button
  await chatBox(b).getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(chatBox(b)).toBeHidden();
  await expect(chatButton(b)).toBeFocused();
});
