import { FEEDBACK_TYPES } from '../../../shared/feedback';
import { rowsOf } from './sql';
import { days, since, type NameCountRow, type Statistic } from './statistic';

/**
 * feedback-statistics (backoffice.md §2 "feedback percentages (positive, neutral, negative)", §7):
 * how many feedbacks of each type (POST /api/feedbacks: positive, neutral, negative) came in the
 * window — one row per type, always in that order, so the dashboard draws them as one stacked bar
 * and the percentages are each count over their sum. Read through the feedbacks created_at index.
 */
export const feedbackStatistics: Statistic<{ Days: number }> = {
  name: 'feedback-statistics',
  title: 'Feedback',
  description: 'Feedbacks by type (positive, neutral, negative) sent in the chosen period.',
  block: 'feedback',
  rows: 'name-count',
  params: { Days: days(true, 0) },
  async query(db, { Days }) {
    const from = since(Days);
    const counted = await rowsOf<{ type: string; count: number }>(
      db,
      `select type, count(*)::int as count from feedbacks ${from ? 'where created_at >= ?' : ''} group by type`,
      from ? [from] : [],
    );
    const byType = new Map(counted.map((r) => [r.type, Number(r.count)]));
    return FEEDBACK_TYPES.map((type): NameCountRow => ({ name: type, count: byType.get(type) ?? 0 }));
  },
};
