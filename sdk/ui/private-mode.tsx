import { useEffect, type RefObject } from 'react';
import { MESSAGES } from '../../shared/messages';
import { isRestrictedInPrivateMode, type Role } from '../../shared/permissions';
import { toast } from '../../ui/toast';
import { PRIVATE_MODE_HINT_MS, privateHintDue } from '../collab/private-hint';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { useSubject } from './hooks';
import { BoardIcon } from './icons';

const isOn = (sync: SyncClient) => (sync.board$.value?.boardConfig?.privateMode?.type ?? 0) !== 0;

/** The private-mode icon of the top bar (board.md §2): shown to everyone while private mode is on. */
export function PrivateModeIcon({ sync }: { sync: SyncClient }) {
  const board = useSubject(sync.board$);
  const claims = useSubject(sync.claims$);
  if ((board?.boardConfig?.privateMode?.type ?? 0) === 0) return null;
  const limited = isRestrictedInPrivateMode(true, claims.role as Role);
  const text = limited
    ? MESSAGES.privateModeHint
    : 'Private mode is on: members other than the Owner and Facilitators see only their own objects';
  return (
    <span
      className="tb-panel tb-chip tb-chip--private"
      role="img"
      aria-label="Private mode is on"
      title={text}
      data-testid="private-mode-icon"
    >
      <BoardIcon name="eyeOff" size={16} />
    </span>
  );
}

/**
 * The private-mode hint (board.md §4, §8; sdk/collab/private-hint.ts): a limited member's plain
 * click with the select tool that lands on none of their own shapes shows
 * 'Private Mode: You can draw and edit your own objects' for 4 s, now and then.
 */
export function usePrivateModeHint(editor: Editor, sync: SyncClient, canvasRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let down: { x: number; y: number } | null = null;
    let lastShownAt: number | null = null;
    const onDown = (e: PointerEvent) => {
      down = e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
    };
    const onUp = (e: PointerEvent) => {
      if (!down) return;
      const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
      down = null;
      const restricted = isOn(sync) && isRestrictedInPrivateMode(true, sync.claims$.value.role as Role);
      if (!restricted) return;
      const r = canvas.getBoundingClientRect();
      const p = editor.toBoard(e.clientX - r.left, e.clientY - r.top);
      const hitOwn = !!editor.scene.hit(p, 4 / editor.viewport.scale, (s) => editor.selectionType(s) !== 'private');
      const now = Date.now();
      if (privateHintDue({ restricted, tool: editor.tool$.value, moved, hitOwn, lastShownAt, now })) {
        lastShownAt = now;
        toast.info(MESSAGES.privateModeHint, { timeout: PRIVATE_MODE_HINT_MS });
      }
    };
    canvas.addEventListener('pointerdown', onDown, true);
    canvas.addEventListener('pointerup', onUp, true);
    return () => {
      canvas.removeEventListener('pointerdown', onDown, true);
      canvas.removeEventListener('pointerup', onUp, true);
    };
  }, [editor, sync, canvasRef]);
}
