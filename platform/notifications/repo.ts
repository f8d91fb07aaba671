import type { Db } from '../db/index';
import type { Channel, FeedAction, NotificationType } from './types';

export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  message: string;
  actions: FeedAction[];
  is_read: boolean;
  created_at: Date;
}

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function insertNotification(
  db: Db,
  row: { userId: string; type: NotificationType; message: string; actions: FeedAction[] },
): Promise<NotificationRow> {
  const [saved] = await db('notifications')
    .insert({ user_id: row.userId, type: row.type, message: row.message, actions: JSON.stringify(row.actions) })
    .returning('*');
  return saved as NotificationRow;
}

/** The user's feed, newest first (the list protocol's base query is built in routes.ts). */
export const feedBase = (db: Db, userId: string) => db('notifications as n').where('n.user_id', userId);

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [{ count }] = (await db('notifications').where({ user_id: userId, is_read: false }).count({ count: '*' })) as Array<{
    count: string | number;
  }>;
  return Number(count);
}

/** Marks one of the user's own items read; undefined when the user has no such item. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db('notifications').where({ id, user_id: userId }).update({ is_read: true }).returning('*');
  return row as NotificationRow | undefined;
}

export async function preferencesOf(db: Db, userId: string): Promise<Array<{ type: string; channel: string; active: boolean }>> {
  return db('notification_preferences').where({ user_id: userId }).select('type', 'channel', 'active');
}

export async function setPreference(db: Db, userId: string, type: NotificationType, channel: Channel, active: boolean): Promise<void> {
  await db('notification_preferences')
    .insert({ user_id: userId, type, channel, active })
    .onConflict(['user_id', 'type', 'channel'])
    .merge({ active, updated_at: db.fn.now() });
}

/** Saves a browser's subscription for the user (a known endpoint moves to this user). */
export async function savePushSubscription(
  db: Db,
  userId: string,
  sub: { endpoint: string; p256dh: string; auth: string },
  keep: number,
): Promise<void> {
  await db('push_subscriptions')
    .insert({ user_id: userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth })
    .onConflict('endpoint')
    .merge({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, created_at: db.fn.now() });
  const old = await db('push_subscriptions')
    .where({ user_id: userId })
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(keep)
    .select('id');
  if (old.length)
    await db('push_subscriptions')
      .whereIn(
        'id',
        old.map((r) => r.id),
      )
      .delete();
}

export async function pushSubscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db('push_subscriptions').where({ user_id: userId }).orderBy('created_at');
}

export async function deletePushSubscription(db: Db, userId: string, where: { id?: string; endpoint?: string }): Promise<void> {
  await db('push_subscriptions')
    .where({ user_id: userId, ...where })
    .delete();
}
