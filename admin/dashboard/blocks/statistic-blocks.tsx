import { useMemo } from 'react';
import { isStatistic, type CatalogueEntry } from '../statistics-api';
import { StatisticBlock } from './statistic-block';
import { blocksOf } from './texts';

/** Every statistic block of the catalogue, in the dashboard's order (backoffice.md §2). */
export function StatisticBlocks({ catalogue }: { catalogue: CatalogueEntry[] }) {
  const blocks = useMemo(() => blocksOf(catalogue.filter(isStatistic)), [catalogue]);
  if (!blocks.length) return null;
  return (
    <div className="a-dash__stats">
      {blocks.map(({ block, entries }) => (
        <StatisticBlock key={block} block={block} entries={entries} />
      ))}
    </div>
  );
}
