import { BehaviorSubject, Subject } from 'rxjs';
import type { Shape } from '../../shared/model';
import { boundsOf, hitTest as shapeHit, type Point, type Rect } from '../../shared/geometry';
import { layerOf } from '../../shared/reducer';
import { smallestEnclosing } from '../shapes/interior';
import { SpatialIndex } from './spatial-index';

/** The part of the shared BoardDoc the scene reads. */
export interface SceneDoc {
  get(id: string): Shape | undefined;
  ordered(): readonly Shape[];
  /** the shape's layering key within its layer (shared/reducer) */
  zOf(id: string): number | undefined;
}

/** Which shapes a change touched (a DocChange from the shared reducer fits). */
export interface SceneChange {
  added?: readonly (string | { id: string })[];
  updated?: readonly (string | { id: string })[];
  removed?: readonly (string | { id: string })[];
  cleared?: boolean;
  orderChanged?: boolean;
}

/** Things drawn above the shapes: selection, handles, drag box, eraser trail, guides. */
export interface Overlay {
  /** selected shapes' bounds (board units), one per shape */
  selected?: Rect[];
  /** the selection's combined box with handles */
  handles?: {
    box: Rect;
    resize: boolean;
    rotate: boolean;
    rotation?: number;
    /** the connector handle right of the box (board.md §4) */
    connector?: boolean;
    /** a single line's points: its end handles instead of the resize handles */
    ends?: readonly number[] | null;
  } | null;
  /** drag-box selection rectangle */
  dragBox?: Rect | null;
  /** eraser trail (flat points) */
  trail?: number[] | null;
  /** snap guides: flat segments [x1, y1, x2, y2, …] */
  guides?: number[] | null;
}

const idOf = (v: string | { id: string }) => (typeof v === 'string' ? v : v.id);

/**
 * The scene the renderer draws: the document's shapes in z-order, kept in a spatial index,
 * plus what tools show transiently (moved copies while dragging, strokes in progress,
 * the overlay). Pure state and rxjs streams, no DOM: hit testing works in unit tests.
 */
export class Scene {
  readonly index = new SpatialIndex(256);
  /** fires whenever something visible changed: the renderer schedules one frame */
  readonly invalidate$ = new Subject<void>();
  /** shape ids whose drawing must be rebuilt ('all' after a reload) */
  readonly dirty$ = new Subject<readonly string[] | 'all'>();
  /**
   * Board areas whose static drawing changed (the renderer's tile cache re-renders them):
   * a document change, a shape entering or leaving the transient (overridden) state, or 'all'.
   */
  readonly damage$ = new Subject<Rect[] | 'all'>();
  readonly overlay$ = new BehaviorSubject<Overlay>({});

  private readonly overrides = new Map<string, Shape | null>();
  /** last known layering keys, to find what a z-order change moved */
  private readonly zs = new Map<string, number | undefined>();
  private previewShapes: Shape[] = [];
  private hidden: (shape: Shape) => boolean = () => false;

  constructor(private doc: SceneDoc) {}

  /** Switches to another document (a full reload) and rebuilds. */
  setDoc(doc: SceneDoc): void {
    this.doc = doc;
    this.overrides.clear();
    this.previewShapes = [];
    this.rebuild();
  }

  /** Rebuilds everything from the document (load, clear, reload). */
  rebuild(): void {
    this.index.clear();
    this.zs.clear();
    for (const s of this.doc.ordered()) {
      this.indexShape(s);
      this.zs.set(s.id, this.doc.zOf(s.id));
    }
    this.dirty$.next('all');
    this.damage$.next('all');
    this.invalidate$.next();
  }

