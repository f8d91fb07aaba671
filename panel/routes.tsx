import { Navigate, type RouteObject } from 'react-router';
import { AppPanelRedirect, RequireAuth } from './guard';
import type { PageHandle } from './registry';
import { ChangePasswordPage } from './pages/change-password';
import { HomePage } from './pages/home';
import { InvitationPage, INVITATION_PATH } from './pages/invitation';
import { AccessDeniedPage, NotFoundPage } from './pages/not-found';
import { ProfileDetailsPage } from './pages/profile-details';
import { ProfileSettingPage } from './pages/profile-setting';
import { IntegrationsPage } from './pages/integrations';
import { NotificationSettingsPage } from './pages/notification-settings';
import { Shell } from './shell/shell';
import { BoardsTab } from './boards/boards-tab';
import { ExtensionsTab } from './workspace/extensions-tab';
import { MembersTab } from './workspace/members-tab';
import { SettingTab } from './workspace/setting-tab';
import { WorkspacePage } from './workspace/workspace-page';
import { CheckoutPage, RedeemPage, SubscriptionPage } from './billing/pages';
import { SubscriptionTab } from './billing/subscription-panel';
import { RedeemLinkPage, REDEEM_LINK_PATH } from './billing/redeem-link';
import { AuthorizePartnerPage, AUTHORIZE_PATH } from './partner/authorize-page';
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
 *  - admin screens (backoffice.md: /panel/dashboard, /panel/users, …) → `adminPages` in
 *    admin/routes.tsx (panel/ never imports admin/: docs/architecture.md "Layer rules"); the
 *    app's entry (panel/main.tsx) passes them in as `morePages`, and the sidebar shows their
 *    links (panel/nav.ts ADMIN_NAV) to admins once the route exists.
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
    path: 'workspace/:id',
    element: <WorkspacePage />,
    handle: handle({ title: 'Workspace', subtitle: 'Boards, members, extensions and settings' }),
    children: [
      { index: true, element: <Navigate to="boards" replace /> },
      { path: 'boards', element: <BoardsTab />, handle: handle({ tab: 'Boards' }) },
      { path: 'extensions', element: <ExtensionsTab />, handle: handle({ tab: 'Extensions' }) },
      { path: 'workspace-members', element: <MembersTab />, handle: handle({ tab: 'Members' }) },
      { path: 'workspace-setting', element: <SettingTab />, handle: handle({ tab: 'Settings' }) },
      { path: 'subscription', element: <SubscriptionTab />, handle: handle({ tab: 'Subscription' }) },
    ],
  },
  {
    path: 'profile-setting',
    element: <ProfileSettingPage />,
    handle: handle({ title: 'Profile Setting', subtitle: 'Your name, role, picture and password' }),
    children: [
      { index: true, element: <Navigate to="details" replace /> },
      { path: 'details', element: <ProfileDetailsPage />, handle: handle({ tab: 'Details' }) },
      { path: 'integrations', element: <IntegrationsPage />, handle: handle({ tab: 'Integrations' }) },
      { path: 'notification-settings', element: <NotificationSettingsPage />, handle: handle({ tab: 'Notifications' }) },
    ],
  },
  {
    path: 'subscription',
    element: <SubscriptionPage />,
    handle: handle({ title: 'Subscription', subtitle: 'Your plan, payments and invoices' }),
  },
  { path: 'checkout', element: <CheckoutPage />, handle: handle({ title: 'Checkout', subtitle: 'Choose a plan and pay' }) },
  { path: 'redeem', element: <RedeemPage />, handle: handle({ title: 'Redeem code', subtitle: 'Redeem a promo code for your workspace' }) },
  {
    path: 'change-password',
    element: <ChangePasswordPage />,
    handle: handle({ title: 'Change Password', subtitle: 'Choose a new password for your account' }),
  },
  {
    path: 'developers',
    lazy: () => import('./developers/developers').then((m) => ({ Component: m.DevelopersPage })),
    handle: handle({ title: 'Developers', subtitle: 'Your app for embedding Tabula boards' }),
  },
  {
    path: 'apps',
    lazy: () => import('./developers/apps').then((m) => ({ Component: m.AppsPage })),
    handle: handle({ title: 'Application', subtitle: 'Create or edit your app' }),
  },
  // the partner area (panel.md §2 Partner area, BETA): its tabs depend on the partner's programmes (partner-page.tsx)
  {
    path: 'partner',
    lazy: () => import('./partner/partner-page').then((m) => ({ Component: m.PartnerPage })),
    handle: handle({ title: 'Partnership', subtitle: 'Your partner profile, customers and payouts (BETA)' }),
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      { path: 'profile', lazy: () => import('./partner/profile-tab').then((m) => ({ Component: m.PartnerProfileTab })) },
      { path: 'customers', lazy: () => import('./partner/customers-tab').then((m) => ({ Component: m.PartnerCustomersTab })) },
      { path: 'invoices', lazy: () => import('./partner/invoices-tab').then((m) => ({ Component: m.PartnerInvoicesTab })) },
      { path: 'payout', lazy: () => import('./partner/payout-tab').then((m) => ({ Component: m.PartnerPayoutTab })) },
    ],
  },
];

/**
 * The whole app: visitor screens, the guarded panel, /app/panel alias, access denied, not found.
 * `morePages` are mounted in the signed-in shell beside `panelPages` (the back-office's
 * admin/routes.tsx, given by the entry, panel/main.tsx).
 */
export function appRoutes(morePages: RouteObject[] = []): RouteObject[] {
  return [
    { path: '/', element: <Navigate to="/panel/home" replace /> },
    { path: '/accounts', element: <VisitorLayout />, children: [...visitorRoutes, { path: '*', element: <NotFoundPage /> }] },
    // the workspace invitation link: open to everyone (it keeps the token while the person logs in)
    { path: INVITATION_PATH, element: <InvitationPage /> },
    // a promo's redeem link (backoffice.md §2): open to everyone (a signed-out visitor is sent to the login with ret)
    { path: REDEEM_LINK_PATH, element: <RedeemLinkPage /> },
    // the authorize-partner page (panel.md §2 "Integration document"): open to everyone (a visitor logs in with ret)
    { path: AUTHORIZE_PATH, element: <AuthorizePartnerPage /> },
    // panel.md §2: forgot-password is open to visitors under /panel too — the visitor screen, not the signed-in shell
    { path: '/panel/forgot-password', element: <Navigate to="/accounts/forgot-password" replace /> },
    {
      path: '/panel',
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [...panelPages, ...morePages, { path: '*', element: <NotFoundPage embedded />, handle: handle({ title: 'Not found' }) }],
    },
    {
      path: '/app/panel/*',
      element: (
        <RequireAuth>
          <AppPanelRedirect />
        </RequireAuth>
      ),
    },
    // panel.md §2: the template catalogue (an address the panel links to, outside /panel), in the signed-in shell
    {
      path: '/templates',
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [
        {
          index: true,
          lazy: () => import('./templates/templates-page').then((m) => ({ Component: m.TemplatesPage })),
          handle: handle({ title: 'Templates', subtitle: 'Start a board from a ready-made layout' }),
        },
      ],
    },
    { path: '/access-denied', element: <AccessDeniedPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}
