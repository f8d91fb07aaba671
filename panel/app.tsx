import { createBrowserRouter, createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { auth, configureHttp, UiRoot } from '../ui';
import { registerRoutes } from './registry';
import { appRoutes } from './routes';
import { usePanelStyles } from './styles';

/** Around every screen: the stylesheets and the shared toast/confirm/busy layer. */
function Frame() {
  usePanelStyles();
  return (
    <>
      <UiRoot />
      <Outlet />
    </>
  );
}

export function rootRoutes(): RouteObject[] {
  const routes: RouteObject[] = [{ element: <Frame />, children: appRoutes() }];
  registerRoutes(routes);
  return routes;
}

/**
 * The panel app's router. In the browser the HTTP layer's "go to login" goes through it;
 * `initialEntries` gives a memory router (stories, tests).
 */
export function createAppRouter(initialEntries?: string[]) {
  auth.ensureGuestUid();
  if (initialEntries) return createMemoryRouter(rootRoutes(), { initialEntries });
  const router = createBrowserRouter(rootRoutes());
  configureHttp({ redirectToLogin: (ret) => void router.navigate(`/accounts/login?ret=${encodeURIComponent(ret)}`, { replace: true }) });
  return router;
}
