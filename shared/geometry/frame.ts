/**
 * frames: a titled region (thickness 4, header 20 above the box, title ≤ 56). The box is
 * the body; bounds include the header.
 */
import type { FrameShape } from '../model';
import { FRAME_HEADER, FRAME_OVERLAP, FRAME_THICKNESS } from '../constants';
import { containsPoint, expandRect, normalizeRect, overlapRatio, rotatedBounds, unrotate, type Rect } from './rect';
import { attrs, commonAttrs, escapeXml } from './svg';
import { textWidth } from './text';
import type { ShapeGeometry } from './types';
import { POLICY } from '../policy-names';

/** The title's font size; it sits 6 above the box, in the header strip. */
export const FRAME_TITLE_SIZE = 14;

/** The title as drawn: cut with an ellipsis to the frame's width (the whole title shows in the panel). */
export function fitFrameTitle(title: string, width: number): string {
  if (textWidth(title, FRAME_TITLE_SIZE) <= width) return title;
  let n = title.length;
  while (n > 0 && textWidth(`${title.slice(0, n).trimEnd()}…`, FRAME_TITLE_SIZE) > width) n--;
  return n > 0 ? `${title.slice(0, n).trimEnd()}…` : '';
}

const boxOf = (s: FrameShape) => normalizeRect({ x: s.x, y: s.y, w: s.w, h: s.h });
/** The body plus the header strip above it. */
export const frameOuter = (s: FrameShape): Rect => {
  const b = boxOf(s);
  return { x: b.x, y: b.y - FRAME_HEADER, w: b.w, h: b.h + FRAME_HEADER };
};

export const frame: ShapeGeometry<FrameShape> = {
  box: boxOf,
  bounds: (s) => expandRect(rotatedBounds(frameOuter(s), s.rotation), FRAME_THICKNESS / 2),
  // the title strip and the border; the body's inside selects it like a hollow rectangle (sdk/shapes/interior.ts)
  hitTest: (s, p, tolerance) => {
    const q = unrotate(p, boxOf(s), s.rotation);
    const t = tolerance + FRAME_THICKNESS / 2;
    return containsPoint(frameOuter(s), q, t) && !containsPoint(expandRect(boxOf(s), -t), q);
  },
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  resize: (s, box) => ({ ...s, ...normalizeRect(box) }),
  toSvg(s) {
    const b = boxOf(s);
    const body = `<rect ${attrs({ x: b.x, y: b.y, width: b.w, height: b.h, fill: '#ffffff', stroke: s.color, 'stroke-width': FRAME_THICKNESS })}/>`;
    const title = `<text ${attrs({ x: b.x, y: b.y - 6, 'font-family': 'Open Sans', 'font-size': FRAME_TITLE_SIZE, fill: '#333333' })}>${escapeXml(fitFrameTitle(s.title, b.w))}</text>`;
    return `<g ${attrs(commonAttrs(s, b))}>${body}${title}</g>`;
  },
  /** Frames lie under everything and keep that place (board.md §4 "Layering"). */
  layer: 0,
  fixedLayer: true,
  modifiers: { textModifier: (s, c) => ({ ...s, title: c.value }) },
  textField: 'title',
  policies: [{ feature: 'frames', needs: [POLICY.frames] }],
  childrenOf: (s) => s.children ?? [],
  /** A copied frame keeps only the children copied with it. */
  relinkCopy: (s, ids) => ({ ...s, children: (s.children ?? []).filter((id) => ids.has(id)).map((id) => ids.get(id)!) }),
};

/** A frame captures a shape when at least 2/3 of the shape's bounds lie inside the frame body (board.md §4). */
export function frameCaptures(f: FrameShape, shapeBounds: Rect): boolean {
  return overlapRatio(boxOf(f), shapeBounds) >= FRAME_OVERLAP;
}

/** A shape as frame membership sees it: its id, kind and bounds. */
export interface Placed {
  id: string;
  cmd: string;
  bounds: Rect;
}

/** Frames and comments are never a frame's children. */
export const mayBeFrameChild = (cmd: string): boolean => cmd !== 'frame' && cmd !== 'comment';

/** The ids of the shapes a frame captures where they are now (creating or resizing a frame). */
export function frameCapturedIds(f: FrameShape, shapes: Iterable<Placed>): string[] {
  const out: string[] = [];
  for (const s of shapes) if (s.id !== f.id && mayBeFrameChild(s.cmd) && frameCaptures(f, s.bounds)) out.push(s.id);
  return out;
}

/**
 * A frame's children after some shapes moved or were resized (`moved`: where they are now): a
 * shape now 2/3 inside joins, a child no longer 2/3 inside leaves. Null when nothing changes.
 */
export function childrenDelta(f: FrameShape, moved: Iterable<Placed>): string[] | null {
  const children = new Set(f.children ?? []);
  let changed = false;
  for (const s of moved) {
    if (s.id === f.id || !mayBeFrameChild(s.cmd)) continue;
    const inside = frameCaptures(f, s.bounds);
    if (inside === children.has(s.id)) continue;
    if (inside) children.add(s.id);
    else children.delete(s.id);
    changed = true;
  }
  return changed ? [...children] : null;
}

/** The order of a new frame: the highest existing order plus 1 (board.md §4). */
export function nextFrameOrder(shapes: Iterable<{ cmd: string; order?: unknown }>): number {
  let max = 0;
  for (const s of shapes) if (s.cmd === 'frame' && typeof s.order === 'number' && s.order > max) max = s.order;
  return max + 1;
}
