import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProfileDetailsPage } from '../../panel/pages/profile-details';
import { ShellAt } from '../support/shell-at';

const meta = {
  title: 'Panel/Shell',
  component: ShellAt,
} satisfies Meta<typeof ShellAt>;
export default meta;

export const Home: StoryObj<typeof meta> = { args: { path: '/panel/home', roles: [] } };

export const ProfileSetting: StoryObj<typeof meta> = { args: { path: '/panel/profile-setting/details', roles: [] } };

/** The profile form from a given profile (no server), with the server's field errors shown. */
export const ProfileDetailsErrors: StoryObj<typeof ProfileDetailsPage> = {
  render: (args) => (
    <div className="p-content">
      <ProfileDetailsPage {...args} />
    </div>
  ),
  args: {
    profile: {
      id: 'u-1',
      displayName: '',
      role: 8,
      hasPassword: true,
      avatar: null,
      username: 'ana@example.com',
      language: 'en',
      roles: [],
      plan: 'essential',
    },
    initialErrors: { displayName: ['Display name is required.'] },
  },
};
