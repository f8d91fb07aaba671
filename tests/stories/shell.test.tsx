import './preview';
import { composeStories } from '@storybook/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as stories from '../../stories/panel/shell.stories';
import { storyToken } from '../../stories/support/token';
import { greeting } from '../../panel/greeting';
import { registerRoutes, routeExists } from '../../panel/registry';
import { ADMIN_NAV } from '../../panel/nav';
import { panelPages } from '../../panel/routes';
import { Sidebar } from '../../panel/shell/sidebar';
import { auth } from '../../ui';

const S = composeStories(stories);

describe('panel shell', () => {
  it('home: header, greeting, quick actions, sidebar, bell and profile menu', async () => {
    render(<S.Home />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /^(Good Morning|Hey)$/ })).toBeTruthy();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/panel/home'],
      ['Boards', '/panel/boards'],
      ['Templates', '/templates'],
      ['Profile', '/panel/profile-setting'],
      ['Developers', '/panel/developers'],
    ]);
    expect(screen.getByRole('link', { name: /New board/ }).getAttribute('href')).toBe('/board/new');
    expect(screen.getByRole('link', { name: /How-to/ }).getAttribute('href')).toBe('/documents/how-to');
    // panel.md §2: the Templates quick action opens the catalogue (panel/templates)
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: /Templates/ })
        .getAttribute('href'),
    ).toBe('/templates');
    expect(screen.getByRole('button', { name: /Feedback/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Workspaces' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /profile menu$/i }));
    expect(screen.getByRole('menuitem', { name: 'Profile Setting' }).getAttribute('href')).toBe('/panel/profile-setting');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('profile setting: the Details tab and its form', async () => {
    render(<S.ProfileSetting />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Setting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).className).toContain('active');
  });

  it('profile details: fields, role codes, image, change-password toggle, field error', async () => {
    render(<S.ProfileDetailsErrors />);
    expect(await screen.findByText('Display name is required.')).toBeTruthy();
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('8');
    expect(Array.from(role.options).map((o) => `${o.value} ${o.text}`)).toEqual([
      '1 Facilitator',
      '2 Designer',
      '3 Project Manager',
      '5 Software Developer',
      '6 Marketing and Sales',
      '7 Management',
      '8 Teacher/Educator',
      '9 Student',
      '10 Consultant',
      '100 Others',
    ]);
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Change Password' }));
    for (const label of ['Current password', 'New password', 'Confirm password']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it('admin links appear for admins once their screens are in the route table; partners see Partnership', () => {
    const routes = [
      {
        path: '/panel',
        children: [
          ...panelPages.filter((r) => !ADMIN_NAV.some((n) => n.to === `/panel/${r.path}`)),
          { path: 'dashboard', element: <p>Dashboard</p> },
          { path: 'partner', element: <p>Partner</p> },
          { path: '*', element: <p>Not found</p> },
        ],
      },
    ];
    registerRoutes(routes);
    expect(routeExists('/panel/dashboard')).toBe(true);
    expect(routeExists('/panel/users')).toBe(false);
    const renderAs = (roles: string[]) => {
      auth.signIn({ accessToken: storyToken(roles), refreshToken: 'r' }, 'u1');
      return render(
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <Sidebar /> }], { initialEntries: ['/panel/home'] })} />,
      );
    };
    const user = renderAs([]);
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Partnership' })).toBeNull();
    user.unmount();
    const admin = renderAs(['admin']);
    const section = screen.getByRole('navigation', { name: 'Administration' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/panel/dashboard']);
    admin.unmount();
    renderAs(['partner']);
    expect(screen.getByRole('link', { name: 'Partnership' }).getAttribute('href')).toBe('/panel/partner');
  });
});

describe('greeting', () => {
  it("'Good Morning' for hours 4 to 7, 'Hey' otherwise", () => {
    const byHour = Array.from({ length: 24 }, (_, h) => greeting(h));
    expect(byHour.filter((g) => g === 'Good Morning').length).toBe(4);
    expect([4, 5, 6, 7].every((h) => byHour[h] === 'Good Morning')).toBe(true);
    expect([0, 3, 8, 12, 21, 23].every((h) => byHour[h] === 'Hey')).toBe(true);
  });
});
