import Two from 'two.js';
import { merge, type Observable, type Subscription } from 'rxjs';
import type { Shape } from '../../shared/model';
import { redraw$, shapeModuleOf, type TwoObject } from '../shapes';
import { PICTURE_KEEP_MARGIN_PX, sweepPicturesSoon, watchPictures } from '../shapes/image';
import { polyline, rectPath } from '../shapes/two-helpers';
import { handlePoint, RESIZE_HANDLES } from '../tools/select';
import { drawPattern, patternOf, type Pattern } from './background';
import { CANVAS_COLORS, themedShape, type BoardTheme } from './theme';
import { overlayStyle } from './overlay-style';
import { Drawables, drawablesAt, setChildren } from './drawables';
import type { Overlay, Scene } from './scene';
import { TileLayer } from './tile-layer';
import type { Viewport } from './viewport';

type TwoGroup = InstanceType<typeof Two.Group>;

/**
 * How shapes reach the screen:
 * - 'tiles' (default): static shapes through the tile cache, transient ones live;
 * - 'direct': every frame draws the shapes the spatial index finds on screen (no tiles);
 * - 'all': every frame draws every shape (the benchmark's baseline, no culling).
 */
export type RenderMode = 'tiles' | 'direct' | 'all';

export interface RendererOptions {
  container: HTMLElement;
  scene: Scene;
  viewport: Viewport;
  background$: Observable<string>;
  mode?: RenderMode;
}

/** Frame statistics for the benchmark and the debug overlay. */
export interface RenderStats {
  frames: number;
  /** JS time of the last frame (compose, render, two.js draw calls), ms */
  lastFrameMs: number;
  /** shapes drawn live in the last frame (tiles mode: transient ones) */
  drawn: number;
  /** of those, drawn as low-detail sketches */
  sketched: number;
  /** tiles rendered in the last frame (tiles mode) */
  tilesRendered: number;
  /** two.js objects and sketches kept in the cache */
  cached: number;
  /** false while tiles or objects are still missing (more frames follow on their own) */
  complete: boolean;
}

const SELECTION = '#2f80ed';
/** A frame stops building objects or rendering tiles after this long (the rest follows next frames). */
const FRAME_BUDGET_MS = 8;
/** …except tiles that would otherwise leave a hole on screen, which may take this long. */
const HOLE_BUDGET_MS = 30;

/**
 * The board's canvas renderer: two.js with the canvas renderer, `autostart: false`, drawing on
 * demand only — one frame per animation frame at most, and only when the scene, the viewport
 * or the background changed. Layers, bottom to top: background pattern, static shapes (tile
 * cache), a two.js canvas with the transient shapes (being dragged, drawn), and the overlay
 * (selection, handles, drag box, eraser trail). Everything drawn is culled through the scene's
 * spatial index; shapes a few pixels big are sketched (level of detail).
 */
export class CanvasRenderer {
  readonly two: Two;
  readonly stats: RenderStats = { frames: 0, lastFrameMs: 0, drawn: 0, sketched: 0, tilesRendered: 0, cached: 0, complete: true };
  /** fires after each drawn frame (benchmarks and tests wait on it) */
  onFrame: ((stats: RenderStats) => void) | null = null;

  private readonly world: TwoGroup;
  private readonly content: TwoGroup;
  private readonly previewLayer: TwoGroup;
  private readonly overlayLayer: TwoGroup;
  private readonly bg: HTMLCanvasElement;
  private readonly drawables: Drawables;
  private readonly tiles: TileLayer;
  private readonly subs: Subscription[] = [];
  private pattern: Pattern = { kind: 'none' };
  private _theme: BoardTheme = 'light';
  private _highContrast = false;
  private frame = 0;
  private resizeObserver: ResizeObserver | null = null;
  private _mode: RenderMode;
  private readonly unwatchPictures: () => void;

