import Boom from '@hapi/boom';
import { UUID_REGEX } from '../../shared/constants';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { fieldError } from '../core/errors';
import { linkMail, plain, sendMailLater } from '../mail/api';
import { findUserById } from '../users/api';
import { endpointAllowed, pushLater } from './push';
import * as repo from './repo';
import {
  CHANNELS,
  DEFAULT_ACTIVE,
  MAX_PUSH_SUBSCRIPTIONS,
  NOTIFICATION_TYPES,
  type Channel,
  type FeedAction,
  type NotificationType,
} from './types';

type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const PUSH_PARAMETERS_NEEDED = 'Desktop notifications need the browser subscription (endpoint, p256dh, auth).';
export const PUSH_ENDPOINT_REFUSED = 'This push service address cannot be used.';

/** panel.md §3 Notification preference: id, type, channels [{channel, active}] (plus a name and description to show). */
export interface PreferenceView {
  id: string;
  type: NotificationType;
  name: string;
  description: string;
  channels: Array<{ channel: Channel; active: boolean }>;
}

/** panel.md §3 Feed item. */
export interface FeedItem {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  actions: FeedAction[];
  createdAt: string;
}

function userOf(actor: Actor | null): string {
  if (!actor?.userId) throw Boom.unauthorized();
  return actor.userId;
}

export const feedItem = (r: repo.NotificationRow): FeedItem => ({
  id: r.id,
  type: r.type,
  message: r.message,
  isRead: r.is_read,
  actions: typeof r.actions === 'string' ? JSON.parse(r.actions) : r.actions,
  createdAt: new Date(r.created_at).toISOString(),
});

/** GET /api/notifications/data: the VAPID public key a browser subscribes with. */
export const notificationData = (app: App) => ({ publicKey: app.config.vapid.publicKey });

async function activeMap(app: App, userId: string): Promise<(type: NotificationType, channel: Channel) => boolean> {
  const rows = await repo.preferencesOf(app.db, userId);
  const set = new Map(rows.map((r) => [`${r.type}/${r.channel}`, r.active]));
  return (type, channel) => set.get(`${type}/${channel}`) ?? DEFAULT_ACTIVE[channel];
}

/** GET /api/users/notifications: every type with its two channels (defaults where not chosen). */
export async function preferences(app: App, actor: Actor | null): Promise<PreferenceView[]> {
  const active = await activeMap(app, userOf(actor));
  return NOTIFICATION_TYPES.map((t) => ({
    id: t.key,
    type: t.key,
    name: t.name,
    description: t.description,
    channels: CHANNELS.map((channel) => ({ channel, active: active(t.key, channel) })),
  }));
}

export interface PreferenceInput {
  type: NotificationType;
  channel: Channel;
  active: boolean;
  parameters?: { endpoint: string; p256dh: string; auth: string } | null;
}

/**
 * POST /api/users/notifications {type, channel, active, parameters}: sets one switch. Turning
 * Desktop on carries this browser's push subscription (parameters), kept for the account;
 * turning it off keeps the subscription (other types may still use it).
 */
export async function savePreference(app: App, actor: Actor | null, input: PreferenceInput): Promise<PreferenceView[]> {
  const userId = userOf(actor);
  if (input.channel === 'Desktop' && input.active) {
    if (!input.parameters) throw fieldError('parameters', PUSH_PARAMETERS_NEEDED);
    if (!(await endpointAllowed(input.parameters.endpoint, app.config.fetchPrivateHosts)))
      throw fieldError('parameters', PUSH_ENDPOINT_REFUSED);
    await repo.savePushSubscription(app.db, userId, input.parameters, MAX_PUSH_SUBSCRIPTIONS);
  }
  await repo.setPreference(app.db, userId, input.type, input.channel, input.active);
  return preferences(app, actor);
}

/** The feed's base query for the list protocol: the caller's own items only. */
export function feedBase(app: App, actor: Actor | null) {
  return repo.feedBase(app.db, userOf(actor));
}

export async function unreadCount(app: App, actor: Actor | null): Promise<number> {
  return repo.countUnread(app.db, userOf(actor));
}

/** POST /api/users/notifications/{id}/read: false → true (panel.md §4); another user's item is a 404. */
export async function markRead(app: App, actor: Actor | null, id: string): Promise<FeedItem> {
  const userId = userOf(actor);
  const row = UUID_REGEX.test(id) ? await repo.markRead(app.db, userId, id) : undefined;
  if (!row) throw Boom.notFound(NOTIFICATION_NOT_FOUND);
  return feedItem(row);
}

export interface NotifyInput {
  message: string;
  actions?: FeedAction[];
  /**
   * E-mail this notification (Email preference permitting) with this subject. Omitted when the
   * event sends its own mail anyway (an invitation's mail carries its link whatever the settings).
   */
  mail?: { subject: string };
}

/**
 * The one way an event tells a user: a feed item always; an e-mail when asked for and the Email
 * switch of the type is on; a Web Push to each of the user's browsers when Desktop is on. Never
 * throws at the caller (the event already happened): failures are logged.
 */
export async function notify(app: App, userId: string, type: NotificationType, input: NotifyInput): Promise<FeedItem | null> {
  try {
    const user = await findUserById(app.db, userId);
    if (!user || !user.is_active) return null;
    const message = input.message.slice(0, 1000);
    const actions = (input.actions ?? []).filter((a) => /^\/(?![/\\])/.test(a.action)).slice(0, 3);
    const row = await repo.insertNotification(app.db, { userId, type, message, actions });
    const active = await activeMap(app, userId);
    const first = actions[0];
    if (input.mail && active(type, 'Email')) {
      const kind = NOTIFICATION_TYPES.find((t) => t.key === type)!;
      sendMailLater(
        app,
        linkMail({
          to: user.username,
          subject: input.mail.subject,
          lead: [plain(message)],
          action: first?.name ?? 'Open Tabula',
          link: `${app.config.publicUrl}${first?.action ?? '/panel/home'}`,
          notes: [
            `You get this e-mail for "${kind.name}". Change it in your notification settings: ${app.config.publicUrl}/panel/profile-setting/notification-settings`,
          ],
        }),
      );
    }
    if (active(type, 'Desktop'))
      pushLater(app, userId, { id: row.id, title: 'Tabula', body: message, url: first?.action ?? '/panel/home' });
    return feedItem(row);
  } catch (err) {
    app.logger.error({ err, userId, type }, 'notification failed');
    return null;
  }
}
