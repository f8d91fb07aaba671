/**
 * What other domains may use of announcements (docs/architecture.md "Domains and their api.ts"):
 * storing and removing one (the back-office's announcement routes) and sending it to every open
 * board. Exposed too as `server.plugins.announcements`.
 */
export { publishAnnouncement } from './fanout';
export { deleteAnnouncement, insertAnnouncement, toAnnouncement, type AnnouncementRow } from './repo';
/** The joi schema of an announcement as answered (the back-office's grid extends it; docs/api.md "Wire types"). */
export { announcementSchema } from './routes';
