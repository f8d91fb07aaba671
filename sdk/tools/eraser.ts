import { ERASER_TRAIL } from '../../shared/constants';
import type { Tool } from './tool';

/** How close (screen px) the eraser must pass to a shape to erase it. */
const ERASER_RADIUS = 6;

/**
 * Eraser (board.md §4): a trail of up to 10 points follows the pointer; every shape it
 * passes over disappears at once and one remove command takes them all on release.
 * Locked, private and ghost shapes are not erased.
 */
export function createEraserTool(): Tool {
  let trail: number[] | null = null;
  let erased: string[] = [];
  const sweep = (editor: Parameters<Tool['pointer']>[1], x0: number, y0: number, x1: number, y1: number) => {
    const tol = ERASER_RADIUS / editor.viewport.scale;
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / tol));
    const hit: string[] = [];
    for (let i = 0; i <= steps; i++) {
      const p = { x: x0 + ((x1 - x0) * i) / steps, y: y0 + ((y1 - y0) * i) / steps };
      for (const s of editor.scene.hitAll(p, tol)) {
        if (erased.includes(s.id) || hit.includes(s.id)) continue;
        if (editor.selectionType(s) !== 'normal') continue;
        hit.push(s.id);
      }
    }
    if (hit.length) {
      erased.push(...hit);
      editor.scene.setOverrides(hit.map((id) => [id, null]));
    }
  };
  return {
    name: 'eraser',
    cursor: 'cell',
    pointer(e, editor) {
      if (e.phase === 'Started') {
        if (e.button !== 0) return;
        trail = [e.x, e.y];
        erased = [];
        sweep(editor, e.x, e.y, e.x, e.y);
        editor.scene.setOverlay({ trail });
        return;
      }
      if (!trail) return;
      const lx = trail[trail.length - 2],
        ly = trail[trail.length - 1];
      sweep(editor, lx, ly, e.x, e.y);
      trail = [...trail, e.x, e.y].slice(-ERASER_TRAIL * 2);
      if (e.phase === 'Inprogress') {
        editor.scene.setOverlay({ trail });
        return;
      }
      const ids = erased;
      trail = null;
      erased = [];
      editor.scene.setOverlay({ trail: null });
      editor.scene.clearOverrides();
      if (ids.length) editor.execute({ cmd: 'remove', shapes: ids });
    },
    deactivate(editor) {
      trail = null;
      erased = [];
      editor.scene.setOverlay({ trail: null });
      editor.scene.clearOverrides();
    },
  };
}
