import './preview';
import { composeStories } from '@storybook/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOARD_MESSAGES } from '../../sdk/sync/messages';
import * as stories from '../../stories/embed.stories';

const S = composeStories(stories);

/** The board component's states (issue 5 stories), rendered headless in jsdom. */
describe('board states (embedding stories)', () => {
  it('loading: the overlay with the percent', async () => {
    render(<S.Loading headless />);
    const overlay = await screen.findByRole('status', { name: 'Loading board' });
    expect(within(overlay).getByTestId('load-percent').textContent).toBe('62%');
    expect(screen.queryByRole('toolbar', { name: 'Tools' })).toBeNull();
  });

  it('editor: board menu, undo/redo and the toolbox', async () => {
    render(<S.EditorRole headless />);
    expect(await screen.findByRole('toolbar', { name: 'Tools' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Board' })).toBeTruthy();
  });

  it('viewer: no toolbox and no undo/redo', async () => {
    render(<S.Viewer headless />);
    expect(await screen.findByRole('toolbar', { name: 'Board' })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('embedded: no log in, no new board or back in the menu; Tabula branding shown', async () => {
    render(<S.Embedded headless />);
    await screen.findByRole('toolbar', { name: 'Tools' });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    expect(within(menu).queryByText(/New board/)).toBeNull();
    expect(within(menu).queryByText(/Back to boards/)).toBeNull();
    expect(within(menu).queryByText(/Log in/)).toBeNull();
    expect(within(menu).getByText('Tabula board')).toBeTruthy();
  });

  it('white-label: embedded without Tabula branding', async () => {
    render(<S.WhiteLabel headless />);
    await screen.findByRole('toolbar', { name: 'Tools' });
    fireEvent.click(screen.getByRole('button', { name: 'Main menu' }));
    expect(within(screen.getByRole('menu', { name: 'Main menu' })).queryByText('Tabula board')).toBeNull();
  });

  it('failed to load: the message with Reload and Support', async () => {
    render(<S.FailedToLoad headless />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed to load the board' });
    expect(within(dialog).getByText(BOARD_MESSAGES.connectFailed)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Reload/ })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Support' })).toBeTruthy();
  });
});
