import type { ComponentType } from 'react';
import type { StatisticRows } from '../statistics-api';
import { CountBarsView } from './count-bars-view';
import { EngagementView } from './engagement-view';
import { TitleValueView } from './title-value-view';
import { TypeCountsView } from './type-counts-view';
import type { ViewProps } from './view';

/**
 * One view per row kind: the dashboard draws a statistic from its `rows` alone, so a statistic the
 * server adds shows without work here. A kind this page does not know yet is left out.
 */
export const VIEWS: Record<StatisticRows, ComponentType<ViewProps<never>>> = {
  'title-value': TitleValueView,
  'name-count': CountBarsView,
  'email-count': CountBarsView,
  'type-counts': TypeCountsView,
  engagement: EngagementView,
};
