import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import { OperatorOnly } from '../shared/operator-only';
import { Announcements } from './announcements';
import { Connections } from './connections';
import { Reports } from './reports';
import CSS from './dashboard.css?raw';

/**
 * /panel/dashboard (backoffice.md §2 Dashboard): the node's connections and next scheduled task,
 * the announcements form with its grid, and the reports list (CSV and JSON downloads). The other
 * dashboard blocks (engagement tables, statistic blocks, admin actions) come with the back-office
 * work (docs/backoffice.md).
 */
export function DashboardPage() {
  useInsertionEffect(() => injectStyles('tabula-admin-dashboard', CSS), []);
  return (
    <OperatorOnly>
      <Connections />
      <Announcements />
      <Reports />
    </OperatorOnly>
  );
}
