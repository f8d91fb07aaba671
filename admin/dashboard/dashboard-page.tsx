import { useEffect, useInsertionEffect, useState } from 'react';
import { injectStyles, reportFailure } from '../../ui';
import { OperatorOnly } from '../shared/operator-only';
import { AdminActions } from './admin-actions';
import { Announcements } from './announcements';
import { useDashboardApi } from './api';
import { StatisticBlocks } from './blocks/statistic-blocks';
import { Connections } from './connections';
import { Reports } from './reports';
import type { CatalogueEntry } from './statistics-api';
import CSS from './dashboard.css?raw';

/**
 * /panel/dashboard (backoffice.md §2 Dashboard): the node's connections and next scheduled task,
 * the statistic blocks drawn as charts (engagement first), the admin actions with the job list,
 * the announcements form with its grid, and the reports list (CSV and JSON downloads). The
 * catalogue (GET /api/admin/reports) is read once: it lists the reports and the statistics, and
 * the blocks are made from it (docs/backoffice.md "The dashboard").
 */
export function DashboardPage() {
  useInsertionEffect(() => injectStyles('tabula-admin-dashboard', CSS), []);
  const api = useDashboardApi();
  const [catalogue, setCatalogue] = useState<CatalogueEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    api.reports().then((r) => live && setCatalogue(r), reportFailure);
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <OperatorOnly>
      <Connections />
      {catalogue ? <StatisticBlocks catalogue={catalogue} /> : null}
      <AdminActions />
      <Announcements />
      <Reports reports={catalogue} />
    </OperatorOnly>
  );
}
