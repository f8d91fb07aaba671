import { useMemo } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { auth } from '../../ui';
import { registerRoutes } from '../../panel/registry';
import { adminPages } from '../../admin/routes';
import { panelPages } from '../../panel/routes';
import { Shell } from '../../panel/shell/shell';
import { storyToken } from './token';

/**
 * The signed-in shell at a /panel path, as its lazy route loads it, for a user with `roles`
 * (the panel, back-office and dashboard stories; wrap it in an API context to answer its calls).
 */
export function ShellAt({ path, roles }: { path: string; roles: string[] }) {
  auth.signIn({ accessToken: storyToken(roles), refreshToken: 'story-refresh' }, 'u1');
  const router = useMemo(() => {
    const routes = [{ path: '/panel', element: <Shell />, children: [...panelPages, ...adminPages] }];
    registerRoutes(routes);
    return createMemoryRouter(routes, { initialEntries: [path] });
  }, [path]);
  return <RouterProvider router={router} />;
}
