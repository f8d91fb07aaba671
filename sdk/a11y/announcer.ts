import { Observable, Subject, bufferTime, filter, map, merge } from 'rxjs';
import { kindName, summariseChanges, type ChangeAction, type ChangeEvent } from '../../shared/a11y';
import { boundsOf } from '../../shared/geometry/registry';
import type { Rect } from '../../shared/geometry/rect';
import type { Shape } from '../../shared/model';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';

/** How long others' changes are gathered before they are read as one sentence per person and action. */
export const ANNOUNCE_GATHER_MS = 1500;

/**
 * The sentences the board's polite live region reads about shape changes (issue 32): this
 * person's own adds, moves and removals, and — gathered, grouped and capped
 * (shared/a11y/announce.ts) — other members'. Loads, confirmations and outbox replays say nothing.
 * `kinds` remembers each shape's kind so a removal can still say what went.
 */
export function changeAnnouncements(editor: Editor, members: () => readonly BoardMember[]): Observable<string> {
  const events = new Subject<ChangeEvent>();
  const known = new Map<string, { kind: string; box: Rect }>();
  const remember = (s: Shape) => known.set(s.id, { kind: s.cmd, box: boundsOf(s) });
  for (const s of editor.doc.ordered()) remember(s);
  const nameOf = (uid: string) => members().find((m) => m.uid === uid)?.name || 'A collaborator';
  const sub = editor.changes$.subscribe((change) => {
    const author = editor.changeAuthor;
    const who = author === null ? undefined : author === editor.uid ? null : nameOf(author);
    for (const id of change.added) {
      const s = editor.doc.get(id);
      if (s) remember(s);
      if (who !== undefined && s) events.next({ who, action: 'added', kind: s.cmd });
    }
    for (const id of change.updated) {
      const s = editor.doc.get(id);
      if (!s || change.added.includes(id)) continue;
      const before = known.get(id)?.box;
      remember(s);
      if (who !== undefined) events.next({ who, action: movedOrChanged(before, known.get(id)!.box), kind: s.cmd });
    }
    for (const id of change.removed) {
      const kind = known.get(id)?.kind;
      known.delete(id);
      if (who !== undefined && kind) events.next({ who, action: 'removed', kind });
    }
  });
  return new Observable<string>((subscriber) => {
    const out = events
      .pipe(
        bufferTime(ANNOUNCE_GATHER_MS),
        filter((batch) => batch.length > 0),
        map((batch) => summariseChanges(batch).join('. ')),
      )
      .subscribe(subscriber);
    return () => {
      out.unsubscribe();
      sub.unsubscribe();
    };
  });
}

/** A change that kept the size but not the place is a move. */
function movedOrChanged(before: Rect | undefined, after: Rect): ChangeAction {
  if (!before) return 'changed';
  const same = (a: number, b: number) => Math.abs(a - b) < 0.5;
  const moved = !same(before.x, after.x) || !same(before.y, after.y);
  return moved && same(before.w, after.w) && same(before.h, after.h) ? 'moved' : 'changed';
}

/** What the live region says when the selection changes: the shape's name, or how many are selected. */
export function selectionSentence(editor: Editor, ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  if (ids.length > 1) return `${ids.length} shapes selected`;
  const s = editor.doc.get(ids[0]);
  return s ? `Selected ${kindName(s.cmd)}` : null;
}

/** The longest part of a chat message or comment read aloud. */
export const ANNOUNCED_WORDS_MAX = 140;
const words = (text: unknown) => {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > ANNOUNCED_WORDS_MAX ? `${flat.slice(0, ANNOUNCED_WORDS_MAX - 1)}…` : flat;
};

type Channel = { name?: string; from?: { uid?: string; name?: string } };
const FOLLOW_WORDS: Record<string, string> = {
  'register-follower': 'is following you',
  'unregister-follower': 'stopped following you',
};

/**
 * What the live region says when another member writes (issue 32): 'Chat message from Ana: …' and
 * 'Ana commented: …' — whether or not the chat box or the comments panel is open — and when a
 * member starts or stops following this one.
 */
export function conversationAnnouncements(sync: SyncClient): Observable<string> {
  type Said = { uid?: string; displayName?: string; message?: string } | null;
  const others = (data: unknown) => {
    const d = data as Said;
    return !!d && typeof d.message === 'string' && d.uid !== sync.uid;
  };
  return merge(
    sync.events$.pipe(
      filter((e) => e.event === 'onMessageReceived' && others(e.data)),
      map((e) => `Chat message from ${(e.data as Said)!.displayName || 'a guest'}: ${words((e.data as Said)!.message)}`),
    ),
    sync.events$.pipe(
      filter((e) => e.event === 'commentAdded' && others(e.data)),
      map((e) => `${(e.data as Said)!.displayName || 'A guest'} commented: ${words((e.data as Said)!.message)}`),
    ),
    // follow mode (sdk/collab/follow.ts): a member starts or stops following this one
    sync.events$.pipe(
      map((e) => (e.event === 'onEventReceived' ? (e.data as Channel) : null)),
      filter((d): d is Channel => !!d && FOLLOW_WORDS[d.name ?? ''] !== undefined && d.from?.uid !== sync.uid),
      map((d) => `${d.from?.name || 'A guest'} ${FOLLOW_WORDS[d.name!]}`),
    ),
  );
}
