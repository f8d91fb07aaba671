import { boardStatistics, frequencyStatistics } from './boards';
import { contentStatistics } from './content';
import { USAGE_STATISTICS } from './engagement';
import { extensionStatistics } from './extensions';
import { topFeatures } from './features';
import { feedbackStatistics } from './feedback';
import { otherStatistics } from './others';
import { performanceStatistics } from './performance';
import { templateStatistics } from './templates';
import { DASHBOARD_BLOCKS, type Statistic } from './statistic';
import { userStatistics } from './users';

/**
 * Every statistic (backoffice.md §2 "Statistic blocks", §7; docs/backoffice.md "Statistics"), in the
 * order of the dashboard's blocks (DASHBOARD_BLOCKS). A declaration added here has its route
 * (`GET /api/admin/{name}`, ./routes.ts), its OpenAPI entry, its place in the catalogue
 * (`GET /api/admin/reports`, kind 'statistic') and its dashboard block; it still needs a row in
 * tests/security/authz-matrix.test.ts.

 */
const DECLARED: readonly Statistic[] = [
  // engagement, core actions, countries, commands, latest client sessions: usage facts (./engagement.ts)
  ...USAGE_STATISTICS,
  boardStatistics,
  otherStatistics,
  userStatistics,
  performanceStatistics,
  frequencyStatistics,
  feedbackStatistics,
  templateStatistics,
  extensionStatistics,
  topFeatures,
  contentStatistics,
];

const blockOrder = (s: Statistic) => DASHBOARD_BLOCKS.indexOf(s.block);

/** The statistics, block by block (a stable sort: within a block, as declared). */
export const STATISTICS: readonly Statistic[] = [...DECLARED].sort((a, b) => blockOrder(a) - blockOrder(b));