  /** Folds one document change into the index and the z-order. */
  apply(change: SceneChange): void {
    if (change.cleared) {
      this.rebuild();
      return;
    }
    const touched: string[] = [];
    const damage: Rect[] = [];
    const before = (id: string) => {
      const b = this.index.bounds(id);
      if (b) damage.push(b);
    };
    for (const v of change.removed ?? []) {
      const id = idOf(v);
      before(id);
      this.index.remove(id);
      this.overrides.delete(id);
      touched.push(id);
    }
    for (const v of [...(change.added ?? []), ...(change.updated ?? [])]) {
      const id = idOf(v);
      before(id);
      const s = this.doc.get(id);
      if (s) this.indexShape(s);
      else this.index.remove(id);
      const after = this.index.bounds(id);
      if (after) damage.push(after);
      touched.push(id);
    }
    if (change.orderChanged) {
      // the reducer does not list reordered shapes: find those whose layering key moved
      // (a map walk, not doc.ordered(): that would re-sort the whole board)
      for (const [id, known] of this.zs) {
        const z = this.doc.zOf(id);
        if (known !== z) {
          this.zs.set(id, z);
          before(id);
        }
      }
    }
    for (const id of touched) {
      const z = this.doc.zOf(id);
      if (z === undefined) this.zs.delete(id);
      else this.zs.set(id, z);
    }
    if (touched.length) this.dirty$.next(touched);
    if (damage.length) this.damage$.next(damage);
    this.invalidate$.next();
  }

  private indexShape(s: Shape): void {
    const shown = this.overrides.has(s.id) ? this.overrides.get(s.id) : s;
    if (!shown) {
      this.index.remove(s.id);
      return;
    }
    try {
      this.index.insert(s.id, boundsOf(shown));
    } catch {
      this.index.remove(s.id);
    }
  }

  /**
   * z-order comparison (board.md §4 "Layering"): frames bottom, comments top, the reducer's
   * layering key in between. Only the visible shapes are ever sorted, never the whole board.
   */
  compare = (a: string, b: string): number => {
    const sa = this.doc.get(a),
      sb = this.doc.get(b);
    const la = sa ? layerOf(sa) : 1,
      lb = sb ? layerOf(sb) : 1;
    if (la !== lb) return la - lb;
    const za = this.doc.zOf(a) ?? 0,
      zb = this.doc.zOf(b) ?? 0;
    return za !== zb ? za - zb : a < b ? -1 : a > b ? 1 : 0;
  };

  /** Private mode and the like: shapes the user must not see are neither drawn nor hit. */
  setHiddenPredicate(hidden: (shape: Shape) => boolean): void {
    this.hidden = hidden;
    this.dirty$.next('all');
    this.damage$.next('all');
    this.invalidate$.next();
  }

  isHidden(s: Shape): boolean {
    return this.hidden(s);
  }

  /** The shape as currently shown: a transient override (while dragging) or the document's. */
  shape(id: string): Shape | undefined {
    if (this.overrides.has(id)) return this.overrides.get(id) ?? undefined;
    return this.doc.get(id);
  }

  /* ---------------- transient state set by tools ---------------- */

  /** Shows `shape` instead of the document's (null hides it) until cleared. */
  setOverrides(entries: Iterable<[string, Shape | null]>): void {
    const ids: string[] = [];
    const damage: Rect[] = [];
    for (const [id, s] of entries) {
      // entering the transient state takes the shape out of the static layer: that area changes
      if (!this.overrides.has(id)) {
        const b = this.index.bounds(id);
        if (b) damage.push(b);
      }
      this.overrides.set(id, s);
      const base = this.doc.get(id);
      if (base) this.indexShape(base);
      ids.push(id);
    }
    if (ids.length) {
      this.dirty$.next(ids);
      if (damage.length) this.damage$.next(damage);
      this.invalidate$.next();
    }
  }

  clearOverrides(): void {
    if (!this.overrides.size) return;
    const ids = [...this.overrides.keys()];
    this.overrides.clear();
    const damage: Rect[] = [];
    for (const id of ids) {
      const s = this.doc.get(id);
      if (s) this.indexShape(s);
      else this.index.remove(id);
      const b = this.index.bounds(id);
      if (b) damage.push(b);
    }
    this.dirty$.next(ids);
    if (damage.length) this.damage$.next(damage);
    this.invalidate$.next();
  }

