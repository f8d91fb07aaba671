import { useEffect, useState } from 'react';
import type { HomeData } from '../../shared/board-list';
import { Link } from 'react-router';
import { FeedbackDialog, Figures, formatBytes, formatDate, http, Icon, Spinner, useSubject, type IconName } from '../../ui';
import { useGreeting } from '../greeting';
import { nameOf, useMe } from '../me';
import { refreshWorkspaces, workspaces$ } from '../workspace/api';
import { openNewWorkspace } from '../workspace/new-workspace-dialog';
import { ActivityChart } from './activity-chart';

/** panel.md §5: the storage figure turns to danger above 1 GiB. */
export const STORAGE_WARNING_BYTES = 1073741824;
/** panel.md §4: the Tehran time zone adds the tag 'iran' to the user. */
export const TEHRAN = 'Asia/Tehran';

interface QuickAction {
  title: string;
  text: string;
  icon: IconName;
  tone?: 'green' | 'amber';
  href?: string;
  /** a page of this app (a router link) */
  to?: string;
  onClick?: () => void;
}

/**
 * /panel/home (panel.md §2 "Panel home"): greeting, quick actions (new board, how-to, templates,
 * feedback), overview statistics with the activity chart, what's next, things to
 * try, recent boards with thumbnails and the workspaces to browse.
 */
export function HomePage() {
  const greeting = useGreeting();
  const me = useMe();
  const name = nameOf(me);
  const [data, setData] = useState<HomeData | null>(null);
  const [feedback, setFeedback] = useState(false);
  const workspaces = useSubject(workspaces$);

  useEffect(() => {
    let live = true;
    http
      .get<HomeData>('/api/panel/home', undefined, { silent: true })
      .then((home) => {
        if (!live) return;
        setData(home);
        if (Intl.DateTimeFormat().resolvedOptions().timeZone === TEHRAN && !home.tags.includes('iran')) {
          void http.put('/api/users/tags', { adds: ['iran'] }, { silent: true }).catch(() => {});
        }
      })
      .catch(() => undefined);
    if (!workspaces$.value) void refreshWorkspaces();
    return () => {
      live = false;
    };
  }, []);

  const actions: QuickAction[] = [
    { href: '/board/new', title: 'New board', text: 'Start a blank board and invite your team.', icon: 'plus' },
    { href: '/documents/how-to', title: 'How-to', text: 'Learn the tools, shortcuts and sharing.', icon: 'book', tone: 'green' },
    { to: '/templates', title: 'Templates', text: 'Start from a retro, kanban, map and more.', icon: 'template' },
    { onClick: () => setFeedback(true), title: 'Feedback', text: 'Tell us what works and what does not.', icon: 'mail', tone: 'amber' },
  ];

  return (
    <>
      <h2 className="p-greeting">
        {greeting}
        {name ? `, ${name}` : ''}
      </h2>
      <p className="p-lead">What would you like to work on today?</p>
      <h3 className="p-section-title">Quick actions</h3>
      <div className="p-actions">
        {actions.map((a) => {
          const body = (
            <>
              <span className={`p-action__icon${a.tone ? ` p-action__icon--${a.tone}` : ''}`}>
                <Icon name={a.icon} size={20} />
              </span>
              <span>
                <strong>{a.title}</strong>
                <span>{a.text}</span>
              </span>
            </>
          );
          if (a.to) {
            return (
              <Link key={a.title} className="p-action" to={a.to}>
                {body}
              </Link>
            );
          }
          return a.href ? (
            <a key={a.title} className="p-action" href={a.href}>
              {body}
            </a>
          ) : (
            <button key={a.title} type="button" className="p-action p-action--button" onClick={a.onClick}>
              {body}
            </button>
          );
        })}
      </div>
      {!data ? (
        <div className="p-loading p-home-block">
          <Spinner label="Loading your overview" /> Loading your overview…
        </div>
      ) : (
        <>
          <div className="p-home-grid">
            <section className="p-card p-home-card" aria-labelledby="overview-title">
              <h3 id="overview-title" className="p-section-title">
                Overview
              </h3>
              <Figures
                items={[
                  { label: 'Boards', value: data.totalBoards },
                  { label: 'Storage', value: formatBytes(data.storage), danger: data.storage > STORAGE_WARNING_BYTES },
                  { label: 'Member since', value: formatDate(data.signupDate) },
                ]}
              />
              <ActivityChart activity={data.coreAction} />
            </section>
            <section className="p-card p-home-card" aria-labelledby="next-title">
              <h3 id="next-title" className="p-section-title">
                What's next
              </h3>
              <ul className="p-checklist">
                <li className={data.totalBoards > 0 ? 'p-checklist--done' : undefined}>
                  <a href="/board/new">Create your first board</a>
                </li>
                <li className={data.coreAction.collaborations > 0 ? 'p-checklist--done' : undefined}>
                  <Link to="/panel/workspace/default/workspace-members">Invite your team to your workspace</Link>
                </li>
                <li className={me?.avatar ? 'p-checklist--done' : undefined}>
                  <Link to="/panel/profile-setting/details">Add your picture to your profile</Link>
                </li>
                <li>
                  <Link to="/panel/workspace/default/workspace-setting">Bring your brand's fonts to your boards</Link>
                </li>
              </ul>
              <h3 className="p-section-title p-home-sub">Try things out</h3>
              <ul className="p-links">
                <li>
                  <a href="/documents/how-to#drawing">Draw, write and add sticky notes</a>
                </li>
                <li>
                  <a href="/documents/how-to#sharing">Share a board with a link</a>
                </li>
                <li>
                  <a href="/documents/how-to#shortcuts">Work faster with keyboard shortcuts</a>
                </li>
                <li>
                  <Link to="/panel/developers">Embed boards in your own app</Link>
                </li>
              </ul>
            </section>
          </div>
          <section className="p-home-block" aria-labelledby="recent-title">
            <h3 id="recent-title" className="p-section-title">
              Recent boards
            </h3>
            {data.recentBoards.length === 0 ? (
              <p className="p-muted">Boards you open show up here.</p>
            ) : (
              <ul className="p-recent">
                {data.recentBoards.map((b) => (
                  <li key={b.code}>
                    <a href={`/board/${b.code}`} className="p-recent__item">
                      <span className="p-board__thumb">
                        {b.thumbnail ? <img src={b.thumbnail} alt="" loading="lazy" /> : <Icon name="boards" size={28} />}
                      </span>
                      <span className="p-recent__name">{b.name || 'Untitled board'}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className="p-home-block" aria-labelledby="browse-title">
        <h3 id="browse-title" className="p-section-title">
          Browse workspaces
        </h3>
        <ul className="p-browse">
          {(workspaces ?? []).map((w) => (
            <li key={w.id}>
              <Link to={`/panel/workspace/${w.id}/boards`}>
                <Icon name="boards" size={16} /> {w.name} <span className="p-muted">({w.numberOfBoards})</span>
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="t-btn t-btn--ghost t-btn--sm" onClick={openNewWorkspace}>
              <Icon name="plus" size={14} /> New workspace
            </button>
          </li>
        </ul>
      </section>
      <FeedbackDialog open={feedback} onClose={() => setFeedback(false)} signedIn />
    </>
  );
}
