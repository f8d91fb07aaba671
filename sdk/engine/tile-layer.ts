import Two from 'two.js';
import type { Rect } from '../../shared/geometry';
import type { Drawables } from './drawables';
import { setChildren } from './drawables';
import type { Scene } from './scene';
import { parentOf, tileId, tilesForView, tileRect, tileScreenRect, tilesTouching, TILE_PX, type TileKey } from './tiles';
import type { ViewState } from './viewport';

/** Rendered tiles kept (256 × 256 × devicePixelRatio² px each), least recently used dropped first. */
const TILE_LIMIT = 320;
/** Up to this many stale visible tiles are re-rendered in the frame whatever the budget (an edit never flickers). */
const SYNC_STALE = 8;

interface Tile {
  canvas: HTMLCanvasElement;
  stale: boolean;
}

/**
 * The static shapes, rendered by two.js into cached 256 px tiles at power-of-two zoom levels
 * (sdk/engine/tiles.ts) and composed onto a plain canvas each frame. Panning and zooming then
 * cost a few dozen drawImage calls whatever the number of shapes; only tiles that appear or
 * whose area changed (scene.damage$) are rendered, nearest to the centre first, within the
 * frame's time budget — missing ones show their coarser or finer neighbour level meanwhile.
 */
export class TileLayer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly two: Two;
  private readonly world: InstanceType<typeof Two.Group>;
  private readonly content: InstanceType<typeof Two.Group>;
  private readonly tiles = new Map<string, Tile>();
  private readonly spare: HTMLCanvasElement[] = [];
  private ratio = 1;
  /** tiles rendered in the last compose (stats) */
  rendered = 0;

  constructor(
    private readonly scene: Scene,
    private readonly drawables: Drawables,
  ) {
    this.canvas = document.createElement('canvas');
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.ctx = this.canvas.getContext('2d')!;
    this.two = new Two({ type: Two.Types.canvas, autostart: false, width: TILE_PX, height: TILE_PX });
    this.world = new Two.Group();
    this.content = new Two.Group();
    this.world.add(this.content);
    this.two.add(this.world);
  }

  get size(): number {
    return this.tiles.size;
  }

  resize(width: number, height: number, ratio: number): void {
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    if (ratio !== this.ratio) {
      this.ratio = ratio;
      this.clear();
    }
    this.two.renderer.setSize(TILE_PX, TILE_PX, ratio);
  }

  clear(): void {
    for (const t of this.tiles.values()) this.recycle(t.canvas);
    this.tiles.clear();
  }

  /**
   * Marks the tiles a changed board area touches as stale: they stay on screen until
   * re-rendered (next frame for visible ones), so an edit never leaves a hole. 'all' (a new
   * board, private mode switched) drops every tile.
   */
  invalidate(damage: Rect[] | 'all'): void {
    if (damage === 'all') {
      this.clear();
      return;
    }
    const levels = new Set<number>();
    for (const id of this.tiles.keys()) levels.add(Number(id.slice(0, id.indexOf('/'))));
    for (const rect of damage) {
      for (const z of levels) {
        const touched = tilesTouching(rect, [z]);
        if (!touched.length) {
          // a huge area on a fine level: every tile of that level is stale
          for (const [id, t] of this.tiles) if (id.startsWith(`${z}/`)) t.stale = true;
          continue;
        }
        for (const k of touched) {
          const t = this.tiles.get(tileId(k));
          if (t) t.stale = true;
        }
      }
    }
  }

  /**
   * Draws the view; renders missing tiles until `budget.deadline` (a performance.now() time),
   * or until `budget.holes` when most of the screen has nothing to show (a first load, a jump
   * to an unseen area; not the edges a zoom or pan uncovers, which stay within the frame
   * budget). Returns true when tiles are still missing (the caller draws again).
   */
  compose(view: ViewState, width: number, height: number, budget: { deadline: number; holes: number }): boolean {
    const { deadline, holes: holeDeadline } = budget;
    const ctx = this.ctx;
    ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = true;
    const needed = tilesForView(view, width, height);
    let missing = false;
    this.rendered = 0;
    const stale = needed.filter((t) => this.tiles.get(tileId(t))?.stale).length;
    const holes = needed.filter((t) => !this.tiles.has(tileId(t)) && !this.hasStandIn(t)).length;
    const mostlyEmpty = holes * 2 >= needed.length;
    for (const t of needed) {
      const id = tileId(t);
      let tile = this.tiles.get(id);
      if (tile) {
        // LRU: most recently used last
        this.tiles.delete(id);
        this.tiles.set(id, tile);
      }
      const due = !tile || tile.stale;
      const now = due ? performance.now() : 0;
      if (due && (this.rendered === 0 || now < deadline || (mostlyEmpty && now < holeDeadline) || (tile && stale <= SYNC_STALE))) {
        tile = this.render(t, tile);
        this.rendered++;
      } else if (due) missing = true;
      if (tile) this.blit(tile.canvas, t, view, null);
      else this.fallback(t, view);
    }
    while (this.tiles.size > TILE_LIMIT) {
      const oldest = this.tiles.keys().next().value as string;
      this.recycle(this.tiles.get(oldest)!.canvas);
      this.tiles.delete(oldest);
    }
    return missing;
  }

  /** Empties the layer (modes that draw shapes live). */
  clearCanvas(width: number, height: number): void {
    this.ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    this.ctx.clearRect(0, 0, width, height);
  }

  /** Renders one tile with two.js: the static shapes intersecting it, at the tile's level. */
  private render(t: TileKey, previous?: Tile): Tile {
    const r = tileRect(t);
    const k = 2 ** t.z;
    const ids = this.scene.visible(r).filter((id) => !this.scene.hasOverride(id));
    const { list } = this.drawables.list(ids, k, { lod: true });
    this.world.translation.set(-r.x * k, -r.y * k);
    this.world.scale = k;
    setChildren(this.content, list);
    this.two.render();
    setChildren(this.content, []);
    const canvas = previous?.canvas ?? this.spare.pop() ?? document.createElement('canvas');
    const px = Math.round(TILE_PX * this.ratio);
    if (canvas.width !== px) {
      canvas.width = px;
      canvas.height = px;
    }
    const tctx = canvas.getContext('2d')!;
    tctx.clearRect(0, 0, px, px);
    tctx.drawImage(this.two.renderer.domElement as HTMLCanvasElement, 0, 0);
    const tile = { canvas, stale: false };
    this.tiles.set(tileId(t), tile);
    return tile;
  }

  private blit(tile: HTMLCanvasElement, t: TileKey, view: ViewState, part: { x: number; y: number; size: number } | null): void {
    const s = tileScreenRect(t, view);
    const px = tile.width;
    if (part) this.ctx.drawImage(tile, part.x * px, part.y * px, part.size * px, part.size * px, s.x, s.y, s.w, s.h);
    else this.ctx.drawImage(tile, 0, 0, px, px, s.x, s.y, s.w, s.h);
  }

  /** Whether another level has something to show in a missing tile's place. */
  private hasStandIn(t: TileKey): boolean {
    if (this.tiles.has(tileId(parentOf(t).parent))) return true;
    for (let dx = 0; dx < 2; dx++)
      for (let dy = 0; dy < 2; dy++) if (this.tiles.has(tileId({ z: t.z + 1, i: t.i * 2 + dx, j: t.j * 2 + dy }))) return true;
    return false;
  }

  /** A missing tile shows the coarser level's quarter, else the four finer tiles it has. */
  private fallback(t: TileKey, view: ViewState): void {
    const { parent, quarter } = parentOf(t);
    const coarse = this.tiles.get(tileId(parent));
    if (coarse) {
      this.blit(coarse.canvas, t, view, { x: quarter.x / 2, y: quarter.y / 2, size: 0.5 });
      return;
    }
    for (let dx = 0; dx < 2; dx++) {
      for (let dy = 0; dy < 2; dy++) {
        const child = { z: t.z + 1, i: t.i * 2 + dx, j: t.j * 2 + dy };
        const fine = this.tiles.get(tileId(child));
        if (fine) this.blit(fine.canvas, child, view, null);
      }
    }
  }

  private recycle(c: HTMLCanvasElement): void {
    if (this.spare.length < 32) this.spare.push(c);
  }

  destroy(): void {
    this.clear();
    this.spare.length = 0;
    this.canvas.remove();
  }
}
