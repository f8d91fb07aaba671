import type { StatisticEntry, StatisticRow } from '../statistics-api';

/** What a row kind's view is given: the statistic, its block and its rows (never empty). */
export interface ViewProps<Row = StatisticRow> {
  entry: StatisticEntry;
  block: string;
  rows: Row[];
}
