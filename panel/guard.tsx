import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../ui';

/** The login address that brings the user back to `path` afterwards. */
export const loginFor = (path: string) => `/accounts/login?ret=${encodeURIComponent(path)}`;

/**
 * /panel/* and /app/panel/* need a signed-in user, except paths containing forgot-password
 * (panel.md §2); others go to /accounts/login with ret = the wanted path.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { accessToken } = useSession();
  const location = useLocation();
  if (!accessToken && !location.pathname.includes('forgot-password')) {
    return <Navigate to={loginFor(location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}

/** /app/panel/x is the same page as /panel/x. */
export function AppPanelRedirect() {
  const location = useLocation();
  return <Navigate to={location.pathname.replace(/^\/app\/panel/, '/panel') + location.search} replace />;
}
