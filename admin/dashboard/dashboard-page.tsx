import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import { OperatorOnly } from '../shared/operator-only';
import { Announcements } from './announcements';
import { Connections } from './connections';

const CSS = `
.a-dash__block { border: 1px solid var(--t-border-soft); border-radius: 8px; padding: 16px; background: #fff; min-width: 0; }
.a-dash__title { font: 600 15px/1.4 var(--t-font); margin: 0 0 12px; }
.a-dash__form { display: grid; grid-template-columns: 160px minmax(200px, 1fr) 220px 150px auto; gap: 0 12px; align-items: start; margin-bottom: 8px; }
.a-dash__buttons { display: flex; gap: 8px; padding-top: 22px; }
@media (max-width: 1100px) { .a-dash__form { grid-template-columns: 1fr 1fr; } .a-dash__message { grid-column: 1 / -1; } .a-dash__buttons { padding-top: 0; margin-bottom: 16px; } }
`;

/**
 * /panel/dashboard (backoffice.md §2 Dashboard): the node's connections and next scheduled task,
 * and the announcements form with its grid. The other dashboard blocks (engagement tables,
 * statistic blocks, reports, admin actions) come with the back-office work (docs/backoffice.md).
 */
export function DashboardPage() {
  useInsertionEffect(() => injectStyles('tabula-admin-dashboard', CSS), []);
  return (
    <OperatorOnly>
      <Connections />
      <Announcements />
    </OperatorOnly>
  );
}
