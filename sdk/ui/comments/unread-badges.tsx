import { COMMENT_MARKER_SIZE } from '../../../shared/constants';
import type { CommentShape } from '../../../shared/model';
import type { CommentsStore } from '../../collab/comments';
import type { Editor } from '../../editor/editor';
import { useSubject } from '../hooks';

/** The unread count on each open thread's marker (board.md §4: a comment is unread until seen). */
export function UnreadBadges({ editor, store, markers }: { editor: Editor; store: CommentsStore; markers: CommentShape[] }) {
  const view = useSubject(editor.viewport.state$);
  useSubject(store.threads$);
  const k = COMMENT_MARKER_SIZE * view.scale;
  return (
    <div className="tb-comment-badges" aria-hidden="true">
      {markers
        .filter((m) => !m.resolved)
        .map((m) => {
          const n = store.unreadCount(m.threadId);
          if (!n) return null;
          return (
            <span
              key={m.id}
              className="tb-badge tb-badge--marker"
              data-thread={m.threadId}
              style={{ transform: `translate(${m.x * view.scale + view.tx + k - 8}px, ${m.y * view.scale + view.ty - 8}px)` }}
            >
              {n}
            </span>
          );
        })}
    </div>
  );
}
