import { Outlet, useMatches } from 'react-router';
import { BusyIndicator } from '../../ui';
import { NotificationBell } from '../notifications/bell';
import type { PageHandle } from '../registry';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';
import { ProfileMenu } from './profile-menu';
import { NewWorkspaceDialog } from '../workspace/new-workspace-dialog';
import { Sidebar } from './sidebar';

/** Title and subtitle of the deepest matched route that declares them. */
function usePageHeading(): PageHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as PageHandle | undefined;
    if (handle?.title) return handle;
  }
  return { title: 'Tabula' };
}

/**
 * The signed-in panel (panel.md §2 "Panel shell"): sidebar, header with the page's title and
 * subtitle, notification bell, profile menu, and a busy spinner while any request is in flight.
 */
export function Shell() {
  usePanelStyles();
  const { title, subtitle } = usePageHeading();
  useDocumentTitle(title);
  return (
    <div className="p-shell">
      <Sidebar />
      <div className="p-main">
        <header className="p-header">
          <div>
            <h1 className="p-header__title">{title}</h1>
            {subtitle && <p className="p-header__subtitle">{subtitle}</p>}
          </div>
          <div className="p-header__actions">
            <span className="p-busy">
              <BusyIndicator inline />
            </span>
            <NotificationBell />
            <ProfileMenu />
          </div>
        </header>
        <main className="p-content">
          <Outlet />
        </main>
        <NewWorkspaceDialog />
      </div>
    </div>
  );
}
