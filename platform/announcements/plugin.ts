import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { installAnnouncementFanOut } from './fanout';
import { announcementRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    announcements: typeof api;
  }
}

/**
 * Announcements (backoffice.md §2, §3, §7; board.md §7 `announcement` event): operators publish
 * (platform/admin/announcements, operator-only and audited, registered by the admin plugin; they
 * use this domain through ./api.ts), every node sends them to its open boards (./fanout.ts), boards opened later read the
 * current ones (./routes.ts). Registered after the realtime plugin (it sends on the hub's sockets).
 */
export const announcementsPlugin: Plugin<void> = {
  name: 'announcements',
  dependencies: ['realtime'],
  register(server) {
    exposeApi(server, api);
    server.route(announcementRoutes);
    const stop = installAnnouncementFanOut(server);
    server.ext('onPreStop', () => stop());
  },
};
