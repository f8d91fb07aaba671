/**
 * Editing inside a group without ungrouping it (docs/board-screen.md "Entering a group"): the
 * pure part. A shape inside a group is named by its path (the ids from the top group's child down
 * to it). Changing one child gives a new top group, to be sent as ONE `replace` of that group:
 * at every level the connectors attached to the changed child are re-routed onto it, and a
 * rotated group's children are shifted so that the unchanged ones stay where they are drawn
 * (the rotation turns them about the group box's centre, which the change may move).
 */
import type { LineShape, Shape } from '../model';
import { anchorOf, isLineShape, routeConnector, samePoints } from './connectors';
import { rectCenter, rotatePoint, unrotate, type Point } from './rect';
import { boxOf, hitTest, innerShapes, mapInnerShapes, translateShape } from './registry';

/** The shape at `path` inside `root` (the root itself for an empty path), or null. */
export function shapeAtPath(root: Shape, path: readonly string[]): Shape | null {
  let at: Shape | undefined = root;
  for (const id of path) {
    at = innerShapes(at).find((c) => c.id === id);
    if (!at) return null;
  }
  return at;
}

/** A board point in the children's frame of `group` (its rotation taken off). */
export const intoGroup = (group: Shape, p: Point): Point => unrotate(p, boxOf(group), group.rotation);

/** The topmost child of `group` under board point `p` (`p` in the frame of the group's parent), or null. */
export function childAt(group: Shape, p: Point, tolerance = 0): Shape | null {
  const q = intoGroup(group, p);
  const children = innerShapes(group);
  for (let i = children.length - 1; i >= 0; i--) if (hitTest(children[i]!, q, tolerance)) return children[i]!;
  return null;
}

/** A board point in the frame of the shape at `path`'s parent (each group's rotation on the way taken off). */
export function pointAtPath(root: Shape, path: readonly string[], p: Point): Point {
  let q = p;
  let at: Shape = root;
  for (const id of path) {
    q = intoGroup(at, q);
    const next = innerShapes(at).find((c) => c.id === id);
    if (!next) break;
    at = next;
  }
  return q;
}

/** A board vector (a drag) in the frame of the shape at `path` (the groups' rotations taken off). */
export function vectorAtPath(root: Shape, path: readonly string[], dx: number, dy: number): Point {
  const o = pointAtPath(root, path, { x: 0, y: 0 });
  const v = pointAtPath(root, path, { x: dx, y: dy });
  return { x: v.x - o.x, y: v.y - o.y };
}

/** `group` with child `id` replaced by `next`: its sibling connectors re-routed, a rotation's centre kept. */
function withChild(group: Shape, id: string, next: Shape): Shape {
  const children = innerShapes(group).map((c) => (c.id === id ? next : c));
  const byId = new Map(children.map((c) => [c.id, c]));
  const anchor = (end: string | undefined) => {
    const s = end ? byId.get(end) : undefined;
    return s ? anchorOf(s, boxOf(s)) : null;
  };
  const routed = children.map((c) => {
    if (!isLineShape(c) || (c.start !== id && c.end !== id)) return c;
    const line = c as LineShape;
    const points = routeConnector(line.points, anchor(line.start), anchor(line.end));
    return samePoints(points, line.points) ? c : ({ ...line, points } as Shape);
  });
  let out = mapInnerShapes(group, (c) => routed.find((r) => r.id === c.id) ?? c);
  const rotation = group.rotation ?? 0;
  if (rotation % 360) {
    // R(p - c') + c' + t = R(p - c) + c for every unchanged p: t = R(c' - c) - (c' - c)
    const c = rectCenter(boxOf(group));
    const c2 = rectCenter(boxOf(out));
    const turned = rotatePoint(c2, c, rotation);
    const tx = turned.x - c2.x;
    const ty = turned.y - c2.y;
    if (Math.abs(tx) > 1e-9 || Math.abs(ty) > 1e-9) out = mapInnerShapes(out, (s) => translateShape(s, tx, ty));
  }
  return out;
}

/** `root` with the shape at `path` replaced by `next` (null when the path does not lead to a shape). */
export function replaceAtPath(root: Shape, path: readonly string[], next: Shape): Shape | null {
  if (!path.length) return next;
  const [head, ...rest] = path;
  const child = innerShapes(root).find((c) => c.id === head);
  if (!child) return null;
  const changed = replaceAtPath(child, rest, next);
  return changed ? withChild(root, head!, changed) : null;
}

/**
 * The shape at `path` as it stands on the board: each enclosing group's rotation applied to its
 * place and added to its own rotation (for outlines and the in-place text editor).
 */
export function drawnAtPath(root: Shape, path: readonly string[]): Shape | null {
  let target = shapeAtPath(root, path);
  if (!target || !path.length) return target;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const group = shapeAtPath(root, path.slice(0, depth))!;
    const rotation = group.rotation ?? 0;
    if (!(rotation % 360)) continue;
    const own = rectCenter(boxOf(target));
    const at = rotatePoint(own, rectCenter(boxOf(group)), rotation);
    target = { ...translateShape(target, at.x - own.x, at.y - own.y), rotation: ((target.rotation ?? 0) + rotation) % 360 };
  }
  return target;
}