  /** Drops the override of one shape (e.g. the text being edited is shown again). */
  clearOverride(id: string): void {
    if (!this.overrides.delete(id)) return;
    const s = this.doc.get(id);
    if (s) this.indexShape(s);
    else this.index.remove(id);
    const b = this.index.bounds(id);
    this.dirty$.next([id]);
    if (b) this.damage$.next([b]);
    this.invalidate$.next();
  }

  hasOverride(id: string): boolean {
    return this.overrides.has(id);
  }

  /** Shapes shown transiently (moved, resized, rotated copies while a tool drags), bottom to top. */
  transient(): string[] {
    const out: string[] = [];
    for (const [id, s] of this.overrides) if (s && !this.hidden(s)) out.push(id);
    return out.sort(this.compare);
  }

  /** Shapes being drawn (not in the document yet), drawn on top. */
  setPreview(shapes: Shape[]): void {
    this.previewShapes = shapes;
    this.invalidate$.next();
  }

  get preview(): readonly Shape[] {
    return this.previewShapes;
  }

  setOverlay(partial: Partial<Overlay>): void {
    this.overlay$.next({ ...this.overlay$.value, ...partial });
    this.invalidate$.next();
  }

  /* ---------------- queries ---------------- */

  /** Ids of the shapes intersecting `rect`, bottom to top, hidden ones left out. */
  visible(rect: Rect): string[] {
    const ids = this.index.query(rect).filter((id) => {
      const s = this.shape(id);
      return s && !this.hidden(s);
    });
    return ids.sort(this.compare);
  }

  /** Every shown shape bottom to top, without culling (the benchmark's baseline, export). */
  visibleAll(): string[] {
    const out: string[] = [];
    for (const s of this.doc.ordered()) {
      const shown = this.shape(s.id);
      if (shown && !this.hidden(shown)) out.push(s.id);
    }
    return out;
  }

  /** The shapes under point p (within `tolerance`), topmost first. */
  hitAll(p: Point, tolerance: number): Shape[] {
    const out: Shape[] = [];
    for (const id of this.index.queryPoint(p.x, p.y, tolerance)) {
      const s = this.shape(id);
      if (!s || this.hidden(s)) continue;
      try {
        if (shapeHit(s, p, tolerance)) out.push(s);
      } catch {
        /* a malformed shape is never hit */
      }
    }
    return out.sort((a, b) => this.compare(b.id, a.id));
  }

  /** The topmost shape under p accepted by `filter`. */
  hit(p: Point, tolerance: number, filter: (s: Shape) => boolean = () => true): Shape | undefined {
    return this.hitAll(p, tolerance).find(filter);
  }

  /**
   * The shape a click at p picks for selection: the topmost shape hit (an outline near its
   * border, a filled shape anywhere), else the smallest hollow rectangle or circle around p.
   */
  pick(p: Point, tolerance: number, filter: (s: Shape) => boolean = () => true): Shape | undefined {
    return this.hit(p, tolerance, filter) ?? this.enclosing(p, filter);
  }

  /** The smallest hollow closed shape (rectangle, circle) whose inside holds p. */
  enclosing(p: Point, filter: (s: Shape) => boolean = () => true): Shape | undefined {
    const around = this.index
      .queryPoint(p.x, p.y, 0)
      .map((id) => this.shape(id))
      .filter((s): s is Shape => !!s && !this.hidden(s) && filter(s));
    return smallestEnclosing(around, p);
  }

  /** Shapes whose bounds lie fully inside `rect`. */
  inside(rect: Rect): Shape[] {
    return this.index
      .queryInside(rect)
      .map((id) => this.shape(id)!)
      .filter((s) => s && !this.hidden(s));
  }

  /** Union of all shapes' bounds (for zoom to fit and export). */
  extent(): Rect | null {
    return this.index.extent();
  }
}
