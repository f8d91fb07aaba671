import { useCallback, useEffect, useRef, useState } from 'react';
import { dayHeading, dayOf, groupByDay, type HistoryEntry } from '../../shared/history';
import type { Shape, ShapeKind } from '../../shared/model';
import type * as Wire from '../../shared/wire';
import { Spinner } from '../../ui/spinner';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { SidePanel } from './side-panel';
import { useMemberColors } from './member-color';

/** How often at most the open panel reads the history again while the board changes. */
export const HISTORY_REFRESH_MS = 2000;

export const HISTORY_EMPTY = 'No changes yet. What members do on this board shows here.';
export const HISTORY_FAILED = 'The board history could not be loaded.';

/** The viewer's offset from UTC in minutes (the server groups entries by the viewer's day). */
const utcOffset = () => -new Date().getTimezoneOffset();

/** GET /api/boards/{code}/history as this visitor. */
export function loadHistory(sync: SyncClient, code: string): Promise<HistoryEntry[]> {
  return sync.request<Wire.BoardHistory>('GET', `/api/boards/${encodeURIComponent(code)}/history?tz=${utcOffset()}`) as Promise<
    HistoryEntry[]
  >;
}

/**
 * Restore: the removed shapes re-added as they were just before the removal — a normal command
 * (one add, or one commandSet of adds: one Ctrl+Z takes it back), applied here at once and sent
 * like any other, so everyone sees it and it survives a reload.
 */
export function restoreEntry(editor: Editor, entry: HistoryEntry): boolean {
  const shapes = (entry.shapes ?? []).filter((s) => !editor.doc.has(s.id)) as Array<Shape & { cmd: ShapeKind }>;
  if (!shapes.length || !editor.canEdit()) return false;
  editor.addShapes(shapes);
  return true;
}

type Load = { phase: 'loading' } | { phase: 'ready'; entries: HistoryEntry[] } | { phase: 'failed' };

/**
 * The Board history panel (board.md §2: right side, 450 px; §3 Activity entry): the board's recent
 * changes in words, newest first under day headings, each with the member's colour and initial and
 * its time; a recent removal offers Restore. Read on open and again (throttled) while the board
 * changes. Escape or the close button closes it; focus goes to the close button on open and back to
 * what opened it on close.
 */
export function HistoryPanel({ editor, sync, code, onClose }: { editor: Editor; sync: SyncClient; code: string; onClose: () => void }) {
  const colorOf = useMemberColors();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [restored, setRestored] = useState<ReadonlySet<string>>(new Set());
  const seq = useRef(0);

  const refresh = useCallback(() => {
    const mine = ++seq.current;
    loadHistory(sync, code).then(
      (entries) => {
        if (mine !== seq.current) return;
        setLoad({ phase: 'ready', entries });
        // 'Restored' stays until the server's answer no longer offers it (the re-add may still be on its way)
        setRestored((done) => new Set([...done].filter((id) => entries.some((e) => e.id === id && e.restore))));
      },
      () => mine === seq.current && setLoad((l) => (l.phase === 'ready' ? l : { phase: 'failed' })),
    );
  }, [sync, code]);

  // on open, then at most every HISTORY_REFRESH_MS while the board changes (anyone's command)
  useEffect(() => {
    // closing drops an answer still on its way (the same counter `refresh` numbers its reads with)
    const reads = seq;
    refresh();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = Date.now();
    const sub = editor.changes$.subscribe(() => {
      if (timer) return;
      const wait = Math.max(0, HISTORY_REFRESH_MS - (Date.now() - last));
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        refresh();
      }, wait);
    });
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
      reads.current++;
    };
  }, [editor, refresh]);

  const today = dayOf(Date.now(), utcOffset());
  return (
    <SidePanel
      label="Board history panel"
      title="Board history"
      closeLabel="Close board history"
      className="tb-history"
      focusFirst=".tb-side__close"
      onClose={onClose}
    >
      {load.phase === 'loading' && (
        <div className="tb-side__empty">
          <Spinner size={22} label="Loading board history" />
        </div>
      )}
      {load.phase === 'failed' && (
        <div className="tb-side__empty" role="alert">
          <p>{HISTORY_FAILED}</p>
          <button
            type="button"
            className="tb-btn"
            onClick={() => {
              setLoad({ phase: 'loading' });
              refresh();
            }}
          >
            Retry
          </button>
        </div>
      )}
      {load.phase === 'ready' && load.entries.length === 0 && <p className="tb-side__empty">{HISTORY_EMPTY}</p>}
      {load.phase === 'ready' && load.entries.length > 0 && (
        <div className="tb-history__days">
          {groupByDay(load.entries).map((d) => (
            <section key={d.day} className="tb-history__day" aria-labelledby={`tb-history-${d.day}`}>
              <h3 id={`tb-history-${d.day}`} className="tb-history__heading">
                {dayHeading(d.day, today)}
              </h3>
              <ul className="tb-history__list">
                {d.entries.map((e) => (
                  <HistoryRow
                    key={e.id}
                    entry={e}
                    color={colorOf(e.uid)}
                    restored={restored.has(e.id)}
                    onRestore={() => {
                      if (restoreEntry(editor, e)) setRestored((s) => new Set(s).add(e.id));
                    }}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SidePanel>
  );
}

function HistoryRow({
  entry,
  color,
  restored,
  onRestore,
}: {
  entry: HistoryEntry;
  color: string;
  restored: boolean;
  onRestore: () => void;
}) {
  const time = new Date(entry.date);
  const initial = (entry.name.trim()[0] ?? '?').toUpperCase();
  return (
    <li className="tb-history__entry" data-entry={entry.id}>
      <span className="tb-history__avatar" style={{ background: color }} aria-hidden="true">
        {initial}
      </span>
      <span className="tb-history__what">
        <span className="tb-history__text">{entry.description}</span>
        <time className="tb-history__time" dateTime={entry.date}>
          {time.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}
        </time>
      </span>
      {entry.restore && !restored && (
        <button type="button" className="tb-btn tb-history__restore" aria-label={`Restore: ${entry.description}`} onClick={onRestore}>
          Restore
        </button>
      )}
      {restored && <span className="tb-history__done">Restored</span>}
    </li>
  );
}
