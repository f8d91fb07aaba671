import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { attachComments, CommentsStore, type CommentsSession } from '../../sdk/collab/comments';
import type { HubEventMessage } from '../../shared/hub';
import type { CommentShape } from '../../shared/model';
import { harness } from './sdk/helpers';

/**
 * CommentsStore and the comment tool over a headless editor, with a stand-in for the socket and
 * the routes (what the server would answer): the server side is tested for real in
 * tests/api/comments*.test.ts and end to end in tests/e2e/board-comments.spec.ts.
 */
function setup(options: { role?: string; permissions?: string[] } = {}) {
  const h = harness({ uid: 'me', policies: ['app-comment'], ...options });
  const events$ = new Subject<HubEventMessage>();
  const calls: unknown[][] = [];
  const posts: string[] = [];
  let n = 0;
  const session: CommentsSession = {
    uid: 'me',
    events$,
    call: async <T>(...args: unknown[]) => {
      calls.push(args);
      if (args[0] === 'addComment') return { id: `c${++n}`, date: new Date().toISOString(), threadId: args[3] } as T;
      return undefined as T;
    },
    request: async <T>(method: 'GET' | 'POST', path: string) => {
      if (method === 'POST') posts.push(path);
      return [] as T;
    },
  };
  const store = new CommentsStore(session, h.editor, 'B1', () => 'Me');
  attachComments(h.editor, store);
  const marker = () => h.editor.getShapes().find((s): s is CommentShape => s.cmd === 'comment');
  return { ...h, store, events$, calls, posts, marker };
}

describe('comments', () => {
  it('the comment tool opens a box where clicked; the marker comes with the first comment', async () => {
    const { editor, click, store, marker, calls } = setup();
    editor.setTool('comment');
    expect(editor.tool$.value).toBe('comment');
    click(300, 200);
    expect(store.box$.value).toEqual({ draft: { x: 292, y: 168 } });
    expect(marker()).toBeUndefined();
    expect(await store.create(292, 168, '   ')).toBeNull();
    const threadId = await store.create(292, 168, ' first ');
    expect(marker()).toMatchObject({ x: 292, y: 168, threadId, color: 6, resolved: false });
    expect(calls.at(-1)).toEqual(['addComment', 'B1', 'first', threadId]);
    expect(store.box$.value).toEqual({ threadId });
    // a click on the marker with the comment tool opens its thread
    store.close();
    click(300, 180);
    expect(store.box$.value).toEqual({ threadId });
  });

  it('counts others’ comments unread until the thread is opened, then marks it seen', async () => {
    const { store, events$, posts } = setup();
    const threadId = (await store.create(0, 0, 'mine'))!;
    store.close();
    events$.next({
      event: 'commentAdded',
      data: {
        id: 'x1',
        message: 'hi',
        date: new Date().toISOString(),
        displayName: 'Ann',
        profileImage: null,
        threadId,
        newThread: false,
        uid: 'ann',
      },
    });
    expect(store.unreadCount(threadId)).toBe(1);
    store.open(threadId);
    expect(store.unreadCount(threadId)).toBe(0);
    expect(posts).toEqual([`/api/boards/B1/comments/${threadId}/mark`]);
    events$.next({ event: 'commentRemoved', data: { threadId, id: 'x1' } });
    expect(store.thread(threadId)!.comments.map((c) => c.id)).toEqual(['c1']);
  });

  it('deletes a single comment only while the thread has more than one, by its author or the owner', async () => {
    const { store, events$, calls } = setup({ role: 'Editor' });
    const threadId = (await store.create(0, 0, 'mine'))!;
    const [mine] = store.thread(threadId)!.comments;
    expect(store.canDeleteComment(threadId, mine!)).toBe(false);
    events$.next({
      event: 'commentAdded',
      data: {
        id: 'x1',
        message: 'theirs',
        date: new Date().toISOString(),
        displayName: 'Ann',
        profileImage: null,
        threadId,
        newThread: false,
        uid: 'ann',
      },
    });
    const theirs = store.thread(threadId)!.comments[1]!;
    expect(store.canDeleteComment(threadId, mine!)).toBe(true);
    expect(store.canDeleteComment(threadId, theirs)).toBe(false);
    await store.deleteComment(threadId, mine!.id);
    expect(calls.at(-1)).toEqual(['deleteComment', 'B1', threadId, mine!.id]);
    expect(store.thread(threadId)!.comments).toHaveLength(1);
  });

  it('resolving hides the marker from the canvas; a Commenter may resolve, recolour and remove comments only', async () => {
    const { editor, store, marker, sent } = setup({ role: 'Commenter', permissions: ['view_chat', 'write_comment'] });
    expect(editor.toolAllowed('comment')).toBe(true);
    expect(editor.toolAllowed('pen')).toBe(false);
    const threadId = (await store.create(100, 100, 'note'))!;
    const id = marker()!.id;
    expect(editor.scene.hit({ x: 110, y: 110 }, 1)?.id).toBe(id);
    store.setColor(threadId, 2);
    store.setResolved(threadId, true);
    expect(marker()).toMatchObject({ color: 2, resolved: true });
    expect(editor.scene.hit({ x: 110, y: 110 }, 1)).toBeUndefined();
    expect(store.box$.value).toBeNull();
    store.setResolved(threadId, false);
    store.deleteThread(threadId);
    expect(marker()).toBeUndefined();
    expect(sent.map((c) => c.cmd)).toEqual(['comment', 'propertyModifier', 'propertyModifier', 'propertyModifier', 'remove']);
  });

  it('the comment tool needs write_comment and the comments policy', () => {
    const viewer = setup({ role: 'Viewer', permissions: ['view_chat'] });
    expect(viewer.editor.toolAllowed('comment')).toBe(false);
    const h = harness({ policies: [] });
    expect(h.editor.toolAllowed('comment')).toBe(false);
  });
});
