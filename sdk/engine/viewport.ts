import { BehaviorSubject } from 'rxjs';
import { TOUCH_PAN_THRESHOLD, TOUCH_ZOOM_THRESHOLD, ZOOM, ZOOM_ANIMATE_MS, ZOOM_WHEEL_STEP } from '../../shared/constants';
import type { Point, Rect } from '../../shared/geometry/rect';

/**
 * The board viewport (board.md §4 and §9): pan and zoom as one affine map
 * screen = board × scale + (tx, ty). Pure math, no DOM, so it runs in unit tests.
 */

export type { Point, Rect };
export const ZOOM_MIN = ZOOM.min / 100;
export const ZOOM_MAX = ZOOM.max / 100;
/** wheel zoom: each wheel notch multiplies the scale by e^(±0.1) ("10 percent of the exponential") */
export const WHEEL_ZOOM_STEP = ZOOM_WHEEL_STEP;
export const ANIMATE_MS = ZOOM_ANIMATE_MS;
export const FIT_PADDING = 40;
export interface ViewState {
  tx: number;
  ty: number;
  scale: number;
}

/** The scales a board may take: board.md §9's range, or its workspace's zoom limits (panel.md §3). */
export interface ZoomLimits {
  min: number;
  max: number;
}
export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { min: ZOOM_MIN, max: ZOOM_MAX };

export const clampScale = (scale: number, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): number =>
  Math.min(limits.max, Math.max(limits.min, scale));

/** Zoom limits from percents (a workspace's [min, max]), kept inside the product's range and ordered. */
export function zoomLimitsOf(percents: readonly [number, number] | null | undefined): ZoomLimits {
  if (!percents) return DEFAULT_ZOOM_LIMITS;
  const min = clampScale(percents[0] / 100);
  const max = clampScale(percents[1] / 100);
  return min < max ? { min, max } : DEFAULT_ZOOM_LIMITS;
}

/** ease-out cubic: fast start, gentle landing */
export const easeOutCubic = (t: number): number => 1 - Math.pow(1 - Math.min(1, Math.max(0, t)), 3);

/** The zoom shown to the user: a rounded percent. */
export const zoomPercent = (scale: number): number => Math.round(scale * 100);

/**
 * Scale factor of one wheel event. A mouse notch (|deltaY| ≥ 50 in pixel mode) is one full step;
 * finer deltas (trackpads, pinch with ctrlKey) scale proportionally so gestures stay smooth.
 */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  if (deltaY === 0) return 1;
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 800 : deltaY;
  const notches = Math.max(-1, Math.min(1, pixels / 50));
  return Math.exp(-notches * WHEEL_ZOOM_STEP);
}

/** The view that fits `bounds` into a screen of `width`×`height` with `padding` px around it. */
/** Screen px along each side that panels and bars cover: a fit keeps the shapes in the rest. */
export interface Insets {
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
}

export function fitView(
  bounds: Rect | null,
  width: number,
  height: number,
  padding = FIT_PADDING,
  limits: ZoomLimits = DEFAULT_ZOOM_LIMITS,
  insets: Insets = {},
): ViewState {
  const { top = 0, right = 0, bottom = 0, left = 0 } = insets;
  const w = Math.max(1, width - left - right),
    h = Math.max(1, height - top - bottom);
  if (!bounds || width <= 0 || height <= 0) return { tx: width / 2, ty: height / 2, scale: 1 };
  const availW = Math.max(1, w - 2 * padding);
  const availH = Math.max(1, h - 2 * padding);
  const scale = clampScale(Math.min(availW / Math.max(bounds.w, 1e-6), availH / Math.max(bounds.h, 1e-6)), limits);
  const cx = bounds.x + bounds.w / 2;
  const cy = bounds.y + bounds.h / 2;
  return { tx: left + w / 2 - cx * scale, ty: top + h / 2 - cy * scale, scale };
}

interface Animation {
  from: ViewState;
  to: ViewState;
  start: number;
  duration: number;
}

export class Viewport {
  readonly state$: BehaviorSubject<ViewState>;
  width: number;
  height: number;
  private animation: Animation | null = null;
  private limits: ZoomLimits = DEFAULT_ZOOM_LIMITS;

  constructor(width = 800, height = 600, state: ViewState = { tx: 0, ty: 0, scale: 1 }) {
    this.width = width;
    this.height = height;
    this.state$ = new BehaviorSubject<ViewState>({ ...state, scale: clampScale(state.scale) });
  }

  get state(): ViewState {
    return this.state$.value;
  }
  get zoomLimits(): ZoomLimits {
    return this.limits;
  }

  /** New zoom limits (the workspace's); the current scale is brought inside them, about the centre. */
  setZoomLimits(limits: ZoomLimits): void {
    this.limits = limits;
    if (this.scale !== this.clamp(this.scale)) this.zoomAt(this.scale);
  }

  private clamp(scale: number): number {
    return clampScale(scale, this.limits);
  }
  get scale(): number {
    return this.state$.value.scale;
  }

  toScreen(x: number, y: number): Point {
    const { tx, ty, scale } = this.state;
    return { x: x * scale + tx, y: y * scale + ty };
  }

  toBoard(x: number, y: number): Point {
    const { tx, ty, scale } = this.state;
    return { x: (x - tx) / scale, y: (y - ty) / scale };
  }

