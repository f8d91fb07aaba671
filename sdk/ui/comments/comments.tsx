import { useEffect, useMemo } from 'react';
import { filter } from 'rxjs';
import { POLICY } from '../../../shared/policies';
import { attachComments, CommentsStore } from '../../collab/comments';
import type { Editor } from '../../editor/editor';
import type { SyncClient } from '../../sync/sync-client';
import { useEditorTick } from '../editor-hooks';
import { useSubject } from '../hooks';
import { BoardIcon } from '../icons';
import { CommentBox } from './comment-box';
import { CommentsPanel } from './comments-panel';
import { UnreadBadges } from './unread-badges';

/**
 * The comments of the board shown (board.md §4): the store, attached to the editor (the comment
 * tool and the context menu reach it), threads loaded once online and again after a reconnect;
 * choosing a marker with the select tool opens its thread. Null until there is a board.
 */
export function useComments(editor: Editor | null, sync: SyncClient | null, code: string | null | undefined): CommentsStore | null {
  const store = useMemo(
    () => (editor && sync && code ? new CommentsStore(sync, editor, code, () => sync.me$.value?.name || 'Guest') : null),
    [editor, sync, code],
  );
  useEffect(() => {
    if (!store || !editor || !sync) return;
    const detach = attachComments(editor, store);
    void store.load();
    const reconnected = sync.events$.pipe(filter((e) => e.event === 'onReconnected')).subscribe(() => void store.load());
    const selected = editor.selection$.subscribe((ids) => {
      if (ids.length !== 1) return;
      const shape = editor.doc.get(ids[0]!);
      // the comment feature's own kind (a pin and its thread): not a kind switch (shape-registry.test.ts)
      if (shape?.cmd === 'comment') store.open(shape.threadId);
    });
    return () => {
      detach();
      reconnected.unsubscribe();
      selected.unsubscribe();
      store.dispose();
    };
  }, [editor, sync, store]);
  return store;
}

/** Comments on the canvas: unread counts on the markers, the comment box, the comments panel (board.md §2). */
export function CommentsLayer({ store, editor, sync }: { store: CommentsStore; editor: Editor; sync: SyncClient }) {
  useEditorTick(editor, ['changes']);
  const box = useSubject(store.box$);
  const panel = useSubject(store.panel$);
  const members = useSubject(sync.members$);
  const claims = useSubject(sync.claims$);
  // board.md §6: a client claim enables mentions
  const mentions = Boolean(claims.client);
  const others = members.filter((m) => !m.isSelf && m.uid !== sync.uid && m.name);
  return (
    <>
      <UnreadBadges editor={editor} store={store} markers={store.markers()} />
      {panel && <CommentsPanel store={store} editor={editor} />}
      {box && (
        <CommentBox
          key={'threadId' in box ? box.threadId : 'draft'}
          store={store}
          editor={editor}
          target={box}
          members={others}
          mentions={mentions}
        />
      )}
    </>
  );
}

/** The comments panel's button (with an unread dot): shown with the comments policy, or when the board has comments. */
export function CommentsButton({ store, editor, sync }: { store: CommentsStore; editor: Editor; sync: SyncClient }) {
  useEditorTick(editor, ['changes']);
  const panel = useSubject(store.panel$);
  const threads = useSubject(store.threads$);
  const claims = useSubject(sync.claims$);
  const markers = store.markers();
  if (!claims.policies.includes(POLICY.comments) && markers.length === 0) return null;
  const unread = markers
    .filter((m) => !m.resolved)
    .reduce((n, m) => n + (threads.get(m.threadId)?.comments.filter((c) => !c.seen).length ?? 0), 0);
  return (
    <button
      type="button"
      className="tb-btn tb-panel tb-dock-btn"
      aria-label={unread ? `Comments, ${unread} unread` : 'Comments'}
      title="Comments"
      aria-expanded={panel}
      onClick={() => store.panel$.next(!panel)}
    >
      <BoardIcon name="comments" size={20} />
      {unread > 0 && <span className="tb-unread-dot" aria-hidden="true" />}
    </button>
  );
}
