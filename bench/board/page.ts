/**
 * The benchmark page (bundled by bench/board/bundle.ts): one full-window Editor and a small
 * in-page driver the runner calls through `window.bench`. Frames are driven and timed with
 * requestAnimationFrame; every figure comes from the real renderer.
 */
import { Editor } from '../../sdk/editor/editor';
import { fitView } from '../../sdk/engine/viewport';
import type { RenderMode } from '../../sdk/engine/renderer';
import { mixedShapes } from './shapes';

interface FrameStats {
  draw: number[];
  interval: number[];
}

const container = document.getElementById('board')!;
const editor = new Editor({
  container,
  uid: 'bench',
  permissions: () => ({ role: 'Owner', permissions: ['edit_board'], policies: new Set<string>() }),
});
const renderer = editor.renderer!;

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves after the first frame that left nothing missing (all tiles and objects drawn). */
const drawn = () =>
  new Promise<void>((resolve) => {
    renderer.onFrame = (s) => {
      if (!s.complete) return;
      renderer.onFrame = null;
      resolve();
    };
  });

/** Runs `step` once per animation frame for `frames` frames and collects draw and frame times. */
async function drive(frames: number, step: (i: number) => void): Promise<FrameStats> {
  const stats: FrameStats = { draw: [], interval: [] };
  await nextFrame();
  await nextFrame();
  let last = performance.now();
  renderer.onFrame = (s) => stats.draw.push(s.lastFrameMs);
  for (let i = 0; i < frames; i++) {
    step(i);
    const t = await nextFrame();
    stats.interval.push(t - last);
    last = t;
  }
  await nextFrame();
  renderer.onFrame = null;
  stats.interval.shift(); // the first interval includes the driver's own start
  return stats;
}

/** Shapes the spatial index puts on screen now. */
function visibleCount(): number {
  return renderer.mode === 'all' ? editor.doc.size : editor.scene.visible(editor.viewport.visibleRect()).length;
}

function centre100(): void {
  const extent = editor.scene.extent();
  const c = extent ? { x: extent.x + extent.w / 2, y: extent.y + extent.h / 2 } : { x: 0, y: 0 };
  editor.viewport.set({ tx: editor.viewport.width / 2 - c.x, ty: editor.viewport.height / 2 - c.y, scale: 1 });
}

const bench = {
  /** Loads a board of n mixed shapes; returns ms until the first complete frame at 100 %. */
  async load(n: number, mode: RenderMode = 'tiles'): Promise<{ loadMs: number; firstFrameMs: number; shapes: number; drawn: number }> {
    renderer.mode = mode;
    editor.load(null, []);
    await nextFrame();
    const shapes = mixedShapes(n);
    const t0 = performance.now();
    const frame = drawn();
    editor.load({ seq: 1, shapes, undo: { commands: [] } }, []);
    centre100();
    const loadMs = performance.now() - t0;
    await frame;
    await nextFrame();
    return { loadMs, firstFrameMs: performance.now() - t0, shapes: editor.doc.size, drawn: visibleCount() };
  },

  /** ms to draw the whole board once it is fitted on screen (every shape visible). */
  async fitFrame(): Promise<{ ms: number; drawn: number; scale: number }> {
    const t0 = performance.now();
    const frame = drawn();
    editor.viewport.set(fitView(editor.scene.extent(), editor.viewport.width, editor.viewport.height));
    await frame;
    await nextFrame();
    return { ms: performance.now() - t0, drawn: visibleCount(), scale: editor.viewport.scale };
  },

  /** Pans at 100 % for `frames` frames. */
  async pan(frames: number): Promise<FrameStats> {
    centre100();
    return drive(frames, (i) => editor.viewport.panBy(i % 120 < 60 ? 9 : -9, i % 80 < 40 ? 4 : -4));
  },

  /** Wheel-zooms out from 100 % to 25 % and back in at the screen centre. */
  async zoom(frames: number): Promise<FrameStats> {
    centre100();
    const half = Math.floor(frames / 2);
    const step = (Math.log(4) / half / 0.1) * 50; // wheel delta whose factor is 4^(1/half)
    return drive(frames, (i) => editor.viewport.wheel(i < half ? step : -step, editor.viewport.width / 2, editor.viewport.height / 2));
  },

  /** Pans with the whole board on screen (the worst case: nothing is culled). */
  async panFit(frames: number): Promise<FrameStats> {
    editor.viewport.set(fitView(editor.scene.extent(), editor.viewport.width, editor.viewport.height));
    return drive(frames, (i) => editor.viewport.panBy(i % 60 < 30 ? 5 : -5, 0));
  },

  /** Switches to the pen and records, per pointer event, the time until the frame drawing it. */
  penReady(): void {
    centre100();
    editor.setTool('pen');
    const pending: number[] = [];
    const latencies: number[] = [];
    container.addEventListener(
      'pointermove',
      (e) => {
        if (e.buttons) pending.push(e.timeStamp);
      },
      { capture: true },
    );
    renderer.onFrame = () => {
      const now = performance.now();
      while (pending.length) latencies.push(now - pending.shift()!);
    };
    (window as unknown as { penLatencies: number[] }).penLatencies = latencies;
  },

  strokes(): number {
    return editor.doc.ordered().filter((s) => s.cmd === 'pen' && s.uid === 'bench' && !s.id.startsWith('s')).length;
  },
};

(window as unknown as { bench: typeof bench; tabula: { editor: Editor } }).bench = bench;
(window as unknown as { tabula: { editor: Editor } }).tabula = { editor };
document.title = 'ready';
