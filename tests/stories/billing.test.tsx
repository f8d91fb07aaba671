import './preview';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hasCustomerPlan, WALLET_MISSING } from '../../panel/billing/api';
import * as stories from '../../stories/panel/billing.stories';
import { FREE_SUBSCRIPTION, sampleApi, TEAM_SUBSCRIPTION } from '../../stories/panel/billing.data';

const S = composeStories(stories);

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The billing screens' stories (stories/panel/billing.stories.tsx) rendered in jsdom. */
describe('billing stories', () => {
  it('free subscription: the facts, the upgrade form with its invoice preview, and the billing history', async () => {
    render(<S.FreeSubscription />);
    expect(await screen.findByRole('heading', { name: 'Current subscription' })).toBeTruthy();
    expect(fact('Plan')).toBe('Essential');
    expect(fact('Seats')).toBe('1');
    expect(fact('Next billing')).toBe('—');
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Redeem a promo code' }).getAttribute('href')).toBe('/panel/redeem?workspace=ws-1');
    const form = screen.getByRole('form', { name: 'Upgrade' });
    expect(within(form).getByRole('radio', { name: /^Team\s*\$/ })).toHaveProperty('checked', true);
    const preview = await screen.findByRole('table', { name: 'Invoice preview' });
    expect(within(preview).getByText('Total due now').nextElementSibling?.textContent).toBe('$22.40');
    expect(within(preview).getByText('Discount: Spring 20%')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Upgrade and pay $22.40' })).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'Billing history' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(11)); // header + 10 a page
    expect(within(history).getByText('INV-000001')).toBeTruthy();
    expect(within(history).getAllByText('Credit Note').length).toBeGreaterThan(0);
  });

  it('billing history: the Credits quick filter and the invoice detail dialog', async () => {
    render(<S.FreeSubscription />);
    const history = await screen.findByRole('table', { name: 'Billing history' });
    await waitFor(() => expect(within(history).getAllByRole('row').length).toBe(11));
    fireEvent.click(screen.getByRole('button', { name: 'Credits' }));
    expect(screen.getByRole('button', { name: 'Credits' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    fireEvent.click(within(history).getByRole('button', { name: 'View: Credit Note CN-000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit Note CN-000004' });
    expect(within(dialog).getByText('Unused time on 1 × Team Plus')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('team subscription: facts, change of billing cycle, pause then resume', async () => {
    render(<S.TeamSubscription />);
    expect(await screen.findByRole('heading', { name: 'Current subscription' })).toBeTruthy();
    expect(fact('Plan')).toBe('Team');
    expect(fact('Seats')).toBe('3');
    expect(fact('Add-ons')).toBe('White-label API');
    expect(fact('Promos')).toBe('Spring 20%');
    expect(fact('Auto-renew')).toBe('On');
    expect(fact('Remaining days')).toBe('30');
    expect(fact('Next billing')).toContain('$35.20');
    const cycles = screen.getByRole('combobox', { name: 'Change billing cycle' });
    expect(
      within(cycles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Quarterly', 'Semiannually']);
    fireEvent.click(screen.getByRole('button', { name: 'Change cycle' }));
    await waitFor(() => expect(fact('Billing cycle')).toBe('Monthly (Quarterly from the next renewal)'));
    // the subscription is read again after the change: the Pause button is back once that answer is in
    const enabled = async (name: string) => {
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect(button).toHaveProperty('disabled', false));
      return button;
    };
    fireEvent.click(await enabled('Pause subscription'));
    // Resume shows once the subscription is read again; it is enabled once the pause has finished
    const resume = await enabled('Resume subscription');
    expect(fact('Status')).toBe('Paused');
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
    fireEvent.click(resume);
    expect(await screen.findByRole('button', { name: 'Pause subscription' })).toBeTruthy();
    expect(fact('Status')).toBe('Active');
  });

  it('paused subscription: only Resume is offered', async () => {
    render(<S.PausedSubscription />);
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
  });

  it('payments not configured: the form says so', async () => {
    render(<S.PaymentsNotConfigured />);
    expect((await screen.findAllByText('Payments are not configured on this server.')).length).toBeGreaterThan(0);
  });

  it('checkout: the plan from the address, one order for a double click, then the subscription tab', async () => {
    const api = sampleApi(FREE_SUBSCRIPTION);
    const placeOrder = vi.spyOn(api, 'placeOrder');
    const finalize = vi.spyOn(api, 'finalize');
    render(<S.Checkout api={api} />);
    const form = await screen.findByRole('form', { name: 'Upgrade' });
    expect(within(form).getByRole('radio', { name: /Team Plus/ })).toHaveProperty('checked', true);
    expect(within(form).getByRole('combobox', { name: 'Card' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Invoice preview' });
    const pay = within(form).getByRole('button', { name: /^Pay/ });
    await act(async () => {
      fireEvent.click(pay);
      fireEvent.click(pay);
    });
    expect(await screen.findByText('Navigated to /panel/workspace/ws-1/subscription')).toBeTruthy();
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(placeOrder.mock.calls[0]![0]).toMatchObject({
      plan: 'teamplus',
      billingCycle: 'Monthly',
      PaymentMethod: 'Card',
      workspace: 'default',
    });
    expect(finalize).toHaveBeenCalledWith('ord_story', 'pm_card_visa');
  });

  it('checkout by Ether without a wallet: the MetaMask message, no order', async () => {
    const api = sampleApi(FREE_SUBSCRIPTION);
    const placeOrder = vi.spyOn(api, 'placeOrder');
    render(<S.Checkout api={api} />);
    const form = await screen.findByRole('form', { name: 'Upgrade' });
    await screen.findByRole('table', { name: 'Invoice preview' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Ether' }));
    expect(within(form).queryByRole('combobox', { name: 'Card' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: /^Pay/ }));
    expect((await within(form).findByRole('alert')).textContent).toBe(WALLET_MISSING);
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('redeem: the code is trimmed and the server result text shown in red', async () => {
    const api = sampleApi(TEAM_SUBSCRIPTION);
    const redeem = vi.spyOn(api, 'redeem');
    render(<S.RedeemRefused api={api} />);
    expect(screen.getByText('This promo code has expired.').className).toBe('p-bill__red');
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: '  WT10-GOOD-PROMO1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Promo code redeemed.')).toBeTruthy();
    expect(redeem).toHaveBeenCalledWith('WT10-GOOD-PROMO1', undefined);
    // the tokens are refreshed after the answer: the form is done once the button is no longer busy
    // (ending the test earlier let that last state update reach a torn-down jsdom)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem' }).getAttribute('aria-busy')).toBeNull());
  });

  it('invoice detail: type, items and amounts', () => {
    render(<S.Invoice />);
    expect(screen.getByText('Type', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Credit Note');
    expect(screen.getByText('Unused time on 1 × Team Plus')).toBeTruthy();
    expect(screen.getByText('Balance').nextElementSibling?.textContent).toBe('$1.50');
  });

  it('a member opening the tab reads a note instead of the subscription', async () => {
    render(<S.MemberNote />);
    expect(await screen.findByText("Only the workspace's owner and admins can see and change its subscription.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Current subscription' })).toBeNull();
  });

  it('the customer-plan claim hides the subscription (panel.md §6)', () => {
    expect(hasCustomerPlan({ role: [], 'customer-plan': 'team' })).toBe(true);
    expect(hasCustomerPlan({ role: [], plan: 'team' })).toBe(false);
    expect(hasCustomerPlan(null)).toBe(false);
  });
});