  constructor(private readonly options: RendererOptions) {
    const { container, scene, viewport } = options;
    this._mode = options.mode ?? 'tiles';
    if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
    const width = container.clientWidth || 800;
    const height = container.clientHeight || 600;

    this.bg = document.createElement('canvas');
    Object.assign(this.bg.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    container.appendChild(this.bg);

    this.drawables = new Drawables(scene);
    this.tiles = new TileLayer(scene, this.drawables);
    container.appendChild(this.tiles.canvas);

    this.two = new Two({ type: Two.Types.canvas, autostart: false, width, height });
    this.two.appendTo(container);
    const canvas = this.two.renderer.domElement as HTMLCanvasElement;
    Object.assign(canvas.style, { position: 'absolute', left: '0', top: '0', touchAction: 'none', display: 'block' });
    canvas.dataset.tabulaCanvas = '';

    this.world = new Two.Group();
    this.content = new Two.Group();
    this.previewLayer = new Two.Group();
    this.overlayLayer = new Two.Group();
    this.world.add(this.content, this.previewLayer);
    this.two.add(this.world, this.overlayLayer);

    viewport.resize(width, height);
    this.sizeLayers(width, height);
    // image shapes off this screen let go of their decoded pictures (sdk/shapes/image.ts)
    this.unwatchPictures = watchPictures(() => scene.visible(viewport.visibleRect(PICTURE_KEEP_MARGIN_PX)));

    this.subs.push(
      merge(scene.invalidate$, viewport.state$).subscribe(() => this.schedule()),
      scene.dirty$.subscribe((ids) => this.drawables.forget(ids)),
      scene.damage$.subscribe((damage) => this.tiles.invalidate(damage)),
      redraw$.subscribe((id) => {
        const b = scene.index.bounds(id);
        if (!b) return;
        this.tiles.invalidate([b]);
        this.schedule();
      }),
      options.background$.subscribe((name) => {
        this.pattern = patternOf(name);
        this.applyImageBackground();
        this.schedule();
      }),
    );

    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.resize());
      this.resizeObserver.observe(container);
    }
  }

  get canvas(): HTMLCanvasElement {
    return this.two.renderer.domElement as HTMLCanvasElement;
  }

  get mode(): RenderMode {
    return this._mode;
  }

  set mode(mode: RenderMode) {
    this._mode = mode;
    this.invalidate();
  }

  get theme(): BoardTheme {
    return this._theme;
  }

  /** The selection drawn thick and in the colour of most contrast (./overlay-style.ts). */
  get highContrast(): boolean {
    return this._highContrast;
  }

  set highContrast(on: boolean) {
    if (on === this._highContrast) return;
    this._highContrast = on;
    this.schedule();
  }

  /** Draws the canvas in `theme` (./theme.ts): the patterns' colours and the default ink. */
  set theme(theme: BoardTheme) {
    if (theme === this._theme) return;
    this._theme = theme;
    this.drawables.theme = theme;
    this.drawables.forget('all');
    this.invalidate();
  }

  /** Draws everything again (cached tiles too): e.g. once a web font has loaded. */
  invalidate(): void {
    this.tiles.clear();
    this.schedule();
  }

  /** Follows the container's size. */
  resize(): void {
    const { container, viewport } = this.options;
    const w = container.clientWidth,
      h = container.clientHeight;
    if (!w || !h || (w === this.two.width && h === this.two.height)) return;
    this.two.renderer.setSize(w, h);
    this.two.width = w;
    this.two.height = h;
    this.sizeLayers(w, h);
    viewport.resize(w, h);
  }

  private sizeLayers(w: number, h: number): void {
    const ratio = window.devicePixelRatio || 1;
    this.bg.width = w * ratio;
    this.bg.height = h * ratio;
    this.bg.style.width = `${w}px`;
    this.bg.style.height = `${h}px`;
    this.tiles.resize(w, h, ratio);
  }

  /** Asks for one frame; several calls before it runs coalesce. */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      const { viewport } = this.options;
      if (viewport.animating) viewport.tick(now);
      this.draw();
      if (viewport.animating) this.schedule();
    });
  }

  /** Draws one frame now. */
  draw(): void {
    const t0 = performance.now();
    const deadline = t0 + FRAME_BUDGET_MS;
    const { scene, viewport } = this.options;
    const view = viewport.state;
    const { tx, ty, scale } = view;
    this.world.translation.set(tx, ty);
    this.world.scale = scale;

    let incomplete = false;
    let ids: string[];
    this.stats.tilesRendered = 0;
    if (this._mode === 'tiles') {
      incomplete = this.tiles.compose(view, this.two.width, this.two.height, { deadline, holes: t0 + HOLE_BUDGET_MS });
      this.stats.tilesRendered = this.tiles.rendered;
      ids = scene.transient();
    } else if (this._mode === 'direct') {
      this.tiles.clearCanvas(this.two.width, this.two.height);
      ids = scene.visible(viewport.visibleRect(2));
    } else {
      this.tiles.clearCanvas(this.two.width, this.two.height);
      ids = scene.visibleAll();
    }
    const drawn =
      this._mode === 'all'
        ? this.drawables.list(ids, scale, { lod: false })
        : this.drawables.list(ids, scale, { lod: this._mode === 'direct', deadline: this._mode === 'direct' ? deadline : undefined });
    incomplete ||= drawn.incomplete;
    setChildren(this.content, drawn.list);
    setChildren(
      this.previewLayer,
      scene.preview.map((s) => shapeModuleOf(s)?.render(themedShape(s, this._theme))).filter((o): o is TwoObject => !!o),
    );
    setChildren(this.overlayLayer, this.overlayObjects(scene.overlay$.value));

    this.two.render();
    this.drawBackground();

    this.stats.frames++;
    this.stats.lastFrameMs = performance.now() - t0;
    this.stats.drawn = drawn.list.length;
    this.stats.sketched = drawn.sketched;
    this.stats.cached = this.drawables.size;
    this.stats.complete = !incomplete;
    this.onFrame?.(this.stats);
    if (incomplete) this.schedule();
    sweepPicturesSoon();
  }

  private drawBackground(): void {
    const ctx = this.bg.getContext('2d');
    if (!ctx) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawPattern(ctx, this.pattern, this.options.viewport.state, this.two.width, this.two.height, CANVAS_COLORS[this._theme]);
    if (this.pattern.kind === 'image') this.positionImageBackground();
  }

  private imageSize: { w: number; h: number } | null = null;

  private applyImageBackground(): void {
    const { container } = this.options;
    if (this.pattern.kind !== 'image') {
      container.style.backgroundImage = '';
      return;
    }
    const url = this.pattern.url;
    container.style.backgroundImage = `url("${url.replace(/"/g, '%22')}")`;
    container.style.backgroundRepeat = 'repeat';
    const img = new Image();
    img.onload = () => {
      this.imageSize = { w: img.naturalWidth, h: img.naturalHeight };
      this.schedule();
    };
    img.src = url;
  }

  private positionImageBackground(): void {
    const { container, viewport } = this.options;
    const { tx, ty, scale } = viewport.state;
    container.style.backgroundPosition = `${tx}px ${ty}px`;
    if (this.imageSize) container.style.backgroundSize = `${this.imageSize.w * scale}px ${this.imageSize.h * scale}px`;
  }

  /** Selection outlines, handles, drag box and eraser trail, in screen coordinates. */
  private overlayObjects(o: Overlay): TwoObject[] {
    const vp = this.options.viewport;
    const out: TwoObject[] = [];
    const st = overlayStyle(this.highContrast, this._theme);
    const screenRect = (r: { x: number; y: number; w: number; h: number }) => {
      const a = vp.toScreen(r.x, r.y);
      return { x: a.x, y: a.y, w: r.w * vp.scale, h: r.h * vp.scale };
    };
    for (const r of o.selected ?? []) {
      const p = rectPath(screenRect(r));
      p.noFill();
      p.stroke = st.stroke;
      p.linewidth = st.outline;
      out.push(p);
    }
    if (o.handles) {
      const box = screenRect(o.handles.box);
      const frame = rectPath(box);
      frame.noFill();
      frame.stroke = st.stroke;
      frame.linewidth = st.frame;
      // a single line shows its end handles only
      if (!o.handles.ends) out.push(frame);
      if (o.handles.rotate) {
        const top = vp.toScreen(...xy(handlePoint(o.handles.box, 'n', vp.scale)));
        const knob = vp.toScreen(...xy(handlePoint(o.handles.box, 'rotate', vp.scale)));
        const stem = polyline([top.x, top.y, knob.x, knob.y]);
        stem.stroke = st.stroke;
        stem.linewidth = st.outline;
        const c = new Two.Circle(knob.x, knob.y, st.radius);
        c.fill = st.knob;
        c.stroke = st.stroke;
        c.linewidth = st.handleLine;
        out.push(stem, c);
      }
      if (o.handles.connector) {
        // the connector handle: a filled dot right of the box (drag it out to draw an arrow)
        const p = vp.toScreen(...xy(handlePoint(o.handles.box, 'connector', vp.scale)));
        const dot = new Two.Circle(p.x, p.y, st.radius + 1);
        dot.fill = st.stroke;
        dot.stroke = st.knob;
        dot.linewidth = st.handleLine;
        out.push(dot);
      }
      const ends = o.handles.ends;
      if (ends && ends.length >= 4) {
        for (const i of [0, ends.length - 2]) {
          const p = vp.toScreen(ends[i], ends[i + 1]);
          const knob = new Two.Circle(p.x, p.y, st.radius);
          knob.fill = st.knob;
          knob.stroke = st.stroke;
          knob.linewidth = st.handleLine;
          out.push(knob);
        }
      }
      if (o.handles.resize) {
        for (const h of RESIZE_HANDLES) {
          const p = vp.toScreen(...xy(handlePoint(o.handles.box, h, vp.scale)));
          const sq = new Two.Rectangle(p.x, p.y, st.square, st.square);
          sq.fill = st.knob;
          sq.stroke = st.stroke;
          sq.linewidth = st.handleLine;
          out.push(sq);
        }
      }
    }
    if (o.dragBox) {
      const p = rectPath(screenRect(o.dragBox));
      p.fill = 'rgba(47,128,237,0.08)';
      p.stroke = SELECTION;
      p.linewidth = 1;
      out.push(p);
    }
    if (o.trail && o.trail.length >= 2) {
      const pts: number[] = [];
      for (let i = 0; i + 1 < o.trail.length; i += 2) {
        const s = vp.toScreen(o.trail[i], o.trail[i + 1]);
        pts.push(s.x, s.y);
      }
      if (pts.length === 2) pts.push(pts[0], pts[1]);
      const trail = polyline(pts);
      trail.noFill();
      trail.stroke = 'rgba(120,120,120,0.45)';
      trail.linewidth = 8;
      trail.cap = 'round';
      trail.join = 'round';
      out.push(trail);
    }
    if (o.guides && o.guides.length >= 4) {
      for (let i = 0; i + 3 < o.guides.length; i += 4) {
        const a = vp.toScreen(o.guides[i], o.guides[i + 1]);
        const b = vp.toScreen(o.guides[i + 2], o.guides[i + 3]);
        const g = polyline([a.x, a.y, b.x, b.y]);
        g.stroke = '#ff3b6b';
        g.linewidth = 1;
        out.push(g);
      }
    }
    return out;
  }

  /** Renders shapes into a fresh offscreen canvas (export): board rect → size × size px. */
  static renderShapes(
    shapes: readonly Shape[],
    rect: { x: number; y: number; w: number; h: number },
    scale: number,
    background: string | null,
  ): HTMLCanvasElement {
    const w = Math.max(1, Math.round(rect.w * scale));
    const h = Math.max(1, Math.round(rect.h * scale));
    const two = new Two({ type: Two.Types.canvas, autostart: false, width: w, height: h });
    two.renderer.setSize(w, h, 1);
    const group = new Two.Group();
    group.translation.set(-rect.x * scale, -rect.y * scale);
    group.scale = scale;
    if (background) {
      const bg = new Two.Rectangle(w / 2, h / 2, w, h);
      bg.fill = background;
      bg.noStroke();
      two.add(bg);
    }
    const content = new Two.Group();
    group.add(content);
    two.add(group);
    setChildren(content, drawablesAt(shapes, scale));
    two.render();
    return two.renderer.domElement as HTMLCanvasElement;
  }

  destroy(): void {
    for (const s of this.subs) s.unsubscribe();
    this.unwatchPictures();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resizeObserver?.disconnect();
    this.canvas.remove();
    this.bg.remove();
    this.tiles.destroy();
    this.drawables.forget('all');
  }
}

const xy = (p: { x: number; y: number }): [number, number] => [p.x, p.y];
