import type { Plugin } from '@hapi/hapi';
import { adminAnnouncementRoutes } from '../admin/announcements/routes';
import { installAnnouncementFanOut } from './fanout';
import { announcementRoutes } from './routes';

/**
 * Announcements (backoffice.md §2, §3, §7; board.md §7 `announcement` event): operators publish
 * (platform/admin/announcements, operator-only and audited), every node sends them to its open
 * boards (./fanout.ts), boards opened later read the current ones (./routes.ts). Registered
 * after the realtime plugin (it sends on the hub's sockets) and the admin plugin (operator scope).
 */
export const announcementsPlugin: Plugin<void> = {
  name: 'announcements',
  dependencies: ['realtime', 'admin'],
  register(server) {
    server.route([...announcementRoutes, ...adminAnnouncementRoutes]);
    const stop = installAnnouncementFanOut(server);
    server.ext('onPreStop', () => stop());
  },
};
