import { LONG_TAP_MS } from '../../shared/constants';
import { applyTouch, type TouchGesture, type TouchPair } from '../engine/viewport';
import { createWheelHandler } from '../engine/wheel';
import type { Editor } from './editor';
import type { BoardPointer, PointerPhase } from './types';

/** Two presses within this time and distance make a double click. */
const MULTI_CLICK_MS = 400;
const MULTI_CLICK_PX = 5;

export function isEditableTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/**
 * Wires the DOM to the editor: pointer events on the canvas become the tools' Started /
 * Inprogress / Completed stream (with click counting for double clicks), a mouse wheel zooms
 * while a trackpad's two-finger scroll pans and its pinch zooms (engine/wheel.ts), two fingers
 * pan or zoom (25 px / 15 px thresholds), a long touch opens the context menu,
 * and document keys go to the editor's keyboard handler. Returns the cleanup.
 */
export function bindDomInput(editor: Editor, canvas: HTMLCanvasElement, container: HTMLElement): () => void {
  const touches = new Map<number, { x: number; y: number }>();
  let primary: number | null = null;
  let touchGesture: { start: TouchPair; previous: TouchPair; gesture: TouchGesture } | null = null;
  let lastDown = { time: 0, sx: 0, sy: 0, clicks: 0 };
  let longTap: ReturnType<typeof setTimeout> | null = null;
  const wheel = createWheelHandler(editor.viewport);

  const local = (ev: { clientX: number; clientY: number }) => {
    const r = canvas.getBoundingClientRect();
    return { sx: ev.clientX - r.left, sy: ev.clientY - r.top };
  };

  const toPointer = (ev: PointerEvent, phase: PointerPhase, clicks = 1): BoardPointer => {
    const { sx, sy } = local(ev);
    const b = editor.viewport.toBoard(sx, sy);
    return {
      phase,
      x: b.x,
      y: b.y,
      sx,
      sy,
      button: phase === 'Started' ? ev.button : 0,
      shift: ev.shiftKey,
      ctrl: ev.ctrlKey,
      alt: ev.altKey,
      meta: ev.metaKey,
      pointerType: (ev.pointerType || 'mouse') as BoardPointer['pointerType'],
      clicks,
      time: ev.timeStamp,
    };
  };

  const pair = (): TouchPair => {
    const [a, b] = [...touches.values()];
    return [{ ...a }, { ...b }];
  };

  const cancelLongTap = () => {
    if (longTap) clearTimeout(longTap);
    longTap = null;
  };

  const onDown = (ev: PointerEvent) => {
    if (ev.pointerType === 'touch') {
      const p = local(ev);
      touches.set(ev.pointerId, { x: p.sx, y: p.sy });
      if (touches.size === 2) {
        cancelLongTap();
        // a second finger: the first finger's tool gesture is dropped, the board pans or zooms
        if (primary !== null) {
          editor.cancelGesture();
          primary = null;
        }
        const start = pair();
        touchGesture = { start, previous: start, gesture: null };
        return;
      }
      if (touches.size > 2) return;
    }
    if (primary !== null) return;
    ev.preventDefault();
    primary = ev.pointerId;
    try {
      canvas.setPointerCapture(ev.pointerId);
    } catch {
      /* synthetic events */
    }
    const { sx, sy } = local(ev);
    const near = Math.hypot(sx - lastDown.sx, sy - lastDown.sy) <= MULTI_CLICK_PX;
    const clicks = ev.timeStamp - lastDown.time <= MULTI_CLICK_MS && near ? lastDown.clicks + 1 : 1;
    lastDown = { time: ev.timeStamp, sx, sy, clicks };
    const down = toPointer(ev, 'Started', clicks);
    if (ev.pointerType === 'touch') {
      longTap = setTimeout(() => {
        longTap = null;
        if (primary === ev.pointerId) {
          editor.cancelGesture();
          primary = null;
          editor.pointer({ ...down, button: 2 });
          editor.pointer({ ...down, phase: 'Completed', button: 0 });
        }
      }, LONG_TAP_MS);
    }
    editor.pointer(down);
  };

  const onMove = (ev: PointerEvent) => {
    if (ev.pointerType === 'touch' && touches.has(ev.pointerId)) {
      const p = local(ev);
      touches.set(ev.pointerId, { x: p.sx, y: p.sy });
      if (touchGesture && touches.size === 2) {
        const current = pair();
        touchGesture.gesture = applyTouch(editor.viewport, touchGesture.gesture, touchGesture.start, touchGesture.previous, current);
        touchGesture.previous = current;
        return;
      }
    }
    const { sx, sy } = local(ev);
    editor.pointerMove$.next(editor.viewport.toBoard(sx, sy));
    if (ev.pointerId !== primary) return;
    if (longTap && Math.hypot(sx - lastDown.sx, sy - lastDown.sy) > MULTI_CLICK_PX) cancelLongTap();
    const events = typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
    if (events.length > 1) for (const c of events) editor.pointer(toPointer(c, 'Inprogress'));
    else editor.pointer(toPointer(ev, 'Inprogress'));
  };

  const onUp = (ev: PointerEvent) => {
    if (ev.pointerType === 'touch') {
      touches.delete(ev.pointerId);
      if (touches.size < 2) touchGesture = null;
    }
    if (ev.pointerId !== primary) return;
    cancelLongTap();
    primary = null;
    editor.pointer(toPointer(ev, 'Completed'));
  };

  const onWheel = (ev: WheelEvent) => {
    ev.preventDefault();
    const { sx, sy } = local(ev);
    editor.viewport.stopAnimation();
    wheel(
      { deltaX: ev.deltaX, deltaY: ev.deltaY, deltaMode: ev.deltaMode, ctrlKey: ev.ctrlKey, metaKey: ev.metaKey, time: ev.timeStamp },
      sx,
      sy,
    );
  };

  const onContextMenu = (ev: Event) => ev.preventDefault();

  const inBoard = (target: EventTarget | null) => {
    const el = target as Node | null;
    return (
      !el ||
      el === document.body ||
      el === document.documentElement ||
      container.contains(el) ||
      !!(el as HTMLElement).closest?.('[data-tabula-board]')
    );
  };

  const onKeyDown = (ev: KeyboardEvent) => {
    // the element really focused (inside <tabula-board>'s shadow root the event is retargeted to the host)
    const target = (ev.composedPath?.()[0] ?? ev.target) as Element | null;
    // a dialog over the board (rendered inside it: ui/portal.ts) keeps its keys to itself
    if (!container.isConnected || !inBoard(ev.target) || target?.closest?.('[aria-modal="true"]')) return;
    editor.keyDown(ev, isEditableTarget(target));
  };
  const onKeyUp = (ev: KeyboardEvent) => editor.keyUp(ev);
  const onBlur = () => editor.keyUp({ key: ' ', code: 'Space', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false });

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('contextmenu', onContextMenu);
  const doc = container.ownerDocument;
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', onBlur);

  return () => {
    cancelLongTap();
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('contextmenu', onContextMenu);
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('keyup', onKeyUp);
    window.removeEventListener('blur', onBlur);
  };
}
