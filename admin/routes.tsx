import type { RouteObject } from 'react-router';

/** What a back-office route tells the panel's shell (the shape of panel/registry.ts's PageHandle). */
const handle = (h: { title: string; subtitle: string }) => h;

/**
 * The back-office's screens (backoffice.md §2), all under /panel, mounted in the panel's signed-in
 * shell by the app's entry (panel/main.tsx: `createAppRouter(undefined, adminPages)`). Each is a
 * lazy chunk guarded by admin/shared/operator-only.tsx. A new admin screen ADDS its entry here
 * (and its link to panel/nav.ts ADMIN_NAV); panel/ never imports admin/ (docs/architecture.md,
 * "Layer rules").
 */
export const adminPages: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () => import('./dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    handle: handle({ title: 'Dashboard', subtitle: 'Usage statistics, jobs, announcements and reports' }),
  },
  {
    path: 'admin-boards',
    lazy: () => import('./boards/boards-page').then((m) => ({ Component: m.AdminBoardsPage })),
    handle: handle({ title: 'Boards', subtitle: 'Every board of the platform' }),
  },
  {
    path: 'users',
    lazy: () => import('./users/users-page').then((m) => ({ Component: m.UsersPage })),
    handle: handle({ title: 'Users', subtitle: 'Accounts, roles, flags and messages' }),
  },
  {
    path: 'partners',
    lazy: () => import('./partners/partners-page').then((m) => ({ Component: m.PartnersPage })),
    handle: handle({ title: 'Partners', subtitle: 'Reseller partners, their programmes, customers and payouts' }),
  },
  {
    path: 'subscriptions',
    lazy: () => import('./subscriptions/subscriptions-page').then((m) => ({ Component: m.SubscriptionsPage })),
    handle: handle({ title: 'Subscriptions', subtitle: 'Plans operators assign, changes, credit, promos and invoices' }),
  },
  {
    path: 'clients',
    lazy: () => import('./clients/clients-page').then((m) => ({ Component: m.ClientsPage })),
    handle: handle({ title: 'Clients', subtitle: 'Developer apps and their origins' }),
  },
  {
    path: 'feedbacks',
    lazy: () => import('./feedbacks/feedbacks-page').then((m) => ({ Component: m.FeedbacksPage })),
    handle: handle({ title: 'Feedbacks', subtitle: 'What users told us' }),
  },
  {
    path: 'contacts',
    lazy: () => import('./contacts/contacts-page').then((m) => ({ Component: m.ContactsPage })),
    handle: handle({ title: 'Contacts', subtitle: 'Messages from the contact form' }),
  },
  {
    path: 'outbox',
    lazy: () => import('./outbox/outbox-page').then((m) => ({ Component: m.OutboxPage })),
    handle: handle({ title: 'Outbox', subtitle: 'Mails the platform wrote, and their links' }),
  },
  {
    path: 'promos',
    lazy: () => import('./promos/promos-page').then((m) => ({ Component: m.PromosPage })),
    handle: handle({ title: 'Promos', subtitle: 'Promotion codes, their links and usages' }),
  },
  {
    path: 'directory',
    lazy: () => import('./directories/directories-page').then((m) => ({ Component: m.DirectoriesPage })),
    handle: handle({ title: 'Directory', subtitle: 'Text directories' }),
  },
  {
    path: 'user-audit',
    lazy: () => import('./audit/user-audit-page').then((m) => ({ Component: m.UserAuditPage })),
    handle: handle({ title: 'User audit', subtitle: 'Board joins and events' }),
  },
  {
    path: 'feature-audit',
    lazy: () => import('./audit/feature-audit-page').then((m) => ({ Component: m.FeatureAuditPage })),
    handle: handle({ title: 'Feature audit', subtitle: 'Feature usage reported by the apps' }),
  },
  {
    path: 'operator-audit',
    lazy: () => import('./audit/operator-audit-page').then((m) => ({ Component: m.OperatorAuditPage })),
    handle: handle({ title: 'Operator audit', subtitle: 'What operators did, to what, and when' }),
  },
  {
    path: 'perf-logs',
    lazy: () => import('./audit/perf-logs-page').then((m) => ({ Component: m.PerfLogsPage })),
    handle: handle({ title: 'Performance logs', subtitle: 'Timings and failures reported by the apps' }),
  },
  {
    path: 'log-viewer',
    lazy: () => import('./log-viewer/log-viewer-page').then((m) => ({ Component: m.LogViewerPage })),
    handle: handle({ title: 'Log viewer', subtitle: 'Server log files' }),
  },
];
