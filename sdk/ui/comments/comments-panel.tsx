import { useState } from 'react';
import { truncateAuthor, type CommentsStore, type Thread } from '../../collab/comments';
import type { Editor } from '../../editor/editor';
import { useEditorTick } from '../editor-hooks';
import { useSubject } from '../hooks';
import { BoardIcon } from '../icons';

/**
 * The comments panel (board.md §2: right side, 450 px): the board's threads, open or resolved,
 * newest activity first, with their unread counts; choosing one zooms to its marker and opens it.
 */
export function CommentsPanel({ store, editor }: { store: CommentsStore; editor: Editor }) {
  useEditorTick(editor, ['changes']);
  const threads = useSubject(store.threads$);
  const [filter, setFilter] = useState<'open' | 'resolved'>('open');
  const rows = store
    .markers()
    .map((m) => ({ marker: m, thread: threads.get(m.threadId) }))
    .filter((r): r is { marker: (typeof r)['marker']; thread: Thread } => !!r.thread && r.thread.comments.length > 0)
    .filter((r) => (filter === 'resolved') === !!r.marker.resolved)
    .sort((a, b) => latest(b.thread).localeCompare(latest(a.thread)));

  return (
    <aside
      className="tb-panel tb-side"
      aria-label="Comments panel"
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.key === 'Escape' && store.panel$.next(false)}
    >
      <header className="tb-side__head">
        <h2>Comments</h2>
        <span className="tb-grow" />
        <button type="button" className="tb-btn" aria-label="Close comments panel" title="Close" onClick={() => store.panel$.next(false)}>
          <BoardIcon name="close" size={18} />
        </button>
      </header>
      <div className="tb-segmented" role="group" aria-label="Show">
        {(['open', 'resolved'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === 'open' ? 'Open' : 'Resolved'}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="tb-side__empty">
          {filter === 'open' ? 'No open comments. Use the comment tool in the toolbox to add one.' : 'No resolved comments'}
        </p>
      ) : (
        <ul className="tb-side__list">
          {rows.map(({ thread }) => {
            const first = thread.comments[0]!;
            const unread = thread.comments.filter((c) => !c.seen).length;
            const replies = thread.comments.length - 1;
            return (
              <li key={thread.threadId}>
                <button type="button" className="tb-side__item" data-thread={thread.threadId} onClick={() => store.reveal(thread.threadId)}>
                  <span className="tb-side__row">
                    <strong title={first.name}>{truncateAuthor(first.name || 'Guest')}</strong>
                    <span className="tb-grow" />
                    {unread > 0 && <span className="tb-badge">{unread} unread</span>}
                  </span>
                  <span className="tb-side__text">{first.message}</span>
                  <span className="tb-muted">{replies === 0 ? 'No replies' : replies === 1 ? '1 reply' : `${replies} replies`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}

const latest = (t: Thread) => t.comments[t.comments.length - 1]?.createdDate ?? '';
