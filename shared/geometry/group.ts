/** composite and link shapes: groups of nested shapes (a link also carries a url). */
import type { CompositeShape, LinkShape, Shape } from '../model';
import { mapPoints, rectCenter, rotatePoint, unionRects, unrotate, EMPTY_RECT, type Rect } from './rect';
import { attrs, commonAttrs } from './svg';
import type { ShapeGeometry } from './types';

type Group = CompositeShape | LinkShape;

/** The group geometry, given the registry lookup for the children (avoids an import cycle). */
export function groupGeometry<G extends Group>(of: (shape: Shape) => ShapeGeometry): ShapeGeometry<G> {
  const boxOf = (g: G): Rect => unionRects(g.shapes.map((c) => of(c).box(c))) ?? { ...EMPTY_RECT };
  const outer = (g: G): Rect => unionRects(g.shapes.map((c) => of(c).bounds(c))) ?? { ...EMPTY_RECT };
  return {
    box: boxOf,
    /** The children's bounds turned around the group box's centre (where render and hitTest turn them). */
    bounds(g) {
      const o = outer(g);
      if (!g.rotation || g.rotation % 360 === 0) return o;
      const c = rectCenter(boxOf(g));
      const corners = [
        [o.x, o.y],
        [o.x + o.w, o.y],
        [o.x + o.w, o.y + o.h],
        [o.x, o.y + o.h],
      ].map(([x, y]) => rotatePoint({ x: x!, y: y! }, c, g.rotation!));
      const xs = corners.map((p) => p.x);
      const ys = corners.map((p) => p.y);
      return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
    },
    hitTest(g, p, tolerance) {
      const q = unrotate(p, boxOf(g), g.rotation);
      return g.shapes.some((c) => of(c).hitTest(c, q, tolerance));
    },
    translate: (g, dx, dy) => ({ ...g, shapes: g.shapes.map((c) => of(c).translate(c, dx, dy)) }),
    /** Every child keeps its place relative to the group box, scaled onto the new box. */
    resize(g, box) {
      const from = boxOf(g);
      return {
        ...g,
        shapes: g.shapes.map((c) => {
          const geo = of(c);
          const cb = geo.box(c);
          const [x1, y1, x2, y2] = mapPoints([cb.x, cb.y, cb.x + cb.w, cb.y + cb.h], from, box);
          return geo.resize(c, { x: x1, y: y1, w: x2 - x1, h: y2 - y1 });
        }),
      };
    },
    toSvg(g, options) {
      const inner = g.shapes.map((c) => of(c).toSvg(c, options)).join('');
      const group = `<g ${attrs(commonAttrs(g, boxOf(g)))}>${inner}</g>`;
      const url = g.cmd === 'link' ? (g as LinkShape).url : undefined;
      return url && /^https?:\/\//i.test(url) ? `<a ${attrs({ href: url })}>${group}</a>` : group;
    },
    innerShapes: (g) => g.shapes,
    withInnerShapes: (g, shapes) => ({ ...g, shapes }),
  };
}
