import { figures, oneRow, type Figure } from './sql';
import type { Statistic } from './statistic';

/**
 * other-statistics (backoffice.md §2 "Statistic blocks: others", §7): what is neither a board nor
 * an account, as title/value figures — workspaces and their members, invitations, developer apps
 * and where they are embedded, subscriptions, and the last 30 days of feedback, contact messages
 * and mail. Each table is small next to the boards (or read through its created_at index), so
 * the whole answer is a handful of counts.
 */
const FIGURES: readonly Figure[] = [
  ['Workspaces', 'workspaces', 'count'],
  ['Workspaces with members', 'shared_workspaces', 'count'],
  ['Workspace members (besides owners)', 'workspace_members', 'count'],
  ['Pending workspace invitations', 'workspace_invitations', 'count'],
  ['Pending board invitations', 'board_invitations', 'count'],
  ['Developer apps', 'apps', 'count'],
  ['Active developer apps', 'active_apps', 'count'],
  ['Embedding origins', 'origins', 'count'],
  ['Embeds accepted', 'embeds', 'count'],
  ['Embeds refused', 'refusals', 'count'],
  ['Active subscriptions', 'subscriptions', 'count'],
  ['Seats of active subscriptions', 'seats', 'count'],
  ['Current announcements', 'announcements', 'count'],
  ['Feedback in the last 30 days', 'feedbacks_30', 'count'],
  ['Contact messages in the last 30 days', 'contacts_30', 'count'],
  ['Mails in the last 30 days', 'mails_30', 'count'],
  ['Mails failed in the last 30 days', 'mails_failed_30', 'count'],
];

export const otherStatistics: Statistic = {
  name: 'other-statistics',
  title: 'Others',
  description:
    'Workspaces and their members, pending invitations, developer apps and their embeds, active subscriptions, current announcements, and the last 30 days of feedback, contacts and mail.',
  block: 'others',
  rows: 'title-value',
  params: {},
  async query(db) {
    const row = await oneRow<Record<string, unknown>>(
      db,
      `select
         (select count(*)::int from workspaces) as workspaces,
         (select count(distinct workspace_id)::int from workspace_members) as shared_workspaces,
         (select count(*)::int from workspace_members) as workspace_members,
         (select count(*)::int from workspace_invitations
           where accepted_at is null and revoked_at is null and expires_at > now()) as workspace_invitations,
         (select count(*)::int from board_invitations where accepted_at is null and expires_at > now()) as board_invitations,
         (select count(*)::int from clients) as apps,
         (select count(*)::int from clients where is_active) as active_apps,
         (select count(*)::int from client_embed_origins) as origins,
         (select coalesce(sum(embeds), 0)::int from client_embed_origins) as embeds,
         (select coalesce(sum(refusals), 0)::int from client_embed_origins) as refusals,
         (select count(*)::int from subscriptions where status = 'Active') as subscriptions,
         (select coalesce(sum(quantity), 0)::int from subscriptions where status = 'Active') as seats,
         (select count(*)::int from announcements where ends_at > now()) as announcements,
         (select count(*)::int from feedbacks where created_at >= now() - interval '30 days') as feedbacks_30,
         (select count(*)::int from contacts where created_at >= now() - interval '30 days') as contacts_30,
         (select count(*)::int from outbox where created_at >= now() - interval '30 days') as mails_30,
         (select count(*)::int from outbox where created_at >= now() - interval '30 days' and status = 'failed') as mails_failed_30`,
    );
    return figures(row, FIGURES);
  },
};
