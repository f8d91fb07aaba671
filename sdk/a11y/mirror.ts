import { describeShape, readingOrder } from '../../shared/a11y';
import { boundsOf, childrenOf } from '../../shared/geometry/registry';
import { rectsIntersect, unionRects, type Rect } from '../../shared/geometry/rect';
import type { Shape } from '../../shared/model';

/**
 * The screen reader's mirror of the board (issue 32): the shapes in reading order, each with its
 * accessible name and description. A board of more than MIRROR_MAX shapes lists the ones in view
 * (in reading order, at most MIRROR_MAX) — the list follows the view as it moves.
 */
export const MIRROR_MAX = 500;

export interface MirrorItem {
  id: string;
  kind: string;
  name: string;
  description: string;
}

export interface Mirror {
  items: MirrorItem[];
  /** how many shapes the board has (listed or not) */
  total: number;
  /** true when only the shapes in view are listed */
  inViewOnly: boolean;
}

export function buildMirror(shapes: readonly Shape[], view: Rect | null): Mirror {
  const ordered = readingOrder(shapes);
  const total = ordered.length;
  const inViewOnly = total > MIRROR_MAX && !!view;
  const listed = inViewOnly ? ordered.filter((s) => rectsIntersect(boundsOf(s), view!)).slice(0, MIRROR_MAX) : ordered.slice(0, MIRROR_MAX);
  const frameOf = new Map<string, string>();
  for (const s of shapes) {
    const title = (s as { title?: unknown }).title;
    if (typeof title !== 'string') continue;
    for (const child of childrenOf(s)) frameOf.set(child, title || 'untitled');
  }
  const area = unionRects(ordered.map(boundsOf)) ?? null;
  const place = new Map(ordered.map((s, i) => [s.id, i + 1]));
  const items = listed.map((s) => {
    const d = describeShape(s, { index: place.get(s.id) ?? 0, total, frame: frameOf.get(s.id) ?? null, area });
    return { id: s.id, kind: s.cmd, name: d.name, description: d.description };
  });
  return { items, total, inViewOnly };
}
