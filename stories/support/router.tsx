import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { Decorator } from '@storybook/react-vite';

/**
 * Renders a story at a URL inside a memory router, so screens that read the location and
 * params or navigate work as in the app. `layout` wraps it like its parent route does (e.g. the
 * visitor frame, which renders an <Outlet/>); navigating elsewhere shows "Navigated to <path>".
 */
export function atRoute(url: string, pattern: string, layout?: ReactNode): Decorator {
  return (Story) => <Routed url={url} pattern={pattern} layout={layout} story={<Story />} />;
}

function Routed({ url, pattern, layout, story }: { url: string; pattern: string; layout?: ReactNode; story: ReactNode }) {
  const router = useMemo(() => {
    const page: RouteObject = { path: pattern, element: story };
    const routes: RouteObject[] = [layout ? { element: layout, children: [page] } : page, { path: '*', element: <Navigated /> }];
    return createMemoryRouter(routes, { initialEntries: [url] });
    // one router per story render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, pattern]);
  return <RouterProvider router={router} />;
}

function Navigated() {
  const location = useLocation();
  return <p style={{ padding: 24 }}>Navigated to {location.pathname + location.search}</p>;
}
