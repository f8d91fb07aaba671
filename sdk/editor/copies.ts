import type { Shape } from '../../shared/model';
import { kindGeometry } from '../../shared/geometry';

/**
 * What links a copy keeps (duplicate, Alt-drag, paste): a frame keeps only the children copied
 * with it, a connector stays attached only to shapes copied with it — pointing at their copies —
 * and lets go of the others (the originals stay with the original connector).
 */
export function relinkCopies(copies: readonly Shape[], ids: ReadonlyMap<string, string>): Shape[] {
  // each kind says what it links to (its `relinkCopy`); the others keep no links
  return copies.map((c) => kindGeometry(c.cmd)?.relinkCopy?.(c, ids) ?? c);
}

/** Copies shapes with `copy` (a new id each) and relinks the copies among themselves. */
export function copyShapes(shapes: readonly Shape[], copy: (s: Shape) => Shape): Shape[] {
  const ids = new Map<string, string>();
  const copies = shapes.map((s) => {
    const c = copy(s);
    ids.set(s.id, c.id);
    return c;
  });
  return relinkCopies(copies, ids);
}
