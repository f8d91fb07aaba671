import { DEFAULT_ZOOM_LIMITS, fitView, type Rect, type ViewState, type ZoomLimits } from '../engine/viewport';

/**
 * Viewports travel between members as the board rectangle each one sees ({x, y, w, h}, the shape
 * of boardConfig.viewport): screens differ in size, so a receiver fits that rectangle into its own
 * screen rather than copying a pan offset and scale. Pure maths, unit-tested.
 */

/** How often a followee sends its viewport to its followers while it pans or zooms (ms). */
export const FOLLOW_SEND_MS = 100;
/** How long a follower glides to the followee's new viewport (short: it keeps up with a live pan). */
export const FOLLOW_GLIDE_MS = 200;

/** The board rectangle a screen of `width`×`height` shows at `view`. */
export function viewRect(view: ViewState, width: number, height: number): Rect {
  const round = (n: number) => Math.round(n * 1000) / 1000 + 0;
  return { x: round(-view.tx / view.scale), y: round(-view.ty / view.scale), w: round(width / view.scale), h: round(height / view.scale) };
}

/** The view that shows all of `rect` centred on a screen of `width`×`height` (no padding). */
export function viewForRect(rect: Rect, width: number, height: number, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): ViewState {
  return fitView(rect, width, height, 0, limits);
}

/** Whether received data is a usable rectangle (finite numbers, positive size): anything else is ignored. */
export function isRect(value: unknown): value is Rect {
  const r = value as Partial<Rect> | null;
  return (
    !!r &&
    typeof r === 'object' &&
    [r.x, r.y, r.w, r.h].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (r.w as number) > 0 &&
    (r.h as number) > 0
  );
}
