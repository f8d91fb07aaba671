import './preview';
import { composeStories } from '@storybook/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from '../../stories/admin/partners.stories';
import { toasts$ } from '../../ui';

/** The operators' Partners screen (backoffice.md §2 "Partners") over the in-memory sample API. */
const S = composeStories(stories);
const toastTexts = () => toasts$.getValue().map((t) => t.text);

async function grid() {
  const table = await screen.findByRole('table', { name: 'Partners' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return table;
}

describe('partners screen', () => {
  it('grid: All, search, add; columns and row actions View, Customers, Payout', async () => {
    render(<S.Partners />);
    const table = await grid();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Name', 'Email', 'Status', 'Created', 'Actions']);
    expect(
      within(screen.getByRole('group', { name: 'Show' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All']);
    for (const action of ['View', 'Customers', 'Payout'])
      expect(within(table).getByRole('button', { name: `${action}: Northwind Resellers` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add partner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Partner' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nobody' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('user not found', { selector: '.t-tip p' })).toBeTruthy();
  });

  it('details: a tab per programme (arrows move), next-status buttons, reject reason on UnderReview, enroll when none', async () => {
    render(<S.Partners />);
    fireEvent.click(within(await grid()).getByRole('button', { name: 'View: Contoso Referrals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partner Details' });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Reseller', 'true'],
      ['Referral', 'false'],
    ]);
    const panel = () => within(dialog).getByRole('tabpanel');
    expect(panel().textContent).toContain('Status: UnderReview');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Rejected' }));
    expect(await within(panel()).findByText('a reason is required', { selector: '.t-tip p' })).toBeTruthy();
    fireEvent.change(within(panel()).getByLabelText('Reject reason'), { target: { value: 'No website yet' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Rejected' }));
    await waitFor(() => expect(panel().textContent).toContain('Status: Rejected — No website yet'));
    expect(within(panel()).queryByLabelText('Reject reason')).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'UnderReview' })).toBeTruthy();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(panel().textContent).toContain('Status: Rejected');
    fireEvent.keyDown(tabs[1]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
  });

  it('enrolls a partner with no status; payouts panel pays an Open payout after "Partner payout"', async () => {
    render(<S.Partners />);
    fireEvent.click(within(await grid()).getByRole('button', { name: 'View: new.partner@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partner Details' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Enroll the program' }));
    await waitFor(() => expect(within(dialog).getByRole('tabpanel').textContent).toContain('Status: UnderReview'));
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    fireEvent.click(within(await grid()).getByRole('button', { name: 'Payout: Northwind Resellers' }));
    const panel = await screen.findByRole('dialog', { name: 'Partner Payouts: Northwind Resellers' });
    const table = await within(panel).findByRole('table', { name: 'Partner Payouts' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(3));
    expect((within(table).getByRole('button', { name: 'Payout: PP-000001' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByRole('button', { name: 'Payout: PP-000002' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Partner payout' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(toastTexts()).toContain('PP-000002 paid'));
  });
});
