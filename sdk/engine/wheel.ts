import { WHEEL_ZOOM_STEP, wheelFactor, type Viewport } from './viewport';

/**
 * What a wheel event means (docs/board-screen.md "Pointer and wheel"), as tldraw and Excalidraw
 * read it on Chromium:
 * - 'pinch': a trackpad pinch arrives as a wheel event with ctrlKey (Ctrl + mouse wheel too): zoom
 *   in proportion to the delta about the pointer;
 * - 'trackpad': a two-finger scroll: pixel deltas that are fractional, small, or sideways: pan;
 * - 'mouse': a wheel notch (line or page deltas, or a whole pixel step of 50 or more with no
 *   sideways part): one zoom step of board.md §9 about the pointer.
 */
export type WheelKind = 'mouse' | 'trackpad' | 'pinch';

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  deltaMode: number;
  ctrlKey: boolean;
  metaKey?: boolean;
  /** event time in ms (WheelEvent.timeStamp) */
  time: number;
}

/** A pixel delta below this (or any fractional one) is a trackpad's, not a wheel notch. */
export const MOUSE_NOTCH_MIN = 50;
/** A scroll gesture's events (and its inertia tail) come closer together than this. */
export const GESTURE_GAP_MS = 150;
/** A pinch's delta in px for a 1 % zoom change (tldraw and Excalidraw: deltaY / 100). */
const PINCH_PX_PER_LOG = 100;

export interface WheelMemory {
  kind: WheelKind;
  time: number;
}

/**
 * Classifies one wheel event. `previous` is the last event's classification: a trackpad
 * scroll keeps being one for the rest of its gesture (its inertia tail sends whole, larger
 * deltas that would otherwise look like a mouse).
 */
export function classifyWheel(e: WheelInput, previous: WheelMemory | null = null): WheelKind {
  if (e.ctrlKey || e.metaKey) return 'pinch';
  if (e.deltaMode !== 0) return 'mouse';
  if (previous && previous.kind === 'trackpad' && e.time - previous.time < GESTURE_GAP_MS) return 'trackpad';
  if (e.deltaX !== 0) return 'trackpad';
  if (!Number.isInteger(e.deltaY)) return 'trackpad';
  if (Math.abs(e.deltaY) < MOUSE_NOTCH_MIN) return 'trackpad';
  return 'mouse';
}

/** The zoom factor of a pinch delta: proportional, at most one §9 wheel step per event. */
export function pinchFactor(deltaY: number): number {
  const log = Math.max(-WHEEL_ZOOM_STEP, Math.min(WHEEL_ZOOM_STEP, -deltaY / PINCH_PX_PER_LOG));
  return Math.exp(log);
}

/** Applies one classified wheel event to the viewport at screen point (sx, sy). */
export function applyWheel(viewport: Viewport, kind: WheelKind, e: WheelInput, sx: number, sy: number): void {
  if (kind === 'trackpad') viewport.panBy(-e.deltaX, -e.deltaY);
  else if (kind === 'pinch') viewport.zoomAt(viewport.scale * pinchFactor(e.deltaY), sx, sy);
  else viewport.zoomAt(viewport.scale * wheelFactor(e.deltaY, e.deltaMode), sx, sy);
}

/** A wheel handler with its gesture memory: classify, then pan or zoom. Returns the kind. */
export function createWheelHandler(viewport: Viewport): (e: WheelInput, sx: number, sy: number) => WheelKind {
  let memory: WheelMemory | null = null;
  return (e, sx, sy) => {
    const kind = classifyWheel(e, memory);
    memory = { kind, time: e.time };
    applyWheel(viewport, kind, e, sx, sy);
    return kind;
  };
}
