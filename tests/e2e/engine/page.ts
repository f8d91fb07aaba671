/**
 * A bare editor page for the engine's browser tests (tests/e2e/editor-engine.spec.ts): one
 * full-window Editor with every permission and the team policies, no server. Exposes
 * window.tabula.editor like the hosted page does under __TABULA_TEST__.
 */
import { Editor } from '../../../sdk/editor/editor';
import { TEAM_POLICIES } from '../../../shared/policies';
import { mixedShapes } from '../../../bench/board/shapes';

const container = document.getElementById('board')!;
const editor = new Editor({
  container,
  uid: 'tester',
  background: 'dot',
  permissions: () => ({ role: 'Owner', permissions: ['edit_board', 'write_comment'], policies: new Set<string>(TEAM_POLICIES) }),
});
const w = window as unknown as Record<string, unknown>;
w.tabula = { editor };
w.engine = {
  /** resolves once a frame left nothing missing */
  settled: () =>
    new Promise<void>((resolve) => {
      const r = editor.renderer!;
      const check = () => requestAnimationFrame(() => requestAnimationFrame(() => (r.stats.complete ? resolve() : check())));
      check();
    }),
  /** alpha of the shape layers (tiles + live two.js canvas) at a screen point */
  ink(sx: number, sy: number): number {
    const ratio = window.devicePixelRatio || 1;
    let alpha = 0;
    for (const c of container.querySelectorAll('canvas')) {
      if (c === container.querySelector('canvas')) continue; // the background pattern
      const ctx = (c as HTMLCanvasElement).getContext('2d')!;
      alpha = Math.max(alpha, ctx.getImageData(Math.round(sx * ratio), Math.round(sy * ratio), 1, 1).data[3]);
    }
    return alpha;
  },
  loadMixed(n: number) {
    editor.load({ seq: 1, shapes: mixedShapes(n), undo: { commands: [] } }, []);
  },
};
document.title = 'ready';
