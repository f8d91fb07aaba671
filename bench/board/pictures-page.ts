/**
 * The pictures bench page (bench/pictures.bench.ts): the board bench page (./page.ts: one Editor
 * and `window.bench`'s pan and zoom drivers) plus a picture source standing in for the server —
 * each asset's variants are photo-sized JPEGs (full 2400×1800, s1 600×450, preview 288×216, the
 * sizes the server makes of a 2–4 MB photo), each asset decoded on its own as on a real board —
 * and a loader of a board of pictures or of the same board in rectangles.
 */
import './page';
import type { Shape } from '../../shared/model';
import { pictureMemory, registerPictureSource, setPictureBudget } from '../../sdk/assets/pictures';
import type { ImageVariant } from '../../sdk/assets/rules';
import type { Editor } from '../../sdk/editor/editor';
import { pictureSettled, sweepPictures } from '../../sdk/shapes/image';

const editor = (window as unknown as { tabula: { editor: Editor } }).tabula.editor;
const SIZES: Record<ImageVariant, [number, number]> = { full: [2400, 1800], s1: [600, 450], preview: [288, 216] };

/** One JPEG per variant, made once: a photo-like gradient with noise. */
const blobs = new Map<ImageVariant, Promise<Blob>>();
function photo(variant: ImageVariant): Promise<Blob> {
  let made = blobs.get(variant);
  if (!made) {
    const [w, h] = SIZES[variant];
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, '#3a7bd5');
    g.addColorStop(1, '#f2c94c');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    const noise = ctx.getImageData(0, 0, w, h);
    for (let i = 0; i < noise.data.length; i += 4) noise.data[i] = (noise.data[i]! + ((i * 2654435761) >>> 24)) & 255;
    ctx.putImageData(noise, 0, 0);
    made = canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    blobs.set(variant, made);
  }
  return made;
}
registerPictureSource({
  asset: (_resource, variant) => photo(variant),
  original: async () => ({ blob: await photo('full'), name: 'photo.jpg' }),
  report: () => undefined,
});

const COLUMNS = 20;
/** n pictures of 400×300 in rows of 20 with gaps of 40, or the same boxes as rectangles. */
function board(n: number, pictures: boolean): Shape[] {
  return Array.from({ length: n }, (_, i) => {
    const base = { id: `p${i}`, uid: 'bench', timestamp: i, x: (i % COLUMNS) * 440, y: Math.floor(i / COLUMNS) * 340, w: 400, h: 300 };
    const resource = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return (pictures ? { ...base, cmd: 'image', resource } : { ...base, cmd: 'filledRectangle', color: '#3a7bd5' }) as Shape;
  });
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Whether every picture on screen is drawn from a picture decoded for the zoom (nothing left to decode or swap). */
function picturesShown(): boolean {
  return editor.scene.visible(editor.viewport.visibleRect()).every((id) => editor.doc.get(id)?.cmd !== 'image' || pictureSettled(id));
}

Object.assign((window as unknown as { bench: Record<string, unknown> }).bench, {
  /** Loads the board (pictures or rectangles) at 100 % on its centre; ms until every picture on screen is drawn. */
  async loadPictures(n: number, pictures: boolean): Promise<{ firstFrameMs: number }> {
    editor.load(null, []);
    await nextFrame();
    const t0 = performance.now();
    editor.load({ seq: 1, shapes: board(n, pictures), undo: { commands: [] } }, []);
    // the grid's centre (the layout is known: the scene's extent follows on the next frame)
    const centre = { x: (Math.min(n, COLUMNS) * 440 - 40) / 2, y: (Math.ceil(n / COLUMNS) * 340 - 40) / 2 };
    editor.viewport.set({ tx: editor.viewport.width / 2 - centre.x, ty: editor.viewport.height / 2 - centre.y, scale: 1 });
    for (;;) {
      await nextFrame();
      if (picturesShown()) break;
      if (performance.now() - t0 > 60_000) throw new Error('pictures not shown within a minute');
    }
    await nextFrame();
    return { firstFrameMs: performance.now() - t0 };
  },
  /** Waits until every picture on screen is drawn at the zoom's variant (after a zoom or a fit). */
  async settlePictures(): Promise<number> {
    const t0 = performance.now();
    while (!picturesShown()) {
      await nextFrame();
      if (performance.now() - t0 > 60_000) throw new Error('pictures not settled within a minute');
    }
    await nextFrame();
    return performance.now() - t0;
  },

  /**
   * A long walk around the board: `stops` views at zooms between 12 % and 200 % (the three
   * variants, several decoded widths each), each wheel-zoomed to over `frames` frames; answers the
   * frame times.
   */
  async roam(stops: number, frames: number): Promise<{ draw: number[]; interval: number[] }> {
    const extent = editor.scene.extent()!;
    const draw: number[] = [];
    const interval: number[] = [];
    const renderer = editor.renderer!;
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let k = 0; k < stops; k++) {
      // the last view at 60 %: several pictures fully on screen to look at
      const scale = k === stops - 1 ? 0.6 : [0.12, 0.2, 0.35, 0.6, 1, 2][k % 6]!;
      const c = { x: extent.x + random() * extent.w, y: extent.y + random() * extent.h };
      const from = editor.viewport.scale;
      renderer.onFrame = (st) => draw.push(st.lastFrameMs);
      let last = await nextFrame();
      for (let i = 1; i <= frames; i++) {
        const s = from * (scale / from) ** (i / frames);
        editor.viewport.set({ tx: editor.viewport.width / 2 - c.x * s, ty: editor.viewport.height / 2 - c.y * s, scale: s });
        const t = await nextFrame();
        interval.push(t - last);
        last = t;
      }
      renderer.onFrame = null;
    }
    return { draw, interval };
  },

  /** The decoded pictures' memory (sdk/assets/pictures.ts), after the drawings off screen let go. */
  memory(): { bytes: number; held: number; pictures: number; budget: number } {
    sweepPictures();
    return pictureMemory();
  },

  setBudget(bytes: number): void {
    setPictureBudget(bytes);
  },

  /** Screen rectangles (CSS px) of the pictures fully on screen, at most `n`. */
  onScreen(n: number): Array<{ id: string; x: number; y: number; w: number; h: number }> {
    const vp = editor.viewport;
    const out: Array<{ id: string; x: number; y: number; w: number; h: number }> = [];
    for (const id of editor.scene.visible(vp.visibleRect())) {
      const s = editor.doc.get(id);
      if (s?.cmd !== 'image') continue;
      const a = vp.toScreen(s.x, s.y);
      const r = { id, x: a.x, y: a.y, w: s.w * vp.scale, h: s.h * vp.scale };
      if (r.x >= 0 && r.y >= 0 && r.x + r.w <= vp.width && r.y + r.h <= vp.height) out.push(r);
      if (out.length >= n) break;
    }
    return out;
  },
});
document.title = 'ready';
