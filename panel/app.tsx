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

/** The app's routes; `morePages` go into the signed-in shell beside the panel's (routes.tsx appRoutes). */
export function rootRoutes(morePages: RouteObject[] = []): RouteObject[] {
  const routes: RouteObject[] = [{ element: <Frame />, children: appRoutes(morePages) }];
  registerRoutes(routes);
  return routes;
}

/**
 * The panel app's router. In the browser the HTTP layer's "go to login" goes through it;
 * `initialEntries` gives a memory router (stories, tests); `morePages` are the back-office's
 * screens (admin/routes.tsx), which only the entry (main.tsx) brings in.
 */
export function createAppRouter(initialEntries?: string[], morePages: RouteObject[] = []) {
  auth.ensureGuestUid();
  if (initialEntries) return createMemoryRouter(rootRoutes(morePages), { initialEntries });
  const router = createBrowserRouter(rootRoutes(morePages));
  configureHttp({ redirectToLogin: (ret) => void router.navigate(`/accounts/login?ret=${encodeURIComponent(ret)}`, { replace: true }) });
  return router;
}
