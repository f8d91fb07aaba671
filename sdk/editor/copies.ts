import type { Shape } from '../../shared/model';

/**
 * What links a copy keeps (duplicate, Alt-drag, paste): a frame keeps only the children copied
 * with it, a connector stays attached only to shapes copied with it — pointing at their copies —
 * and lets go of the others (the originals stay with the original connector).
 */
export function relinkCopies(copies: Shape[], ids: ReadonlyMap<string, string>): Shape[] {
  for (const c of copies) {
    if (c.cmd === 'frame') c.children = (c.children ?? []).filter((id) => ids.has(id)).map((id) => ids.get(id)!);
    if (c.cmd === 'line' || c.cmd === 'arrow') {
      for (const end of ['start', 'end'] as const) {
        const id = c[end];
        if (id === undefined) continue;
        if (ids.has(id)) c[end] = ids.get(id)!;
        else delete c[end];
      }
    }
  }
  return copies;
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