  /** The board rectangle currently on screen. */
  visibleRect(margin = 0): Rect {
    const a = this.toBoard(-margin, -margin);
    const s = this.scale;
    return { x: a.x, y: a.y, w: (this.width + 2 * margin) / s, h: (this.height + 2 * margin) / s };
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.state$.next({ ...this.state });
  }

  set(state: ViewState): void {
    this.animation = null;
    this.emit(state);
  }

  private emit(state: ViewState): void {
    const next = { tx: state.tx, ty: state.ty, scale: this.clamp(state.scale) };
    const cur = this.state;
    if (next.tx === cur.tx && next.ty === cur.ty && next.scale === cur.scale) return;
    this.state$.next(next);
  }

  /** Moves the board by (dx, dy) screen pixels. */
  panBy(dx: number, dy: number): void {
    const { tx, ty, scale } = this.state;
    this.set({ tx: tx + dx, ty: ty + dy, scale });
  }

  /** Sets the scale (clamped) keeping the board point under screen point (sx, sy) in place. */
  zoomAt(scale: number, sx = this.width / 2, sy = this.height / 2): void {
    const next = this.clamp(scale);
    const b = this.toBoard(sx, sy);
    this.set({ tx: sx - b.x * next, ty: sy - b.y * next, scale: next });
  }

  wheel(deltaY: number, sx: number, sy: number, deltaMode = 0): void {
    this.zoomAt(this.scale * wheelFactor(deltaY, deltaMode), sx, sy);
  }

  zoomIn(): void {
    this.zoomAt(this.scale * Math.exp(WHEEL_ZOOM_STEP));
  }
  zoomOut(): void {
    this.zoomAt(this.scale * Math.exp(-WHEEL_ZOOM_STEP));
  }

  /** The view with scale 1 keeping the screen centre's board point centred. */
  view100(): ViewState {
    const c = this.toBoard(this.width / 2, this.height / 2);
    return { tx: this.width / 2 - c.x, ty: this.height / 2 - c.y, scale: 1 };
  }

  fitView(bounds: Rect | null, padding = FIT_PADDING): ViewState {
    return fitView(bounds, this.width, this.height, padding, this.limits);
  }

  /** The view centring `rect` (e.g. a found shape at 3× its size). */
  viewOf(rect: Rect, padding = FIT_PADDING, insets?: Insets): ViewState {
    return fitView(rect, this.width, this.height, padding, this.limits, insets);
  }

  /** Starts a 1000 ms ease-out cubic animation to `to`; drive it with `tick(now)`. */
  animateTo(to: ViewState, now: number, duration = ANIMATE_MS): void {
    this.animation = { from: { ...this.state }, to: { ...to, scale: this.clamp(to.scale) }, start: now, duration };
  }

  get animating(): boolean {
    return this.animation !== null;
  }

  /** Advances the running animation; returns true while it continues. */
  tick(now: number): boolean {
    const a = this.animation;
    if (!a) return false;
    const t = a.duration <= 0 ? 1 : (now - a.start) / a.duration;
    const k = easeOutCubic(t);
    // interpolate the scale geometrically and the board point at the screen centre linearly,
    // so the zoom looks uniform and the centre travels on a straight line
    const scale = a.from.scale * Math.pow(a.to.scale / a.from.scale, k);
    const cx = this.width / 2;
    const cy = this.height / 2;
    const fromC = { x: (cx - a.from.tx) / a.from.scale, y: (cy - a.from.ty) / a.from.scale };
    const toC = { x: (cx - a.to.tx) / a.to.scale, y: (cy - a.to.ty) / a.to.scale };
    const bx = fromC.x + (toC.x - fromC.x) * k;
    const by = fromC.y + (toC.y - fromC.y) * k;
    const done = t >= 1;
    this.emit(done ? a.to : { tx: cx - bx * scale, ty: cy - by * scale, scale });
    if (done) this.animation = null;
    return !done;
  }

  stopAnimation(): void {
    this.animation = null;
  }
}

/* ---------- two-finger touch (board.md §4 Pointer interaction) ---------- */

export type TouchPair = [Point, Point];
export type TouchGesture = 'pan' | 'zoom' | null;

const centre = ([a, b]: TouchPair): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = ([a, b]: TouchPair): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Which gesture two fingers make: pan when the centre moved over 25 px, zoom when the distance changed over 15 px. */
export function classifyTouch(start: TouchPair, current: TouchPair): TouchGesture {
  const c0 = centre(start);
  const c1 = centre(current);
  if (Math.abs(distance(current) - distance(start)) > TOUCH_ZOOM_THRESHOLD) return 'zoom';
  if (Math.hypot(c1.x - c0.x, c1.y - c0.y) > TOUCH_PAN_THRESHOLD) return 'pan';
  return null;
}

/**
 * Applies one two-finger move to the viewport: once a gesture is recognised it keeps it
 * until the fingers lift. Returns the (possibly newly recognised) gesture.
 */
export function applyTouch(
  viewport: Viewport,
  gesture: TouchGesture,
  start: TouchPair,
  previous: TouchPair,
  current: TouchPair,
): TouchGesture {
  const g = gesture ?? classifyTouch(start, current);
  if (g === 'pan') {
    const p = centre(previous);
    const c = centre(current);
    viewport.panBy(c.x - p.x, c.y - p.y);
  } else if (g === 'zoom') {
    const d0 = distance(previous);
    const d1 = distance(current);
    const c = centre(current);
    if (d0 > 0) viewport.zoomAt(viewport.scale * (d1 / d0), c.x, c.y);
  }
  return g;
}
