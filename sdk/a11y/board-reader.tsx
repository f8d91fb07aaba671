import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { auditTime, merge } from 'rxjs';
import { nearestInDirection, type Direction } from '../../shared/a11y';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { changeAnnouncements, conversationAnnouncements, selectionSentence } from './announcer';
import { FocusRing, showShape } from './focus-ring';
import { buildMirror, type Mirror } from './mirror';

/** How often the mirror is rebuilt at most while the board changes or the view moves. */
export const MIRROR_REFRESH_MS = 250;

const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * The board for a keyboard and a screen reader (issue 32): a list of the shapes in reading order
 * — visually hidden, one Tab stop after the canvas — whose items carry each shape's name and
 * description. Tab and Shift+Tab move through the shapes, Ctrl+Arrow to the nearest shape that
 * way; the focused shape is outlined on the canvas (dashed, unlike the selection) and brought into
 * view; Enter selects it and returns to the canvas, where the board's keys act on it; Escape
 * returns to the canvas. A polite live region reads selection changes, changes to shapes —
 * this person's and, grouped, other members' — and other members' chat messages and comments.
 */
export function BoardReader({
  editor,
  sync,
  canvasRef,
}: {
  editor: Editor;
  sync: SyncClient | null;
  canvasRef: RefObject<HTMLDivElement | null>;
}) {
  const [mirror, setMirror] = useState<Mirror>({ items: [], total: 0, inViewOnly: false });
  const [focused, setFocused] = useState<string | null>(null);
  const [ringOn, setRingOn] = useState(false);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const rebuild = () => setMirror(buildMirror(editor.doc.ordered(), editor.viewport.visibleRect()));
    rebuild();
    const sub = merge(editor.changes$, editor.viewport.state$).pipe(auditTime(MIRROR_REFRESH_MS)).subscribe(rebuild);
    return () => sub.unsubscribe();
  }, [editor]);

  useEffect(() => {
    let flip = false;
    // the same sentence twice is read twice: a zero-width space tells the two apart
    const say = (text: string) => {
      flip = !flip;
      setSaid(flip ? text : `${text}\u200b`);
    };
    const subs = [
      changeAnnouncements(editor, () => sync?.members$.value ?? []).subscribe(say),
      ...(sync ? [conversationAnnouncements(sync).subscribe(say)] : []),
      editor.selection$.pipe(auditTime(200)).subscribe((ids) => {
        const sentence = selectionSentence(editor, ids);
        if (sentence) say(sentence);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [editor, sync]);

  const ids = useMemo(() => mirror.items.map((i) => i.id), [mirror]);
  const current = focused && ids.includes(focused) ? focused : (ids[0] ?? null);

  const focusItem = (id: string) => {
    setFocused(id);
    list.current?.querySelector<HTMLButtonElement>(`[data-shape="${CSS.escape(id)}"]`)?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const at = ids.indexOf(id);
    if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const next = ids[at + (e.shiftKey ? -1 : 1)];
      if (next) {
        e.preventDefault();
        focusItem(next);
      }
    } else if ((e.ctrlKey || e.metaKey) && ARROWS[e.key]) {
      e.preventDefault();
      const from = editor.doc.get(id);
      const listed = new Set(ids);
      const to =
        from &&
        nearestInDirection(
          from,
          editor.doc.ordered().filter((s) => listed.has(s.id)),
          ARROWS[e.key],
        );
      if (to) focusItem(to.id);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      editor.select([id]);
      canvasRef.current?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      canvasRef.current?.focus();
    }
  };

  const count = mirror.inViewOnly ? `${mirror.items.length} of ${mirror.total} shapes, those in view` : `${mirror.total} shapes`;
  return (
    <>
      <section className="t-sr-only tb-reader" aria-label="Board contents">
        <ul
          ref={list}
          aria-label={`Shapes in reading order, ${count}`}
          onFocus={() => setRingOn(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setRingOn(false);
          }}
        >
          {mirror.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                data-shape={item.id}
                tabIndex={item.id === current ? 0 : -1}
                aria-describedby={`tb-reader-${item.id}`}
                onFocus={() => {
                  setFocused(item.id);
                  showShape(editor, item.id);
                }}
                onKeyDown={(e) => onKey(e, item.id)}
                onClick={() => editor.select([item.id])}
              >
                {item.name}
              </button>
              <span id={`tb-reader-${item.id}`}>{item.description}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="t-sr-only" role="status" aria-live="polite" data-testid="board-announcer">
        {said}
      </div>
      {ringOn && current && <FocusRing editor={editor} id={current} />}
    </>
  );
}
