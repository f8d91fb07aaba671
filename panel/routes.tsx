import { Navigate, type RouteObject } from 'react-router';
import { AppPanelRedirect, RequireAuth } from './guard';
import type { PageHandle } from './registry';
import { ChangePasswordPage } from './pages/change-password';
import { HomePage } from './pages/home';
import { InvitationPage, INVITATION_PATH } from './pages/invitation';
import { AccessDeniedPage, NotFoundPage } from './pages/not-found';
import { ProfileDetailsPage } from './pages/profile-details';
import { ProfileSettingPage } from './pages/profile-setting';
import { Shell } from './shell/shell';
import { ForgotPasswordPage } from './visitor/forgot-password';
import { VisitorLayout } from './visitor/layout';
import { LoginPage } from './visitor/login';
import { ResetPasswordPage } from './visitor/reset-password';
import { SignupPage } from './visitor/signup';

/**
 * The panel's route table (panel.md §2). Later issues ADD entries here:
 *  - a page inside the signed-in shell → `panelPages` (path relative to /panel), with
 *    `handle: { title, subtitle }` for the header; a tab under a tabbed page → its `children`
 *    with `handle: { tab: 'Label' }` (e.g. profile-setting's integrations);
 *  - admin screens (backoffice.md: /panel/dashboard, /panel/users, …) → `panelPages` too: the
 *    sidebar shows their links (panel/nav.ts ADMIN_NAV) to admins once the route exists.
 * Lazy pages: `{ path, lazy: () => import('./x').then((m) => ({ Component: m.XPage })) }`.
 */
export const handle = (h: PageHandle) => h;

export const visitorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="login" replace /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password/:code/:email', element: <ResetPasswordPage /> },
];

export const panelPages: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', element: <HomePage />, handle: handle({ title: 'Home', subtitle: 'Your starting point in Tabula' }) },
  { path: 'boards', element: <Navigate to="/panel/workspace/default/boards" replace /> },
  {
    path: 'profile-setting',
    element: <ProfileSettingPage />,
    handle: handle({ title: 'Profile Setting', subtitle: 'Your name, role, picture and password' }),
    children: [
      { index: true, element: <Navigate to="details" replace /> },
      { path: 'details', element: <ProfileDetailsPage />, handle: handle({ tab: 'Details' }) },
    ],
  },
  { path: 'change-password', element: <ChangePasswordPage />, handle: handle({ title: 'Change Password', subtitle: 'Choose a new password for your account' }) },
  { path: 'developers', lazy: () => import('./developers/developers').then((m) => ({ Component: m.DevelopersPage })), handle: handle({ title: 'Developers', subtitle: 'Your app for embedding Tabula boards' }) },
  { path: 'apps', lazy: () => import('./developers/apps').then((m) => ({ Component: m.AppsPage })), handle: handle({ title: 'Application', subtitle: 'Create or edit your app' }) },
];

/** The whole app: visitor screens, the guarded panel, /app/panel alias, access denied, not found. */
export function appRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to="/panel/home" replace /> },
    { path: '/accounts', element: <VisitorLayout />, children: [...visitorRoutes, { path: '*', element: <NotFoundPage /> }] },
    // the workspace invitation link: open to everyone (it keeps the token while the person logs in)
    { path: INVITATION_PATH, element: <InvitationPage /> },
    {
      path: '/panel',
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [...panelPages, { path: '*', element: <NotFoundPage embedded />, handle: handle({ title: 'Not found' }) }],
    },
    {
      path: '/app/panel/*',
      element: (
        <RequireAuth>
          <AppPanelRedirect />
        </RequireAuth>
      ),
    },
    { path: '/access-denied', element: <AccessDeniedPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}
