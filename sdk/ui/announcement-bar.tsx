import { useEffect, useMemo, useState } from 'react';
import { dismissalKey, isShown, shownUntil, type Announcement, type Dismissed } from '../../shared/announcements';
import { BOARD_MESSAGES as M } from '../sync/messages';
import type { SyncClient } from '../sync/sync-client';
import { useObservable } from './hooks';

/** Where dismissals are remembered (backoffice.md §2: a maintenance announcement by its start time, news by id). */
export const DISMISSED_KEY = 'tabula.announcements.dismissed';
/** How many dismissals are kept (the oldest are forgotten first). */
const DISMISSED_MAX = 50;

const NONE: Dismissed = { starts: [], ids: [] };

function readDismissed(storage: Storage | null): Dismissed {
  try {
    const stored = JSON.parse(storage?.getItem(DISMISSED_KEY) ?? 'null') as Partial<Dismissed> | null;
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return stored ? { starts: list(stored.starts), ids: list(stored.ids) } : NONE;
  } catch {
    return NONE;
  }
}

function writeDismissed(storage: Storage | null, dismissed: Dismissed): void {
  try {
    storage?.setItem(
      DISMISSED_KEY,
      JSON.stringify({ starts: dismissed.starts.slice(-DISMISSED_MAX), ids: dismissed.ids.slice(-DISMISSED_MAX) }),
    );
  } catch {
    // a sandboxed frame without storage: the dismissal lasts for this page only
  }
}

const storageOrNull = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const NO_ANNOUNCEMENTS: Announcement[] = [];

/**
 * The announcement bar (backoffice.md §2 "Announcement display to users"; board.md §8 'New
 * version'): the operators' announcements of `sync.announcements$` and, when the server runs
 * another version than this page, 'A new Tabula version is available' with Update.
 * A maintenance announcement shows only while it starts in the future and was not dismissed;
 * news until it ends. Hide only hides (this page); Dismiss remembers (localStorage: maintenance
 * by start time, news by id).
 */
export function AnnouncementBar({ sync, storage = storageOrNull() }: { sync: SyncClient; storage?: Storage | null }) {
  const announcements = useObservable<Announcement[]>(sync.announcements$, NO_ANNOUNCEMENTS);
  const newVersion = useObservable<string | null>(sync.newVersion$, null);
  const [dismissed, setDismissed] = useState<Dismissed>(() => readDismissed(storage));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [now, setNow] = useState(() => Date.now());

  const shown = useMemo(
    () => announcements.filter((a) => !hidden.has(a.id) && isShown(a, now, dismissed)),
    [announcements, hidden, now, dismissed],
  );

  // an announcement stops showing by itself (maintenance at its start, news at its end): look again then
  useEffect(() => {
    if (!shown.length) return;
    const next = Math.min(...shown.map(shownUntil)) - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next, 0) + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [shown]);
  // one that arrives (or a page that wakes up) is judged against the time now
  useEffect(() => setNow(Date.now()), [announcements]);

  const hide = (id: string) => setHidden((h) => new Set([...h, id]));
  const dismiss = (a: Announcement) => {
    const { kind, key } = dismissalKey(a);
    const fresh = readDismissed(storage);
    const next = { ...fresh, [kind]: [...fresh[kind].filter((k) => k !== key), key] };
    writeDismissed(storage, next);
    setDismissed(next);
  };

  const showVersion = newVersion !== null && !hidden.has(VERSION_ID);
  if (!shown.length && !showVersion) return null;
  return (
    <section className="tb-announcements" aria-label="Announcements">
      <ul role="status" aria-live="polite">
        {showVersion && (
          <li className="tb-announcement tb-announcement--version" data-announcement="version">
            <p className="tb-announcement__text">{M.newVersion}</p>
            <button type="button" className="tb-btn tb-btn--primary" onClick={() => location.reload()}>
              {M.update}
            </button>
            <HideButton onClick={() => hide(VERSION_ID)} />
          </li>
        )}
        {shown.map((a) => (
          <li
            key={a.id}
            className={`tb-announcement tb-announcement--${a.type === 'ScheduledMaintenance' ? 'maintenance' : 'news'}`}
            data-announcement={a.id}
          >
            <p className="tb-announcement__text">
              <strong>{a.type === 'ScheduledMaintenance' ? 'Scheduled maintenance' : 'News'}:</strong> {a.message}
              {a.type === 'ScheduledMaintenance' && (
                <span className="tb-announcement__when">
                  {' '}
                  (starts {when(a.start)}, {a.duration} min)
                </span>
              )}
            </p>
            <button type="button" className="tb-btn" onClick={() => dismiss(a)}>
              Dismiss
            </button>
            <HideButton onClick={() => hide(a.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const VERSION_ID = '#version';

function HideButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="tb-btn tb-announcement__hide" aria-label="Hide" title="Hide" onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** A start time as the reader's clock shows it: today's as a time, another day's with its date. */
function when(iso: string): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return d.toDateString() === new Date().toDateString()
    ? `at ${time}`
    : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} at ${time}`;
}
