/**
 * The notification types and channels (panel.md §3 "Notification preference"; docs/panel.md
 * "Notifications and integrations"). Every type has both channels; a preference not set is
 * the default: Email on, Desktop off.
 */
export const NOTIFICATION_TYPES = [
  { key: 'board-invitation', name: 'Board invitations', description: 'You were invited to a board.' },
  { key: 'workspace-invitation', name: 'Workspace invitations', description: 'You were invited to a workspace.' },
  { key: 'comment-mention', name: 'Mentions in comments', description: 'Someone mentioned you in a comment.' },
  { key: 'board-shared', name: 'Boards shared with you', description: 'A board was shared with you.' },
  { key: 'subscription', name: 'Subscription', description: 'Changes to your subscription and payments.' },
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number]['key'];
export const NOTIFICATION_TYPE_KEYS = NOTIFICATION_TYPES.map((t) => t.key) as NotificationType[];

export const CHANNELS = ['Email', 'Desktop'] as const;
export type Channel = (typeof CHANNELS)[number];

export const DEFAULT_ACTIVE: Record<Channel, boolean> = { Email: true, Desktop: false };

/**
 * Feed page size. panel.md §4/§9 show 'Load more' once 5 or more items are loaded; a page of
 * 10 fills the popover and a short page (< 10) tells the client there is nothing more.
 */
export const FEED_PAGE_SIZE = 10;

/** One action of a feed item: a button name and the path of this site it opens. */
export interface FeedAction {
  name: string;
  action: string;
}

/** At most this many push subscriptions (browsers) per account: the oldest goes first. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
