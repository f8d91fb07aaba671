/**
 * Grouping and ungrouping (issue 34 item 4): the pure part. A group is a composite shape whose
 * children keep their board coordinates; the group's own rotation turns them around the group
 * box's centre and its opacity fades them all (a resize already scales the children themselves:
 * ./group.ts). Ungrouping bakes rotation and opacity into the children, so nothing moves.
 */
import type { CompositeShape, Shape } from '../model';
import { isLineShape } from './connectors';
import { rectCenter, rotatePoint } from './rect';
import { boxOf, innerShapes, isAnnotation, reorderableKind, translateShape } from './registry';

/** How deep groups nest in a shape: 0 for a plain shape, 1 for a group of plain shapes, … */
export function groupNesting(shape: Shape): number {
  const inner = innerShapes(shape);
  return inner.length ? 1 + Math.max(...inner.map(groupNesting)) : 0;
}

/**
 * Whether a shape's kind may go into a group: not a comment pin (an annotation) and not a kind
 * that keeps its own layer (frames: they hold shapes rather than being held).
 */
export const groupableKind = (shape: Shape): boolean => !isAnnotation(shape) && reorderableKind(shape);

/**
 * The composite holding `shapes` (bottom to top). A connector keeps an end only when the shape
 * it is attached to goes into the same group; ends on shapes outside are let go (a connector
 * outside the group attached to a grouped shape is freed by the removal: sdk/editor/followers).
 */
export function composeGroup(shapes: readonly Shape[], base: { id: string; uid: string; timestamp: number }): CompositeShape {
  const ids = new Set(shapes.map((s) => s.id));
  const children = shapes.map((s) => {
    if (!isLineShape(s)) return s;
    const { start, end, ...rest } = s;
    return { ...rest, ...(start && ids.has(start) ? { start } : {}), ...(end && ids.has(end) ? { end } : {}) };
  });
  return { ...base, cmd: 'composite', shapes: children };
}

const normalizeAngle = (deg: number): number => {
  const a = ((deg % 360) + 360) % 360;
  return Math.abs(a) < 1e-9 || Math.abs(a - 360) < 1e-9 ? 0 : a;
};

/**
 * The children of a group as they stand on the board: each turned by the group's rotation
 * around the group box's centre (its own centre moved there, its rotation added) and faded by
 * the group's opacity. A group without rotation or opacity gives its children back as they are.
 */
export function ungroupedShapes(group: Shape): Shape[] {
  const rotation = group.rotation ?? 0;
  const fade = group.opacity !== undefined ? group.opacity / 10 : 1;
  const centre = rectCenter(boxOf(group));
  return innerShapes(group).map((child) => {
    let out: Shape = child;
    if (rotation % 360) {
      const own = rectCenter(boxOf(child));
      const at = rotatePoint(own, centre, rotation);
      out = translateShape(child, at.x - own.x, at.y - own.y);
      const angle = normalizeAngle((child.rotation ?? 0) + rotation);
      const { rotation: _r, ...rest } = out;
      out = (angle ? { ...rest, rotation: angle } : rest) as Shape;
    }
    if (fade !== 1) out = { ...out, opacity: Math.max(1, Math.round((out.opacity ?? 10) * fade)) };
    return out;
  });
}
