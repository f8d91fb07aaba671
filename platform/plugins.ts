import type { ServerRegisterPluginObject } from '@hapi/hapi';
import { accountsPlugin } from './accounts/plugin';
import { mailPlugin } from './mail/plugin';
import { usersPlugin } from './users/plugin';
import { clientsPlugin } from './clients/plugin';
import { boardsPlugin } from './boards/plugin';
import { assetsPlugin } from './assets/plugin';
import { workspacesPlugin } from './workspaces/plugin';
import { billingPlugin } from './billing/plugin';
import { chatPlugin } from './chat/plugin';
import { commentsPlugin } from './comments/plugin';
import { logsPlugin } from './logs/plugin';
import { realtimePlugin } from './realtime/plugin';
import { libraryPlugin } from './library/plugin';
import { templatesPlugin } from './templates/plugin';
import { adminPlugin } from './admin/plugin';
import { adminUsagePlugin } from './admin/usage/plugin';
import { adminDashboardPlugin } from './admin/dashboard/plugin';
import { announcementsPlugin } from './announcements/plugin';
import { notificationsPlugin } from './notifications/plugin';
import { integrationsPlugin } from './integrations/plugin';
import { documentsPlugin } from './documents/plugin';
import { linksPlugin } from './links/plugin';
import { partnersPlugin } from './partners/plugin';

/**
 * The domain plugins, in registration order. A domain is one folder under platform/
 * with plugin.ts (registration), routes.ts (joi in route options), service.ts (rules)
 * and repo.ts (knex), and api.ts when other domains use it: the one module they may import,
 * also exposed as server.plugins.<name>. Each plugin's `dependencies` name the domains it
 * uses (checked by hapi at initialize; docs/architecture.md "Domains and their api.ts").
 */
export const domainPlugins: Array<ServerRegisterPluginObject<void>> = [
  { plugin: mailPlugin },
  { plugin: accountsPlugin },
  { plugin: usersPlugin },
  { plugin: clientsPlugin },
  { plugin: workspacesPlugin },
  { plugin: billingPlugin },
  { plugin: boardsPlugin },
  { plugin: assetsPlugin },
  // the link-preview proxy of link cards (issue 34)
  { plugin: linksPlugin },
  { plugin: chatPlugin },
  { plugin: commentsPlugin },
  { plugin: logsPlugin },
  { plugin: libraryPlugin },
  { plugin: templatesPlugin },
  { plugin: realtimePlugin },
  { plugin: adminPlugin },
  { plugin: adminUsagePlugin },
  { plugin: adminDashboardPlugin },
  { plugin: announcementsPlugin },
  { plugin: notificationsPlugin },
  { plugin: integrationsPlugin },
  // the help pages at /documents/* (docs/help/*.md)
  { plugin: documentsPlugin },
  // partners, their programmes and payouts (issue 29)
  { plugin: partnersPlugin },
];
