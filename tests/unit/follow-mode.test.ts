import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { FollowMode } from '../../sdk/collab/follow';
import type { SyncClient } from '../../sdk/sync/sync-client';
import type { HubEventMessage } from '../../shared/hub';
import { harness } from './sdk/helpers';

/**
 * FollowMode's rules over the hub's channel events, with a headless editor and a stand-in for
 * the socket (what the server delivers and what would be sent): the hub side is tested for real
 * in tests/api/hub.test.ts and end to end in tests/e2e/board-follow.spec.ts.
 */
function setup() {
  const { editor } = harness({ uid: 'me' });
  editor.viewport.resize(1000, 600);
  const sent: Array<{ name: string; data: unknown; target: string }> = [];
  const events$ = new Subject<HubEventMessage>();
  let refuse: Error | null = null;
  const sync = {
    uid: 'me',
    events$,
    state$: new BehaviorSubject({ phase: 'online', percent: 100 }),
    async channel(name: string, data: unknown, target = '') {
      if (refuse) throw refuse;
      sent.push({ name, data, target });
      return { delivered: true };
    },
  } as unknown as SyncClient;
  const notices: string[] = [];
  const mode = new FollowMode(editor, sync, { error: (t) => notices.push(`error:${t}`), info: (t) => notices.push(`info:${t}`) });
  mode.start(null);
  const receive = (name: string, data: unknown, from = 'ann') =>
    events$.next({ event: 'onEventReceived', data: { name, data, from: { uid: from, name: from.toUpperCase() } } });
  return { editor, mode, sent, notices, receive, refuseWith: (e: Error) => (refuse = e), sync };
}

describe('follow mode (board.md §4)', () => {
  it('follows one member and glides to the rectangles that member sends, ignoring others', async () => {
    const { editor, mode, sent, receive } = setup();
    expect(await mode.follow({ uid: 'ann', name: 'Ann' })).toBe(true);
    expect(sent).toEqual([{ name: 'register-follower', data: null, target: 'ann' }]);
    expect(mode.state.following).toEqual({ uid: 'ann', name: 'Ann' });

    receive('follow-me-to', { x: 500, y: 300, w: 1000, h: 600 }, 'bob');
    expect(editor.viewport.state).toEqual({ tx: 0, ty: 0, scale: 1 });
    receive('follow-me-to', { x: 500, y: 300, w: 1000, h: 600 });
    // headless: applied at once (the browser glides over FOLLOW_GLIDE_MS)
    expect(editor.viewport.state.tx).toBeCloseTo(-500);
    expect(editor.viewport.state.ty).toBeCloseTo(-300);
    receive('follow-me-to', { x: 'nope' });
    expect(editor.viewport.state.tx).toBeCloseTo(-500);

    await mode.unfollow();
    expect(sent.at(-1)).toEqual({ name: 'unregister-follower', data: null, target: 'ann' });
    receive('follow-me-to', { x: 0, y: 0, w: 1000, h: 600 });
    expect(editor.viewport.state.tx).toBeCloseTo(-500);
  });

  it('counts followers and sends them this view when one starts, and when the view moves', async () => {
    const { editor, mode, sent, receive } = setup();
    receive('register-follower', null, 'bob');
    expect(mode.state.followers).toEqual(['bob']);
    expect(sent).toEqual([{ name: 'follow-me-to', data: { x: 0, y: 0, w: 1000, h: 600 }, target: '' }]);
    editor.viewport.panBy(-100, 0);
    await new Promise((r) => setTimeout(r, 150));
    expect(sent.at(-1)).toEqual({ name: 'follow-me-to', data: { x: 100, y: 0, w: 1000, h: 600 }, target: '' });
    receive('unregister-follower', null, 'bob');
    expect(mode.state.followers).toEqual([]);
  });

  it('refuses to follow a follower (cross-following) without asking the server', async () => {
    const { mode, sent, notices, receive } = setup();
    receive('register-follower', null, 'ann');
    sent.length = 0;
    expect(await mode.follow({ uid: 'ann', name: 'Ann' })).toBe(false);
    expect(sent).toEqual([]);
    expect(notices).toEqual(['error:Cross-following is not allowed!']);
  });

  it("shows the server's refusal", async () => {
    const { mode, notices, refuseWith } = setup();
    refuseWith(Object.assign(new Error('Bad Request'), { data: { message: 'Cross-following is not allowed!' } }));
    expect(await mode.follow({ uid: 'ann', name: 'Ann' })).toBe(false);
    expect(mode.state.following).toBeNull();
    expect(notices).toEqual(['error:Cross-following is not allowed!']);
  });

  it('grab attention brings this view to the sender’s and ends a follow', async () => {
    const { editor, mode, sent, notices, receive } = setup();
    await mode.follow({ uid: 'bob', name: 'Bob' });
    receive('grab-everyone-attention', { x: 200, y: 100, w: 500, h: 300 });
    expect(editor.viewport.state.scale).toBeCloseTo(2);
    expect(mode.state.following).toBeNull();
    expect(sent.at(-1)?.name).toBe('unregister-follower');
    expect(notices).toEqual(['info:ANN brought everyone to their view']);
  });

  it('a member who leaves stops being followed or a follower', async () => {
    const { mode, receive, sync } = setup();
    await mode.follow({ uid: 'ann', name: 'Ann' });
    receive('register-follower', null, 'bob');
    sync.events$.next({ event: 'onUserLeft', data: { uid: 'ann' } });
    sync.events$.next({ event: 'onUserLeft', data: { uid: 'bob' } });
    expect(mode.state).toEqual({ following: null, followers: [] });
  });
});
