import type { Meta, StoryObj } from '@storybook/react-vite';
import { Outlet } from 'react-router';
import type { WorkspaceContext } from '../../panel/workspace/workspace-page';
import { InvoiceDetail } from '../../panel/billing/history';
import { CheckoutPage, RedeemPage } from '../../panel/billing/pages';
import { SubscriptionPanel, SubscriptionTab } from '../../panel/billing/subscription-panel';
import { atRoute } from '../support/router';
import { FREE_SUBSCRIPTION, PAUSED_SUBSCRIPTION, SAMPLE_INVOICES, SAMPLE_PLANS, sampleApi, TEAM_SUBSCRIPTION } from './billing.data';

/** The billing screens (panel.md §2): subscription (free, team, paused), checkout, redeem, invoice detail — on sample data. */
const meta = {
  title: 'Panel/Billing',
  component: SubscriptionPanel,
  render: (args) => (
    <div className="p-content">
      <SubscriptionPanel {...args} />
    </div>
  ),
} satisfies Meta<typeof SubscriptionPanel>;
export default meta;

type Story = StoryObj<typeof meta>;
const tab = [atRoute('/panel/workspace/ws-1/subscription', '/panel/workspace/:id/subscription')];

export const FreeSubscription: Story = { args: { workspace: 'ws-1', api: sampleApi(FREE_SUBSCRIPTION) }, decorators: tab };

export const TeamSubscription: Story = { args: { workspace: 'ws-1', api: sampleApi(TEAM_SUBSCRIPTION) }, decorators: tab };

export const PausedSubscription: Story = { args: { workspace: 'ws-1', api: sampleApi(PAUSED_SUBSCRIPTION) }, decorators: tab };

export const PaymentsNotConfigured: Story = {
  args: {
    workspace: 'ws-1',
    api: sampleApi(
      { ...FREE_SUBSCRIPTION, paymentsEnabled: false },
      {
        plans: () => Promise.resolve({ ...SAMPLE_PLANS, paymentMethods: [], paymentsEnabled: false }),
      },
    ),
  },
  decorators: tab,
};

export const Checkout: StoryObj<typeof CheckoutPage> = {
  render: (args) => (
    <div className="p-content">
      <CheckoutPage {...args} />
    </div>
  ),
  args: { api: sampleApi(FREE_SUBSCRIPTION) },
  decorators: [atRoute('/panel/checkout?plan=teamplus', '/panel/checkout')],
};

export const RedeemRefused: StoryObj<typeof RedeemPage> = {
  render: (args) => (
    <div className="p-content">
      <RedeemPage {...args} />
    </div>
  ),
  args: { api: sampleApi(FREE_SUBSCRIPTION), initialResult: { result: 'This promo code has expired.', succeed: false } },
  decorators: [atRoute('/panel/redeem', '/panel/redeem')],
};

export const Invoice: StoryObj<typeof InvoiceDetail> = {
  render: (args) => (
    <div className="p-content">
      <InvoiceDetail {...args} />
    </div>
  ),
  args: { invoice: SAMPLE_INVOICES[3]! },
};

/** The workspace page's outlet context for a tab, as a member of the workspace. */
function AsMember() {
  const context = {
    workspace: { id: 'ws-1', name: 'Studio', role: 'Member' },
    reload: async () => {},
    replace: () => {},
  } as unknown as WorkspaceContext;
  return (
    <div className="p-content">
      <Outlet context={context} />
    </div>
  );
}

/** A Member opens the Subscription tab: a note, no subscription (Owner and Admin only). */
export const MemberNote: StoryObj<typeof SubscriptionTab> = {
  render: () => <SubscriptionTab />,
  decorators: [atRoute('/panel/workspace/ws-1/subscription', '/panel/workspace/:id/subscription', <AsMember />)],
};
