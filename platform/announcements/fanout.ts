import type { Server } from '@hapi/hapi';
import type { AnnouncementEvent } from '../../shared/announcements';
import type { HubEvent } from '../../shared/hub';
import { type Bus, type HubSocket, prepareEvent, sendPrepared } from '../realtime/api';

/**
 * Announcements ride the board bus under a code no board can have (board codes are
 * [A-Za-z0-9_-]), like the sessions topic: every node, this one at once and the others through
 * Redis, receives each and sends the `announcement` event to every socket it has on a board.
 */
export const ANNOUNCEMENTS_TOPIC = '!announcements';
const EVENT: HubEvent = 'announcement';

/** Sends an announcement (or its withdrawal) to every board socket on every node. */
export function publishAnnouncement(bus: Bus, event: AnnouncementEvent): Promise<void> {
  return bus.publish(ANNOUNCEMENTS_TOPIC, { event: EVENT, data: event });
}

/** Delivers this topic's messages to this node's board sockets (one frame prepared for all). Returns the unsubscribe. */
export function installAnnouncementFanOut(server: Server): () => void {
  const app = server.app;
  return app.bus.subscribe((code, message) => {
    if (code !== ANNOUNCEMENTS_TOPIC || message.event !== EVENT) return;
    const each = (server as unknown as { eachSocket?: (each: (socket: HubSocket) => void, options?: object) => Promise<void> }).eachSocket;
    if (!each) return;
    const frame = prepareEvent(EVENT, message.data);
    let sent = 0;
    Promise.resolve(
      each.call(
        server,
        (socket: HubSocket) => {
          // sockets that joined a board (a socket still connecting has nothing to show it on)
          if (!socket.app.session) return;
          sendPrepared(socket, frame, EVENT, message.data);
          sent++;
        },
        {},
      ),
    ).then(
      () => app.logger.info({ sockets: sent }, 'announcement delivered'),
      (err: unknown) => app.logger.warn({ err }, 'announcement: walking the sockets failed'),
    );
  });
}
