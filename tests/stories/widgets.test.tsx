import './preview';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as controlStories from '../../stories/ui/controls.stories';
import * as dialogStories from '../../stories/ui/dialogs.stories';
import * as formStories from '../../stories/ui/form.stories';
import * as toastStories from '../../stories/ui/toast.stories';
import { toast, TOAST_TIMEOUT_MS } from '../../ui';

const Toasts = composeStories(toastStories);
const Dialogs = composeStories(dialogStories);
const Forms = composeStories(formStories);
const Controls = composeStories(controlStories);

describe('toasts', () => {
  it('shows each type with its text', async () => {
    render(<Toasts.Types />);
    expect(await screen.findByText('data successfully saved.')).toBeTruthy();
    const error = screen.getByText('Something went wrong! Our team has been informed.').closest('.t-toast')!;
    expect(error.className).toContain('t-toast--error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Your session is about to expire.').closest('.t-toast')!.className).toContain('t-toast--warning');
  });

  it('keeps at most 4, without duplicates, the oldest making room', async () => {
    render(<Toasts.LimitAndDuplicates />);
    await screen.findByText('Fifth');
    const texts = Array.from(document.querySelectorAll('.t-toast__text')).map((n) => n.textContent);
    expect(texts).toEqual(['Second', 'Third', 'Fourth', 'Fifth']);
  });

  it('disappears after 4 s unless persistent; actions run and dismiss', async () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      render(<Toasts.PersistentWithActions />);
      act(() => {
        toast.info('Short-lived');
        toast.error('The board could not be saved.', { persistent: true, actions: [{ label: 'Reload', onClick: reload }] });
      });
      expect(screen.getByText('Short-lived')).toBeTruthy();
      act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS + 10));
      expect(screen.queryByText('Short-lived')).toBeNull();
      // the persistent toasts are still there: the story's with Reload and Retry, and this one
      expect(screen.getByText('Changes not saved due to network error.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
      const ours = screen.getByText('The board could not be saved.').closest('.t-toast') as HTMLElement;
      // its action runs its handler, once, and dismisses that toast only
      fireEvent.click(within(ours).getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(screen.queryByText('The board could not be saved.')).toBeNull();
      expect(screen.getByText('Changes not saved due to network error.')).toBeTruthy();
      // the story's Reload dismisses the story's toast
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(screen.queryByText('Changes not saved due to network error.')).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dialogs', () => {
  it('modal: title, body, footer, 600 px, closes with Escape and with its close button', async () => {
    render(<Dialogs.ModalDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate board' });
    expect(dialog.style.width).toBe('600px');
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("confirm: 'Are you sure?' with Confirm and Close by default", async () => {
    render(<Dialogs.Confirm />);
    expect(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBe(2);
  });

  it('confirm: texts can be replaced', async () => {
    render(<Dialogs.ConfirmDelete />);
    expect(await screen.findByText('Your board will delete permanently, Are you sure?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
  });

  it('confirm(): resolves with the choice', async () => {
    render(<Dialogs.ConfirmPromise />);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave workspace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Answer: confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave workspace' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(await screen.findByText('Answer: closed')).toBeTruthy();
  });
});

describe('form layer', () => {
  it("success toasts 'data successfully saved.'", async () => {
    render(<Forms.Saves />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('data successfully saved.')).toBeTruthy();
  });

  it('field errors land on the fields (red + tooltip), the checkbox shakes, no toast', async () => {
    render(<Forms.FieldErrors />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You must accept.')).toBeTruthy();
    expect(screen.getByLabelText('I accept').closest('label')!.className).toContain('t-check--invalid');
    expect(document.querySelector('.t-toast')).toBeNull();
    // typing clears that field's error
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    expect(screen.queryByText('Name is required.')).toBeNull();
  });

  it("'*' and unknown-field errors are joined into an error toast", async () => {
    render(<Forms.StarErrors />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid username or password. Try again later.'));
  });

  it('without an errors map the message is the toast', async () => {
    render(<Forms.MessageOnly />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This name is taken.');
  });
});

describe('controls', () => {
  it('every control has an accessible name; errors are announced', async () => {
    render(<Controls.WithErrors />);
    for (const label of ['Display name', 'Role', 'Description', 'I agree to the Terms of Service'])
      expect(await screen.findByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByText('Display name is required.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect((screen.getByRole('button', { name: 'Saving' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
