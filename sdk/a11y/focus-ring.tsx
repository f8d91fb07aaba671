import { useEffect, useState } from 'react';
import { merge } from 'rxjs';
import { boundsOf } from '../../shared/geometry/registry';
import type { Rect } from '../../shared/geometry/rect';
import type { Editor } from '../editor/editor';

/** Space kept around a shape the keyboard brings into view (screen px). */
const SHOW_MARGIN = 48;

/**
 * Brings a shape into view when the keyboard focuses it (issue 32): nothing moves when it is
 * already wholly in view; otherwise the view centres on it at the same zoom, or fits it when it is
 * larger than the view.
 */
export function showShape(editor: Editor, id: string): void {
  const shape = editor.doc.get(id);
  if (!shape) return;
  const box = boundsOf(shape);
  const view = editor.viewport.visibleRect();
  const inside = box.x >= view.x && box.y >= view.y && box.x + box.w <= view.x + view.w && box.y + box.h <= view.y + view.h;
  if (inside) return;
  const { scale } = editor.viewport.state;
  const fits = box.w * scale + 2 * SHOW_MARGIN <= editor.viewport.width && box.h * scale + 2 * SHOW_MARGIN <= editor.viewport.height;
  if (!fits) return editor.zoomToRect(box);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  editor.viewport.set({ scale, tx: editor.viewport.width / 2 - cx * scale, ty: editor.viewport.height / 2 - cy * scale });
}

/** The keyboard focus on the canvas: a dashed outline around the focused shape, distinct from the selection. */
export function FocusRing({ editor, id }: { editor: Editor; id: string }) {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    const place = () => {
      const shape = editor.doc.get(id);
      if (!shape) return setRect(null);
      const b = boundsOf(shape);
      const a = editor.viewport.toScreen(b.x, b.y);
      const z = editor.viewport.state.scale;
      setRect({ x: a.x, y: a.y, w: b.w * z, h: b.h * z });
    };
    place();
    const sub = merge(editor.viewport.state$, editor.changes$).subscribe(place);
    return () => sub.unsubscribe();
  }, [editor, id]);
  if (!rect) return null;
  return (
    <div
      className="tb-focus-ring"
      aria-hidden="true"
      style={{ transform: `translate(${rect.x - 6}px, ${rect.y - 6}px)`, width: rect.w + 12, height: rect.h + 12 }}
    />
  );
}
