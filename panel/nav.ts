import type { IconName } from '../ui';

/** Sidebar links (panel.md §2 "Panel shell"). */
export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

export const MAIN_NAV: NavItem[] = [
  { to: '/panel/home', label: 'Home', icon: 'home' },
  { to: '/panel/boards', label: 'Boards', icon: 'boards' },
  { to: '/templates', label: 'Templates', icon: 'template' },
  { to: '/panel/profile-setting', label: 'Profile', icon: 'user' },
  { to: '/panel/developers', label: 'Developers', icon: 'key' },
];

/** Shown only to partners (role claim contains 'partner'). */
export const PARTNER_NAV: NavItem[] = [{ to: '/panel/partner', label: 'Partnership', icon: 'handshake' }];

/**
 * Shown only to platform administrators (role claim contains 'admin'), in the spec's order
 * (backoffice.md §2: all under /panel). Each appears once its screen's route is registered.
 */
export const ADMIN_NAV: NavItem[] = [
  { to: '/panel/dashboard', label: 'Dashboard', icon: 'chart' },
  { to: '/panel/admin-boards', label: 'Boards', icon: 'boards' },
  { to: '/panel/users', label: 'Users', icon: 'user' },
  { to: '/panel/subscriptions', label: 'Subscriptions', icon: 'key' },
  { to: '/panel/partners', label: 'Partners', icon: 'handshake' },
  { to: '/panel/clients', label: 'Clients', icon: 'settings' },
  { to: '/panel/feedbacks', label: 'Feedbacks', icon: 'mail' },
  { to: '/panel/contacts', label: 'Contacts', icon: 'mail' },
  // not in the spec: the mails the platform wrote (docs/backoffice.md "Outbox"), for servers without SMTP
  { to: '/panel/outbox', label: 'Outbox', icon: 'mail' },
  { to: '/panel/promos', label: 'Promos', icon: 'plus' },
  { to: '/panel/directory', label: 'Directory', icon: 'book' },
  { to: '/panel/user-audit', label: 'User audit', icon: 'shield' },
  { to: '/panel/feature-audit', label: 'Feature audit', icon: 'shield' },
  { to: '/panel/operator-audit', label: 'Operator audit', icon: 'shield' },
  { to: '/panel/perf-logs', label: 'Performance logs', icon: 'chart' },
  { to: '/panel/log-viewer', label: 'Log viewer', icon: 'book' },
];
