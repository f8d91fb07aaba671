import type { Tool } from './tool';

/** Drags the board (also what Space and the middle button switch to temporarily). */
export function createPanTool(): Tool {
  let last: { sx: number; sy: number } | null = null;
  return {
    name: 'pan',
    cursor: 'grab',
    pointer(e, editor) {
      if (e.phase === 'Started') last = { sx: e.sx, sy: e.sy };
      else if (last) {
        editor.viewport.panBy(e.sx - last.sx, e.sy - last.sy);
        last = e.phase === 'Completed' ? null : { sx: e.sx, sy: e.sy };
      }
    },
    deactivate() {
      last = null;
    },
  };
}
