import { NavLink, Outlet } from 'react-router';
import { tabsUnder } from '../registry';

export const PROFILE_SETTING = '/panel/profile-setting';

/** /panel/profile-setting: tabs (details now; integrations etc. when their routes exist) and the tab's page. */
export function ProfileSettingPage() {
  const tabs = tabsUnder(PROFILE_SETTING);
  return (
    <div className="p-card">
      <nav className="p-tabs" aria-label="Profile setting">
        {tabs.map((t) => (
          <NavLink key={t.to} to={t.to} className="p-tab">
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="p-card__body">
        <Outlet />
      </div>
    </div>
  );
}
