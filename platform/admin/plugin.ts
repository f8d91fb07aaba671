import { reportRoutes } from './reports/routes';
import { statisticRoutes } from './statistics/routes';
import type { Plugin } from '@hapi/hapi';
import { registerJob, useJobs } from '../core/jobs/index';
import { recalculateStorage } from './users/service';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { adminAnnouncementRoutes } from './announcements/routes';
import { registerAuditTrail } from './audit/trail';
import { auditRoutes } from './audit/routes';
import { adminBoardRoutes } from './boards/routes';
import { adminUserRoutes } from './users/routes';
import { adminSubscriptionRoutes } from './subscriptions/routes';
import { adminClientRoutes } from './clients/routes';
import { contactRoutes } from './contacts/routes';
import { directoryRoutes } from './directories/routes';
import { feedbackRoutes } from './feedbacks/routes';
import { adminJobRoutes } from './jobs/routes';
import { outboxRoutes } from './outbox/routes';
import { formLimiters, warmCountries } from './sender';
import { systemLogRoutes } from './system-logs/routes';
import { registerOperatorScope } from './operator';
import { grantAdminEmails } from './roles';
import { writeAudit } from './audit/repo';

declare module '@hapi/hapi' {
  interface PluginProperties {
    admin: typeof api;
  }
}

/**
 * The operator back-office's API (docs/backoffice.md): operator authorization (one hapi scope,
 * admin/operator.ts), the audit trail, and one folder per resource.
 */
export const adminPlugin: Plugin<void> = {
  name: 'admin',
  dependencies: ['accounts', 'announcements', 'assets', 'billing', 'boards', 'mail', 'templates', 'users', 'workspaces'],
  async register(server) {
    exposeApi(server, api);
    const { db, config, logger } = server.app;
    registerOperatorScope(server);
    registerAuditTrail(server);
    // the admin actions run as one-off jobs (platform/core/jobs)
    useJobs(server);
    // every account's and workspace's storage, daily (what the over-storage report reads)
    registerJob(server, { name: 'storage-recalc', everyMs: 86_400_000, run: async (app) => ({ ...(await recalculateStorage(app)) }) });
    // ADMIN_EMAILS: the existing accounts of these addresses are operators from the start
    for (const id of await grantAdminEmails(db, config.adminEmails ?? [])) {
      await writeAudit(db, {
        actorId: null,
        actorName: 'ADMIN_EMAILS',
        action: 'role.grant',
        targetType: 'user',
        targetId: id,
        details: { role: 'admin' },
      });
      logger.info({ userId: id }, 'ADMIN_EMAILS: operator role granted');
    }
    // the country database loads a while after the start, not on the first join's path
    server.ext('onPostStart', () => warmCountries());
    const limiters = formLimiters(server, ['feedback', 'contact'] as const);
    server.route([
      ...auditRoutes,
      ...adminBoardRoutes(db),
      ...adminUserRoutes(db),
      ...adminSubscriptionRoutes(db),
      ...feedbackRoutes(limiters.feedback),
      ...contactRoutes(limiters.contact),
      ...directoryRoutes,
      ...outboxRoutes,
      ...adminClientRoutes,
      ...systemLogRoutes,
      ...adminAnnouncementRoutes,
      ...adminJobRoutes,
      ...reportRoutes(db),
      ...statisticRoutes(db),
    ]);
  },
};
