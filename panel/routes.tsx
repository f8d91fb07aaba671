import { Navigate, type RouteObject } from 'react-router';
import { AppPanelRedirect, RequireAuth } from './guard';
import type { PageHandle } from './registry';
import { ChangePasswordPage } from './pages/change-password';
import { HomePage } from './pages/home';
import { HowToPage } from './pages/how-to';
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
  { path: 'subscription', element: <SubscriptionPage />, handle: handle({ title: 'Subscription', subtitle: 'Your plan, payments and invoices' }) },
  { path: 'checkout', element: <CheckoutPage />, handle: handle({ title: 'Checkout', subtitle: 'Choose a plan and pay' }) },
  { path: 'redeem', element: <RedeemPage />, handle: handle({ title: 'Redeem code', subtitle: 'Redeem a promo code for your workspace' }) },
  { path: 'change-password', element: <ChangePasswordPage />, handle: handle({ title: 'Change Password', subtitle: 'Choose a new password for your account' }) },
  { path: 'developers', lazy: () => import('./developers/developers').then((m) => ({ Component: m.DevelopersPage })), handle: handle({ title: 'Developers', subtitle: 'Your app for embedding Tabula boards' }) },
  { path: 'apps', lazy: () => import('./developers/apps').then((m) => ({ Component: m.AppsPage })), handle: handle({ title: 'Application', subtitle: 'Create or edit your app' }) },
  // back-office screens (admin/, backoffice.md §2): lazy chunks, each guarded by admin/shared/operator-only.tsx
  { path: 'dashboard', lazy: () => import('../admin/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })), handle: handle({ title: 'Dashboard', subtitle: 'Connections, scheduled tasks and announcements' }) },
  { path: 'admin-boards', lazy: () => import('../admin/boards/boards-page').then((m) => ({ Component: m.AdminBoardsPage })), handle: handle({ title: 'Boards', subtitle: 'Every board of the platform' }) },
  { path: 'users', lazy: () => import('../admin/users/users-page').then((m) => ({ Component: m.UsersPage })), handle: handle({ title: 'Users', subtitle: 'Accounts, roles, flags and messages' }) },
  { path: 'clients', lazy: () => import('../admin/clients/clients-page').then((m) => ({ Component: m.ClientsPage })), handle: handle({ title: 'Clients', subtitle: 'Developer apps and their origins' }) },
  { path: 'feedbacks', lazy: () => import('../admin/feedbacks/feedbacks-page').then((m) => ({ Component: m.FeedbacksPage })), handle: handle({ title: 'Feedbacks', subtitle: 'What users told us' }) },
  { path: 'contacts', lazy: () => import('../admin/contacts/contacts-page').then((m) => ({ Component: m.ContactsPage })), handle: handle({ title: 'Contacts', subtitle: 'Messages from the contact form' }) },
  { path: 'outbox', lazy: () => import('../admin/outbox/outbox-page').then((m) => ({ Component: m.OutboxPage })), handle: handle({ title: 'Outbox', subtitle: 'Mails the platform wrote, and their links' }) },
  { path: 'directory', lazy: () => import('../admin/directories/directories-page').then((m) => ({ Component: m.DirectoriesPage })), handle: handle({ title: 'Directory', subtitle: 'Text directories' }) },
  { path: 'user-audit', lazy: () => import('../admin/audit/user-audit-page').then((m) => ({ Component: m.UserAuditPage })), handle: handle({ title: 'User audit', subtitle: 'Board joins and events' }) },
  { path: 'feature-audit', lazy: () => import('../admin/audit/feature-audit-page').then((m) => ({ Component: m.FeatureAuditPage })), handle: handle({ title: 'Feature audit', subtitle: 'Feature usage reported by the apps' }) },
  { path: 'operator-audit', lazy: () => import('../admin/audit/operator-audit-page').then((m) => ({ Component: m.OperatorAuditPage })), handle: handle({ title: 'Operator audit', subtitle: 'What operators did, to what, and when' }) },
  { path: 'perf-logs', lazy: () => import('../admin/audit/perf-logs-page').then((m) => ({ Component: m.PerfLogsPage })), handle: handle({ title: 'Performance logs', subtitle: 'Timings and failures reported by the apps' }) },
  { path: 'log-viewer', lazy: () => import('../admin/log-viewer/log-viewer-page').then((m) => ({ Component: m.LogViewerPage })), handle: handle({ title: 'Log viewer', subtitle: 'Server log files' }) },
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
    { path: '/documents/how-to', element: <HowToPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
}
