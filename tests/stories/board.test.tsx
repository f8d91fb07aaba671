import './preview';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '../../sdk/editor/editor';
import { BOARD_MESSAGES } from '../../sdk/sync/messages';
import * as stories from '../../stories/board.stories';

const S = composeStories(stories);

/** The story's editor (the story makes it inside an effect): the last one a story loaded. */
function storyEditor(): () => Editor {
  const load = vi.spyOn(Editor.prototype, 'load');
  return () => {
    const editor = load.mock.contexts.at(-1) as Editor | undefined;
    if (!editor) throw new Error('the story made no editor');
    return editor;
  };
}
afterEach(() => vi.restoreAllMocks());

/** The board screen's states (stories/board.stories.tsx) rendered headless in jsdom. */
describe('board screen stories', () => {
  it('loading: the overlay shows the percent and a progress bar', async () => {
    render(<S.Loading headless />);
    const overlay = await screen.findByRole('status', { name: 'Loading board' });
    expect(within(overlay).getByTestId('load-percent').textContent).toBe('47%');
    expect(within(overlay).getByRole('progressbar', { name: 'Loading progress' }).getAttribute('aria-valuenow')).toBe('47');
    expect(screen.queryByRole('toolbar', { name: 'Tools' })).toBeNull();
  });

  it('editor: toolbox with every drawing tool, undo/redo, zoom bar and the property menu of the selection', async () => {
    render(<S.EditorWithSelection headless />);
    const tools = await screen.findByRole('toolbar', { name: 'Tools' });
    for (const name of [
      'Select',
      'Pen',
      'Eraser',
      'Line',
      'Arrow',
      'Rectangle',
      'Filled rectangle',
      'Circle',
      'Filled circle',
      'Text',
      'Sticky note',
    ]) {
      expect(within(tools).getByRole('button', { name })).toBeTruthy();
    }
    // the highlighter is a team-plan tool: not offered without the policy
    expect(within(tools).queryByRole('button', { name: 'Highlighter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Board name' })).toHaveProperty('value', 'Sprint planning');
    expect(screen.getByTestId('zoom-percent').textContent).toBe('100%');
    const menu = screen.getByRole('toolbar', { name: 'Selection' });
    for (const name of ['Colour', 'Line width and opacity', 'Bring to front', 'Send back', 'Duplicate', 'Delete']) {
      expect(within(menu).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('editor: picking a tool and a style from the toolbox', async () => {
    render(<S.EditorWithSelection headless />);
    const tools = await screen.findByRole('toolbar', { name: 'Tools' });
    fireEvent.click(within(tools).getByRole('button', { name: 'Rectangle' }));
    expect(within(tools).getByRole('button', { name: 'Rectangle' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(tools).getByRole('button', { name: 'Drawing style' }));
    fireEvent.click(screen.getByRole('button', { name: 'Colour #ff0000' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Width' }), { target: { value: '7' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Opacity' }), { target: { value: '4' } });
    expect(screen.getByRole('button', { name: 'Colour #ff0000' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('slider', { name: 'Width' }) as HTMLInputElement).value).toBe('7');
    expect((screen.getByRole('slider', { name: 'Opacity' }) as HTMLInputElement).value).toBe('4');
  });

  it('editor: the zoom menu zooms in, to 100 % and out', async () => {
    render(<S.EditorWithSelection headless />);
    await screen.findByRole('toolbar', { name: 'Tools' });
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number(screen.getByTestId('zoom-percent').textContent!.replace('%', ''))).toBeGreaterThan(100);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom menu' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: /Zoom to 100%/ }));
    });
    expect(screen.getByTestId('zoom-percent').textContent).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(Number(screen.getByTestId('zoom-percent').textContent!.replace('%', ''))).toBeLessThan(100);
  });

  it('text selected: font and size change the text shape', async () => {
    const editor = storyEditor();
    render(<S.TextSelected headless />);
    const menu = await screen.findByRole('toolbar', { name: 'Selection' });
    const text = () =>
      editor()
        .getShapes()
        .find((s) => s.id === 'text-1') as { font: string; size: number };
    expect(text()).toMatchObject({ font: 'Open Sans', size: 30 });
    fireEvent.change(within(menu).getByRole('combobox', { name: 'Font' }), { target: { value: 'Georgia' } });
    fireEvent.change(within(menu).getByRole('combobox', { name: 'Font size' }), { target: { value: '50' } });
    // the shape itself changed (not only the menu's own controls)
    expect(text()).toMatchObject({ font: 'Georgia', size: 50 });
    expect((within(menu).getByRole('combobox', { name: 'Font' }) as HTMLSelectElement).value).toBe('Georgia');
    expect((within(menu).getByRole('combobox', { name: 'Font size' }) as HTMLSelectElement).value).toBe('50');
  });

  it('sticky note selected: sticky colour and size', async () => {
    const editor = storyEditor();
    render(<S.StickySelected headless />);
    const menu = await screen.findByRole('toolbar', { name: 'Selection' });
    const note = () =>
      editor()
        .getShapes()
        .find((s) => s.id === 'note-1') as { size: string; color: string; w: number };
    const before = note();
    expect(before).toMatchObject({ size: 'M', color: '#feff9c' });
    expect(within(menu).queryByRole('combobox', { name: 'Font' })).toBeNull();
    fireEvent.change(within(menu).getByRole('combobox', { name: 'Sticky size' }), { target: { value: 'L' } });
    expect(note().size).toBe('L');
    expect(note().w).toBeGreaterThan(before.w);
    expect((within(menu).getByRole('combobox', { name: 'Sticky size' }) as HTMLSelectElement).value).toBe('L');
    fireEvent.click(within(menu).getByRole('button', { name: 'Sticky colour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sticky colour blue' }));
    expect(screen.getByRole('button', { name: 'Sticky colour blue' }).getAttribute('aria-pressed')).toBe('true');
    expect(note().color).not.toBe(before.color);
  });

  it('board name: a rename the server does not confirm is reverted', async () => {
    render(<S.EditorWithSelection headless />);
    const name = (await screen.findByRole('textbox', { name: 'Board name' })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Renamed' } });
    await act(async () => {
      fireEvent.blur(name);
    });
    // the story's session is not connected: the hub call fails and the old name comes back
    expect(name.value).toBe('Sprint planning');
  });

  it('viewer: no toolbox, no undo/redo, a read-only name', async () => {
    render(<S.Viewer headless />);
    expect(await screen.findByRole('toolbar', { name: 'Board' })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Board name' }).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pan' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('failed to load: the reason with Reload and Support', async () => {
    render(<S.FailedToLoad headless />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed to load the board' });
    expect(within(dialog).getByText(BOARD_MESSAGES.connectFailed)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Reload/ })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Support' })).toBeTruthy();
  });

  it('not found: Home and New Board', async () => {
    render(<S.NotFound headless />);
    const dialog = await screen.findByRole('alertdialog', { name: BOARD_MESSAGES.boardNotFound });
    expect(within(dialog).getByRole('link', { name: 'New Board' }).getAttribute('href')).toBe('http://localhost/board/new');
  });

  it('guest start screen asks a display name', async () => {
    render(<S.GuestStart headless />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    const join = within(dialog).getByRole('button', { name: 'Join board' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Bea' } });
    expect(join.disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
  });

  it('owner start screen: start drawing picks the pen', async () => {
    render(<S.OwnerStart headless />);
    const dialog = await screen.findByRole('dialog', { name: 'Start your board' });
    expect(within(dialog).getByRole('button', { name: 'Background: Graph paper' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start drawing' }));
    expect(screen.queryByRole('dialog', { name: 'Start your board' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pen' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('owner start screen under a client claim: no background settings', async () => {
    render(<S.OwnerStartClient headless />);
    const dialog = await screen.findByRole('dialog', { name: 'Start your board' });
    expect(within(dialog).queryByRole('group', { name: 'Backgrounds' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Start drawing' })).toBeTruthy();
  });

  it('reconnecting: the board stays and the warning shows', async () => {
    const { container } = render(<S.Reconnecting headless />);
    // the board's own toast stack (Storybook's preview adds the app-level one too)
    const board = container.querySelector('.tb-board') as HTMLElement;
    expect(await within(board).findByText(BOARD_MESSAGES.reconnecting)).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Tools' })).toBeTruthy();
  });

  it('members: at most five avatars, latest first, plus the count', async () => {
    render(<S.Crowded headless />);
    const avatars = await screen.findByTestId('online-avatars');
    expect(avatars.children).toHaveLength(5);
    expect(avatars.children[0]!.getAttribute('title')).toBe('Ada Lovelace (you)');
    expect(screen.getByTestId('online-count').textContent).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'Online members (8)' }));
    const list = screen.getByRole('menu', { name: 'Online members (8)' });
    fireEvent.change(within(list).getByLabelText('Filter members'), { target: { value: 'hal' } });
    expect(within(list).getByText('Hal Jordan')).toBeTruthy();
    expect(within(list).queryByText('Bo Chen')).toBeNull();
  });
});
