import './preview';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as settings from '../../stories/settings-dialog.stories';
import * as share from '../../stories/share-dialog.stories';

const Share = composeStories(share);
const Settings = composeStories(settings);

/** The board's share and settings dialogs (stories/share-dialog, stories/settings-dialog) in jsdom. */
describe('share dialog stories', () => {
  it('owner: members with (you), Owner and role selectors; invite, levels, link', async () => {
    render(<Share.Owner />);
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    const members = await within(dialog).findByRole('list', { name: 'Members' });
    expect(members.textContent).toContain('Ada Lovelace (you)');
    expect(members.textContent).toContain('Owner');
    expect(within(members).getByRole('combobox', { name: 'Role of Bo Chen' })).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail to invite')).toHaveProperty('disabled', false);
    expect((within(dialog).getByLabelText('Anyone with the link') as HTMLSelectElement).value).toBe('Viewer');
    expect((within(dialog).getByRole('textbox', { name: 'Link to the board' }) as HTMLInputElement).value).toMatch(/\/board\/story-board$/);
  });

  it('owner not signed in: the spec hints, nothing to change', async () => {
    render(<Share.GuestOwner />);
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByPlaceholderText('login to invite')).toHaveProperty('disabled', true);
    await within(dialog).findByRole('list', { name: 'Members' });
    expect(within(dialog).getByText('login to change')).toBeTruthy();
    expect(within(dialog).getByLabelText('Anyone with the link')).toHaveProperty('disabled', true);
  });
});

describe('settings dialog stories', () => {
  it('owner: background, ten colour swatches, uploads, snap and the dispose timer ("a week")', async () => {
    render(<Settings.Owner />);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const backgrounds = within(dialog).getByRole('group', { name: 'Background' });
    expect(
      within(backgrounds)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['none', 'dot', 'graph-paper', 'large-grid', 'medium-grid', 'small-grid', 'line']);
    expect(within(dialog).getByRole('group', { name: 'Background colour' }).querySelectorAll('input[type="radio"]')).toHaveLength(10);
    expect(within(dialog).getByLabelText('Uploads')).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: 'Snap to objects' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('dispose-remaining').textContent).toBe('This board will be deleted automatically in a week.');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Delete the board automatically'), { target: { value: '0' } });
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('dispose-remaining').textContent).toBe('This board is kept until you delete it.'),
    );
    await act(async () => {
      fireEvent.click(within(backgrounds).getByRole('radio', { name: 'Line' }));
    });
    expect((within(backgrounds).getByRole('radio', { name: 'Line' }) as HTMLInputElement).checked).toBe(true);
  });

  it('editor: uploads and snap only', async () => {
    render(<Settings.EditorView />);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).queryByRole('group', { name: 'Background' })).toBeNull();
    expect(within(dialog).queryByLabelText('Delete the board automatically')).toBeNull();
    expect(within(dialog).getByLabelText('Uploads')).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Snap to objects' })).toBeTruthy();
  });

  it('a client claim hides background, colour, snap and uploads; hours under a day', async () => {
    render(<Settings.AppParticipant />);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).queryByRole('group', { name: 'Background' })).toBeNull();
    expect(within(dialog).queryByLabelText('Uploads')).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: 'Snap to objects' })).toBeNull();
    expect(within(dialog).getByTestId('dispose-remaining').textContent).toBe('This board will be deleted automatically in 12 hours.');
  });
});
