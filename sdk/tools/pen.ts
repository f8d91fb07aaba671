import type { PenShape } from '../../shared/model';
import { finishStroke } from '../../shared/geometry';
import type { Tool } from './tool';

/**
 * Pen and highlighter (board.md §4): points follow the pointer; on release the stroke is kept
 * only with more than one point and simplified at tolerance 0.6. The highlighter stores its
 * line width; drawing makes it 4 × wide at 75 % opacity (shared/geometry strokeWidth).
 */
export function createPenTool(kind: 'pen' | 'highlighter'): Tool {
  let points: number[] | null = null;
  let draft: PenShape | null = null;
  return {
    name: kind,
    cursor: 'crosshair',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        points = [e.x, e.y];
        const style = editor.style;
        draft = {
          ...editor.shapeBase(kind),
          cmd: kind,
          points,
          color: style.color,
          lineWidth: style.lineWidth,
          type: kind === 'highlighter' ? 'hl' : 'pen',
          ...(style.opacity !== 10 ? { opacity: style.opacity } : {}),
        };
        editor.scene.setPreview([draft]);
        return;
      }
      if (!points || !draft) return;
      const lx = points[points.length - 2],
        ly = points[points.length - 1];
      // skip sub-pixel jitter; always keep the release point
      if (Math.hypot(e.x - lx, e.y - ly) * editor.viewport.scale >= 1) points.push(e.x, e.y);
      if (e.phase === 'Inprogress') {
        draft = { ...draft, points };
        editor.scene.setPreview([draft]);
        return;
      }
      const finished = finishStroke(points);
      const shape = draft;
      points = null;
      draft = null;
      editor.scene.setPreview([]);
      if (finished) editor.execute({ cmd: kind, shape: { ...shape, points: finished } });
    },
    deactivate(editor) {
      points = null;
      draft = null;
      editor.scene.setPreview([]);
    },
  };
}
