import Two from 'two.js';
import type { Shape } from '../../shared/model';
import type { Rect } from '../../shared/geometry/rect';

/** A two.js object a shape module draws: a path, a text or a group of them. */
export type TwoObject = InstanceType<typeof Two.Path> | InstanceType<typeof Two.Group> | InstanceType<typeof Two.Text>;
export type TwoPath = InstanceType<typeof Two.Path>;
export type TwoGroup = InstanceType<typeof Two.Group>;
export type TwoText = InstanceType<typeof Two.Text>;

const { Anchor, Path, Group, Text } = Two;
const { move, line, curve } = Two.Commands;

/** Straight polyline through flat [x0, y0, x1, y1, …] points. */
export function polyline(points: readonly number[], closed = false): TwoPath {
  const anchors: InstanceType<typeof Anchor>[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    anchors.push(new Anchor(points[i], points[i + 1], 0, 0, 0, 0, i === 0 ? move : line));
  }
  return new Path(anchors, closed, false, true);
}

/**
 * The smooth stroke shared/geometry `smoothPath` describes for SVG: quadratic curves with the
 * points as control points and midpoints as anchors, converted here to the cubic béziers
 * two.js draws (c1 = p + 2/3 (q − p), c2 = m + 2/3 (q − m)).
 */
export function smoothStroke(points: readonly number[]): TwoPath {
  const n = points.length >> 1;
  if (n <= 2) return polyline(points.length === 2 ? [points[0], points[1], points[0], points[1]] : points);
  const x = (i: number) => points[i * 2];
  const y = (i: number) => points[i * 2 + 1];
  const anchors: InstanceType<typeof Anchor>[] = [new Anchor(x(0), y(0), 0, 0, 0, 0, move)];
  let px = x(0),
    py = y(0);
  for (let i = 1; i < n - 1; i++) {
    const qx = x(i),
      qy = y(i);
    const mx = (qx + x(i + 1)) / 2,
      my = (qy + y(i + 1)) / 2;
    const prev = anchors[anchors.length - 1];
    prev.controls.right.set((2 / 3) * (qx - px), (2 / 3) * (qy - py));
    anchors.push(new Anchor(mx, my, (2 / 3) * (qx - mx), (2 / 3) * (qy - my), 0, 0, curve));
    px = mx;
    py = my;
  }
  anchors.push(new Anchor(x(n - 1), y(n - 1), 0, 0, 0, 0, line));
  return new Path(anchors, false, false, true);
}

/** An axis-aligned rectangle path (box in board units). */
export function rectPath(box: Rect): TwoPath {
  return polyline([box.x, box.y, box.x + box.w, box.y, box.x + box.w, box.y + box.h, box.x, box.y + box.h], true);
}

export function stroked<T extends TwoPath>(path: T, color: string, width: number, fill = 'none'): T {
  path.stroke = color;
  path.linewidth = width;
  path.fill = fill;
  path.cap = 'round';
  path.join = 'round';
  return path;
}

/** A CSS font-family list for a board font, with a generic fallback. */
export function fontFamily(font: string): string {
  const generic = /courier/i.test(font)
    ? 'monospace'
    : /caveat|comic|cabin sketch/i.test(font)
      ? 'cursive'
      : /georgia|times/i.test(font)
        ? 'serif'
        : 'sans-serif';
  return `"${font.replace(/"/g, '')}", ${generic}`;
}

/** Text lines laid out from a top-left (or aligned) origin. */
export function textLines(
  lines: readonly string[],
  origin: { x: number; y: number },
  style: { family: string; size: number; lineHeight: number; fill: string; alignment: 'left' | 'center' | 'right'; width?: number },
): TwoGroup {
  const group = new Group();
  const ax =
    style.alignment === 'left'
      ? origin.x
      : style.alignment === 'center'
        ? origin.x + (style.width ?? 0) / 2
        : origin.x + (style.width ?? 0);
  lines.forEach((content, i) => {
    const t = new Text(content, ax, origin.y + i * style.lineHeight, {
      family: fontFamily(style.family),
      size: style.size,
      leading: style.lineHeight,
      alignment: style.alignment,
      baseline: 'top',
      fill: style.fill,
      stroke: 'transparent',
    });
    group.add(t);
  });
  return group;
}

/**
 * Text at low detail: real glyphs when the font is at least 6 px on screen, otherwise a thin
 * bar per line ("greeking"), which costs one fillRect.
 */
export function greek(
  ctx: CanvasRenderingContext2D,
  lines: readonly string[],
  box: Rect,
  size: number,
  lineHeight: number,
  color: string,
  font: string,
  align: 'left' | 'center' | 'right',
  scale: number,
): void {
  ctx.fillStyle = color;
  if (size * scale >= 6) {
    ctx.font = `${size}px ${fontFamily(font)}`;
    ctx.textBaseline = 'top';
    ctx.textAlign = align;
    const x = align === 'left' ? box.x : align === 'center' ? box.x + box.w / 2 : box.x + box.w;
    lines.forEach((l, i) => ctx.fillText(l, x, box.y + i * lineHeight));
    return;
  }
  const alpha = ctx.globalAlpha;
  ctx.globalAlpha = alpha * 0.45;
  lines.forEach((l, i) => {
    const w = Math.min(box.w, l.length * size * 0.55);
    const x = align === 'left' ? box.x : align === 'center' ? box.x + (box.w - w) / 2 : box.x + box.w - w;
    ctx.fillRect(x, box.y + i * lineHeight + size * 0.25, w, size * 0.6);
  });
  ctx.globalAlpha = alpha;
}

/**
 * Shape-level presentation every kind shares: opacity (tenths) and rotation around the
 * centre of the unrotated box (the same convention as shared/geometry).
 */
export function withCommon(object: TwoObject, shape: Shape, box: Rect, extraOpacity = 1): TwoObject {
  const opacity = (shape.opacity !== undefined ? shape.opacity / 10 : 1) * extraOpacity;
  if (!shape.rotation) {
    if (opacity !== 1) object.opacity = opacity;
    return object;
  }
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const inner = new Group(object);
  inner.translation.set(-cx, -cy);
  const outer = new Group(inner);
  outer.translation.set(cx, cy);
  outer.rotation = (shape.rotation * Math.PI) / 180;
  outer.opacity = opacity;
  return outer;
}
