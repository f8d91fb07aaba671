import './preview';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_REVERT_MS, CopyButton, MANUAL_COPY_TEXT } from '../../ui';

/**
 * The copy button (ui/copy-button.tsx) of the promo grid and the partner's invitation link:
 * 'Copied!' for 2 s then the label again, the accessible name "{text}: {name}" when named, the
 * manual-copy prompt when the clipboard refuses.
 */
function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it("copies the text and reads 'Copied!' for 2 s, then its label again", async () => {
    const copied: string[] = [];
    clipboard(async (text) => void copied.push(text));
    vi.useFakeTimers();
    render(<CopyButton text="https://tabula.test/invite" label="Copy invitation link" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy invitation link' })));
    expect(copied).toEqual(['https://tabula.test/invite']);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(COPY_REVERT_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy invitation link' })).toBeTruthy();
  });

  it('names what it copies in its accessible name when given a name', async () => {
    clipboard(async () => undefined);
    render(<CopyButton text="WT12-ABCD-EFGHIJ" label="Copy code" name="WT12-ABCD-EFGHIJ" />);
    const button = screen.getByRole('button', { name: 'Copy code: WT12-ABCD-EFGHIJ' });
    expect(button.textContent).toBe('Copy code');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied!: WT12-ABCD-EFGHIJ' }).textContent).toBe('Copied!'));
  });

  it('offers the text in a prompt when the clipboard refuses', async () => {
    clipboard(() => Promise.reject(new Error('denied')));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    render(<CopyButton text="WT12-ABCD-EFGHIJ" label="Copy code" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(prompt).toHaveBeenCalledWith(MANUAL_COPY_TEXT, 'WT12-ABCD-EFGHIJ'));
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('stays off while disabled', () => {
    render(<CopyButton text="x" label="Copy invitation link" disabled aria-describedby="hint" />);
    const button = screen.getByRole('button', { name: 'Copy invitation link' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('hint');
  });
});
