import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { Icon, Logo, useClaims, useSubject } from '../../ui';
import { refreshWorkspaces, workspaces$ } from '../workspace/api';
import { openNewWorkspace } from '../workspace/new-workspace-dialog';
import { ADMIN_NAV, MAIN_NAV, PARTNER_NAV, type NavItem } from '../nav';
import { routeExists } from '../registry';

const hasRole = (roles: string[] | undefined, role: string) => Boolean(roles?.some((r) => r.toLowerCase() === role));

function Item({ item }: { item: NavItem }) {
  return (
    <NavLink to={item.to} className="p-nav__link">
      <Icon name={item.icon} />
      <span>{item.label}</span>
    </NavLink>
  );
}

/** The browse menu of workspaces (panel.md §2): each opens its boards; New workspace opens the shell's dialog. */
function WorkspacesMenu() {
  const workspaces = useSubject(workspaces$);
  useEffect(() => {
    if (!workspaces$.value) void refreshWorkspaces();
  }, []);
  return (
    <nav className="p-nav" aria-label="Workspaces">
      <div className="p-nav__section">Workspaces</div>
      {(workspaces ?? []).map((w) => {
        // someone else's workspace says whose it is (two may both be 'My workspace')
        const label = !w.isOwner && w.ownerName ? `${w.name} · ${w.ownerName}` : w.name;
        return (
          <NavLink key={w.id} to={`/panel/workspace/${w.id}`} className="p-nav__link" title={label}>
            <Icon name="boards" />
            <span className="p-nav__text">{label}</span>
          </NavLink>
        );
      })}
      {routeExists('/panel/workspace/shared/boards') && (
        <NavLink to="/panel/workspace/shared/boards" className="p-nav__link">
          <Icon name="user" />
          <span>Shared with me</span>
        </NavLink>
      )}
      <button type="button" className="p-nav__link p-nav__button" onClick={openNewWorkspace}>
        <Icon name="plus" />
        <span>New workspace</span>
      </button>
    </nav>
  );
}

/**
 * The sidebar: Home, Boards, Profile for everyone; Partnership for partners; the admin links
 * for platform administrators (role claim), each once its screen exists in the route table.
 */
export function Sidebar() {
  const claims = useClaims();
  const partner = hasRole(claims?.role, 'partner') ? PARTNER_NAV.filter((i) => routeExists(i.to)) : [];
  const admin = hasRole(claims?.role, 'admin') ? ADMIN_NAV.filter((i) => routeExists(i.to)) : [];
  return (
    <aside className="p-sidebar">
      <Link to="/panel/home" className="p-sidebar__brand" aria-label="Tabula home">
        <Logo size={30} />
        <span>Tabula</span>
      </Link>
      <nav className="p-nav" aria-label="Main">
        {MAIN_NAV.map((item) => (
          <Item key={item.to} item={item} />
        ))}
        {partner.map((item) => (
          <Item key={item.to} item={item} />
        ))}
      </nav>
      <WorkspacesMenu />
      {admin.length > 0 && (
        <nav className="p-nav" aria-label="Administration">
          <div className="p-nav__section">Administration</div>
          {admin.map((item) => (
            <Item key={item.to} item={item} />
          ))}
        </nav>
      )}
    </aside>
  );
}
