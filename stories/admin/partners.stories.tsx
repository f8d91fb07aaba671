import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PartnersApiContext } from '../../admin/partners/partners-api';
import { ShellAt } from '../support/shell-at';
import { samplePartnersApi } from './partners.sample';

/** The operators' Partners screen (/panel/partners) in the signed-in shell over an in-memory API. */
function PartnersScreen() {
  const api = useMemo(() => samplePartnersApi(), []);
  return (
    <PartnersApiContext.Provider value={api}>
      <ShellAt path="/panel/partners" roles={['admin']} />
    </PartnersApiContext.Provider>
  );
}

const meta = { title: 'Admin/Partners', component: PartnersScreen } satisfies Meta<typeof PartnersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Grid, New Partner, Partner Details with programme tabs, Customers and Payouts. */
export const Partners: Story = { args: {} };
