import { useEffect, useRef } from 'react';
import { COMMENT_COLORS, COMMENT_DEFAULT_COLOR, COMMENT_MARKER_SIZE } from '../../../shared/constants';
import { toast } from '../../../ui/toast';
import { truncateAuthor, type CommentBoxTarget, type CommentsStore } from '../../collab/comments';
import type { Editor } from '../../editor/editor';
import type { BoardMember } from '../../sync/types';
import { useSubject } from '../hooks';
import { BoardIcon } from '../icons';
import { useMemberColors } from '../member-color';
import { MentionInput } from './mention-input';

const BOX_WIDTH = 320;

function errorText(error: unknown, fallback: string): string {
  const m = (error as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : fallback;
}

/**
 * The comment box (board.md §2, §4): beside its marker, the thread's comments (author names
 * truncated past 11 characters), a reply box with mentions, resolve / reopen, the marker's colour
 * and delete (one comment only while the thread has more than one; or the whole thread).
 */
export function CommentBox({
  store,
  editor,
  target,
  members,
  mentions,
}: {
  store: CommentsStore;
  editor: Editor;
  target: CommentBoxTarget;
  members: readonly BoardMember[];
  mentions: boolean;
}) {
  useSubject(store.threads$);
  const view = useSubject(editor.viewport.state$);
  const colorOf = useMemberColors();
  const root = useRef<HTMLElement>(null);
  const threadId = 'threadId' in target ? target.threadId : null;
  const thread = threadId ? store.thread(threadId) : undefined;
  const marker = threadId ? store.marker(threadId) : undefined;
  const point = 'draft' in target ? target.draft : marker ? { x: marker.x, y: marker.y } : null;
  const canWrite = store.canWrite();

  // closes on a click outside (the canvas, another panel)
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (root.current && !e.composedPath().includes(root.current)) store.close();
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [store]);

  if (!point) return null;
  const k = COMMENT_MARKER_SIZE * view.scale;
  const sx = point.x * view.scale + view.tx + k + 8;
  const sy = point.y * view.scale + view.ty;
  const host = root.current?.parentElement;
  const width = host?.clientWidth ?? 1280;
  const height = host?.clientHeight ?? 800;
  const left = sx + BOX_WIDTH > width - 8 ? Math.max(8, sx - k - 16 - BOX_WIDTH) : sx;
  const top = Math.min(Math.max(8, sy), Math.max(8, height - 360));
  const color = marker?.color ?? COMMENT_DEFAULT_COLOR;
  const resolved = marker?.resolved ?? thread?.resolved ?? false;
  const comments = thread?.comments ?? [];

  const send = async (text: string) => {
    try {
      if (threadId) return await store.reply(threadId, text);
      return (await store.create(point.x, point.y, text)) !== null;
    } catch (error) {
      toast.error(errorText(error, 'The comment was not saved'));
      return false;
    }
  };

  return (
    <section
      ref={root}
      className="tb-panel tb-comment"
      role="dialog"
      aria-label={threadId ? 'Comment thread' : 'New comment'}
      style={{ left, top, width: BOX_WIDTH }}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') store.close();
      }}
    >
      <header className="tb-comment__head">
        {canWrite && marker ? (
          <div className="tb-comment__colors" role="radiogroup" aria-label="Comment colour">
            {Object.entries(COMMENT_COLORS).map(([n, hex]) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={Number(n) === color}
                aria-label={`Colour ${n}`}
                className="tb-comment__color"
                style={{ background: hex }}
                onClick={() => store.setColor(threadId!, Number(n))}
              />
            ))}
          </div>
        ) : (
          <h2>{threadId ? 'Comments' : 'New comment'}</h2>
        )}
        <span className="tb-grow" />
        {canWrite && marker && (
          <button
            type="button"
            className="tb-btn"
            aria-label={resolved ? 'Reopen' : 'Resolve'}
            title={resolved ? 'Reopen' : 'Resolve'}
            onClick={() => store.setResolved(threadId!, !resolved)}
          >
            <BoardIcon name={resolved ? 'reload' : 'check'} size={18} />
          </button>
        )}
        {canWrite && marker && (
          <button
            type="button"
            className="tb-btn"
            aria-label="Delete thread"
            title="Delete thread"
            onClick={() => store.deleteThread(threadId!)}
          >
            <BoardIcon name="trash" size={18} />
          </button>
        )}
        <button type="button" className="tb-btn" aria-label="Close comments" title="Close" onClick={() => store.close()}>
          <BoardIcon name="close" size={18} />
        </button>
      </header>
      {comments.length > 0 && (
        <ol className="tb-comment__list" aria-label="Comments">
          {comments.map((c) => (
            <li key={c.id} className="tb-comment__item">
              <div className="tb-comment__meta">
                <span className="tb-avatar" style={{ background: colorOf(c.uid || c.name) }} aria-hidden="true">
                  {(c.name || '?').slice(0, 1).toUpperCase()}
                </span>
                <span className="tb-comment__author" title={c.name}>
                  {truncateAuthor(c.name || 'Guest')}
                </span>
                <time className="tb-muted" dateTime={c.createdDate}>
                  {new Date(c.createdDate).toLocaleString(undefined, {
                    month: 'short',
                    day: 'numeric',
                    hour: 'numeric',
                    minute: '2-digit',
                  })}
                </time>
                <span className="tb-grow" />
                {store.canDeleteComment(threadId!, c) && (
                  <button
                    type="button"
                    className="tb-btn tb-btn--small"
                    aria-label={`Delete comment by ${c.name}`}
                    title="Delete comment"
                    onClick={() =>
                      store.deleteComment(threadId!, c.id).catch((error) => toast.error(errorText(error, 'The comment was not deleted')))
                    }
                  >
                    <BoardIcon name="trash" size={16} />
                  </button>
                )}
              </div>
              <p className="tb-comment__text">{c.message}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && !resolved && (
        <MentionInput
          key={threadId ?? 'draft'}
          label={threadId ? 'Reply' : 'Comment'}
          placeholder={mentions ? 'Write a comment, @ to mention' : 'Write a comment'}
          members={members}
          mentions={mentions}
          onSubmit={send}
          onEscape={() => store.close()}
          autoFocus
        />
      )}
    </section>
  );
}
