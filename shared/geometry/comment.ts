/** comment markers: a pin at x, y (its top-left) coloured by number 1–6 (default 6). */
import type { CommentShape } from '../model';
import { COMMENT_COLORS, COMMENT_DEFAULT_COLOR, COMMENT_MARKER_SIZE } from '../constants';
import { containsPoint } from './rect';
import { attrs, num } from './svg';
import type { ShapeGeometry } from './types';
import { POLICY } from '../policy-names';

const boxOf = (s: CommentShape) => ({ x: s.x, y: s.y, w: COMMENT_MARKER_SIZE, h: COMMENT_MARKER_SIZE });

export function commentColor(color: number | undefined): string {
  return COMMENT_COLORS[(color ?? COMMENT_DEFAULT_COLOR) as keyof typeof COMMENT_COLORS] ?? COMMENT_COLORS[COMMENT_DEFAULT_COLOR];
}

export const comment: ShapeGeometry<CommentShape> = {
  box: boxOf,
  bounds: boxOf,
  hitTest: (s, p, tolerance) => containsPoint(boxOf(s), p, tolerance),
  translate: (s, dx, dy) => ({ ...s, x: s.x + dx, y: s.y + dy }),
  /** A marker has a fixed size: resizing only moves it. */
  resize: (s, box) => ({ ...s, x: box.x, y: box.y }),
  toSvg(s) {
    const k = COMMENT_MARKER_SIZE,
      x = s.x,
      y = s.y;
    // a speech bubble: rounded square with its tail at the bottom-left corner
    const d = `M${num(x)} ${num(y + k)}L${num(x)} ${num(y + k / 2)}A${num(k / 2)} ${num(k / 2)} 0 1 1 ${num(x + k / 2)} ${num(y + k)}Z`;
    return `<path ${attrs({ d, fill: commentColor(s.color), stroke: '#ffffff', 'stroke-width': 2 })}/>`;
  },
  /** Comment markers lie over everything and keep that place (board.md §4 "Layering"). */
  layer: 2,
  fixedLayer: true,
  /** A marker's colour is its number (1–6), not a colorModifier's. */
  modifiers: { colorModifier: () => null },
  hidden: (s) => !!s.resolved,
  commenterWritable: true,
  snapTarget: false,
  policies: [{ feature: 'comments', needs: [POLICY.comments] }],
  /** A pin keeps its place by what it points at: arranging leaves it. */
  arrangeable: () => false,
  /** A remark about the board, not its content: copies, backups and thumbnails leave it out (its thread stays with the board). */
  annotation: true,
};
