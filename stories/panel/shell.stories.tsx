import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { auth } from '../../ui';
import { registerRoutes } from '../../panel/registry';
import { panelPages } from '../../panel/routes';
import { ProfileDetailsPage } from '../../panel/pages/profile-details';
import { Shell } from '../../panel/shell/shell';
import { storyToken } from '../support/token';

/** The signed-in shell at a panel path, as a user with `roles`. */
function ShellAt({ path, roles }: { path: string; roles: string[] }) {
  auth.signIn({ accessToken: storyToken(roles), refreshToken: 'story-refresh' }, 'u1');
  const router = useMemo(() => {
    const routes = [{ path: '/panel', element: <Shell />, children: panelPages }];
    registerRoutes(routes);
    return createMemoryRouter(routes, { initialEntries: [path] });
  }, [path]);
  return <RouterProvider router={router} />;
}

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
    profile: { displayName: '', role: 8, hasPassword: true, avatar: null, username: 'ana@example.com' },
    initialErrors: { displayName: ['Display name is required.'] },
  },
};
