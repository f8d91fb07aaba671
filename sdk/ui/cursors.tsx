import { useEffect, useState, type RefObject } from 'react';
import { asyncScheduler, filter, throttleTime } from 'rxjs';
import { CURSOR_THROTTLE_MS } from '../../shared/constants';
import type { HubEventMessage } from '../../shared/hub';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { useSubject } from './hooks';
import { useMemberColors } from './member-color';

/** A cursor not moved for this long fades away (its member went idle or left). */
export const CURSOR_IDLE_MS = 5000;
/** Sent a little less often than the server's 50 ms floor, so network jitter never gets one dropped. */
const SEND_EVERY_MS = CURSOR_THROTTLE_MS + 10;

interface Cursor {
  uid: string;
  name: string;
  x: number;
  y: number;
  at: number;
}

/** One member's move: what they sent and who they are. */
interface CursorMove {
  data: { x?: unknown; y?: unknown; hidden?: unknown } | null;
  from: { uid: string; name?: string };
}

/**
 * collaboratorsCursorMoved as it arrives (docs/architecture.md "Cursor batches"): the node's batch of the moves of the last
 * 50 ms, `data.cursors` (one entry per member, its latest), or a single move (`data`, `from`) — a
 * cursor addressed to this member alone.
 */
interface CursorEvent {
  name: string;
  data: CursorMove['data'] | { cursors?: unknown };
  from: CursorMove['from'] | null;
}

const isCursorEvent = (e: HubEventMessage): e is HubEventMessage<CursorEvent> =>
  e.event === 'onEventReceived' && (e.data as CursorEvent | null)?.name === 'collaboratorsCursorMoved';

/** The moves an event carries, batched or single. */
function movesOf(event: CursorEvent): CursorMove[] {
  const batch = (event.data as { cursors?: unknown } | null)?.cursors;
  const moves = Array.isArray(batch) ? (batch as CursorMove[]) : event.from ? [event as CursorMove] : [];
  return moves.filter((m) => typeof m?.from?.uid === 'string');
}

/**
 * Collaborators' cursors (board.md §2, §9; the app-cursors extension): this member's pointer is
 * sent at most every 50 ms while over the board (hidden when it leaves), and every other member's
 * is drawn with their name and colour, gliding between positions, fading when idle. Only when the
 * board's policies include cursors (the plan allows it and the workspace has the extension plugged).
 */
export function CollaboratorCursors({
  editor,
  sync,
  canvasRef,
}: {
  editor: Editor;
  sync: SyncClient;
  canvasRef: RefObject<HTMLDivElement | null>;
}) {
  const enabled = useSubject(sync.claims$).policies.includes(POLICY.cursors);
  const view = useSubject(editor.viewport.state$);
  const colorOf = useMemberColors();
  const [cursors, setCursors] = useState<Map<string, Cursor>>(new Map());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!enabled) return;
    const send = (data: unknown) => void sync.channel('collaboratorsCursorMoved', data).catch(() => {});
    const moves = editor.pointerMove$
      .pipe(throttleTime(SEND_EVERY_MS, asyncScheduler, { leading: true, trailing: true }))
      .subscribe((p) => send({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 }));
    const canvas = canvasRef.current;
    const leave = () => setTimeout(() => send({ hidden: true }), SEND_EVERY_MS);
    canvas?.addEventListener('pointerleave', leave);
    const received = sync.events$.pipe(filter(isCursorEvent)).subscribe(({ data: event }) => {
      const moves = movesOf(event).filter((m) => m.from.uid !== sync.uid);
      if (!moves.length) return;
      setCursors((current) => {
        const next = new Map(current);
        const at = Date.now();
        for (const { data, from } of moves) {
          const { x, y, hidden } = data ?? {};
          if (hidden || typeof x !== 'number' || typeof y !== 'number') next.delete(from.uid);
          else next.set(from.uid, { uid: from.uid, name: from.name || 'Guest', x, y, at });
        }
        return next;
      });
    });
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      moves.unsubscribe();
      received.unsubscribe();
      canvas?.removeEventListener('pointerleave', leave);
      clearInterval(clock);
      setCursors(new Map());
    };
  }, [enabled, editor, sync, canvasRef]);

  if (!enabled) return null;
  return (
    <div className="tb-cursors" aria-hidden="true">
      {[...cursors.values()]
        .filter((c) => now - c.at < CURSOR_IDLE_MS)
        .map((c) => {
          const sx = c.x * view.scale + view.tx;
          const sy = c.y * view.scale + view.ty;
          const color = colorOf(c.uid);
          return (
            <div key={c.uid} className="tb-cursor" data-member={c.name} style={{ transform: `translate(${sx}px, ${sy}px)` }}>
              <svg width="18" height="18" viewBox="0 0 18 18">
                <path d="M2 2l5.5 14 2.2-5.8L15.5 8z" fill={color} stroke="#fff" strokeWidth="1.2" strokeLinejoin="round" />
              </svg>
              <span className="tb-cursor__name" style={{ background: color }}>
                {c.name}
              </span>
            </div>
          );
        })}
    </div>
  );
}
