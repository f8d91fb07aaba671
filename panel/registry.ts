import { matchRoutes, type RouteObject } from 'react-router';

/**
 * The route table the app was built with, so navigation can offer only pages that exist:
 * a sidebar or tab link appears once a later issue registers its route (panel/routes.tsx).
 */
let registered: RouteObject[] = [];

export function registerRoutes(routes: RouteObject[]): void {
  registered = routes;
}

/** true when `path` resolves to a real page (not a catch-all '*'). */
export function routeExists(path: string): boolean {
  const matches = matchRoutes(registered, path);
  if (!matches?.length) return false;
  return matches[matches.length - 1].route.path !== '*';
}

/** What a route tells the shell: page title and subtitle, or a tab label under its parent. */
export interface PageHandle {
  title?: string;
  subtitle?: string;
  /** label of this child route in its parent's tab bar */
  tab?: string;
}

/** Child routes of `parentPath` that declare a tab, in table order, as [absolute path, label]. */
export function tabsUnder(parentPath: string): Array<{ to: string; label: string }> {
  const matches = matchRoutes(registered, parentPath) ?? [];
  // the deepest match with tab children (the path also matches the parent's index route)
  const parent = [...matches].reverse().find((m) => m.route.children?.some((c) => (c.handle as PageHandle | undefined)?.tab))?.route;
  return (parent?.children ?? [])
    .filter((child) => child.path && (child.handle as PageHandle | undefined)?.tab)
    .map((child) => ({ to: `${parentPath.replace(/\/$/, '')}/${child.path}`, label: (child.handle as PageHandle).tab! }));
}
