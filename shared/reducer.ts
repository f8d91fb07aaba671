/**
 * The board document: every side (server snapshots, exports, the SDK renderer) folds
 * commands into it. State = the fold of the ENABLED commands in seq order, where an
 * enabled `clear` empties the board, `undo {ref}` disables a command and
 * `undo {ref, type:'redo'}` re-enables it (board.md §3 "Command", §4 "Undo and redo").
 *
 * Design (docs/architecture.md "Undo and snapshots"):
 * - The state of a shape depends only on the commands touching it (and clears), so each
 *   shape keeps its own history; toggling a command recomputes only the shapes it touches.
 * - z-order is a per-shape key derived from the commands touching it: an add at seq s
 *   gets z = s, "bring to front" at seq s gets z in (s, s+1), "send back" gets z in
 *   (-s-1, -s). Layers: frames at the bottom, comments on top (board.md §4 "Layering").
 * - A doc built from a snapshot knows the snapshot state of each shape as its baseline,
 *   not its history. Undo/redo of a command older than that baseline cannot be recomputed
 *   locally: the server attaches `effect` (the authoritative post-state of the affected
 *   shapes, `computeEffect`) to every undo/redo it appends, and the doc applies it.
 * - Commands without `seq` are local (optimistic, not yet confirmed): they fold after all
 *   confirmed ones; when a confirmed command arrives "before" them, the touched shapes
 *   are recomputed so every client converges on the server's order.
 */
import type { AddCommand, ClearCommand, Command, CommandEffect, CommandStatus, Shape, UndoCommand } from './model';
import { UNDO_SNAPSHOT_DEPTH } from './constants';
import { boxOf, isShapeKind, kindGeometry, reorderableKind, resizeShape, shapeLayer, translateShape, type KindModifier } from './geometry';

export interface DocChange {
  added: string[];
  updated: string[];
  removed: string[];
  cleared: boolean;
  orderChanged: boolean;
}

/**
 * What undo needs across a snapshot boundary: per user their latest own commands
 * (at most UNDO_SNAPSHOT_DEPTH non-undo ones plus the undos after them) and the latest
 * clears. Bounded by users × depth, never by history.
 */
export interface UndoInfo {
  commands: Command[];
}

export interface BoardSnapshot {
  seq: number;
  /** z-order bottom → top */
  shapes: Shape[];
  undo: UndoInfo;
  /** layering keys parallel to `shapes` (restored shapes find their place with them) */
  z?: number[];
}

interface Slot {
  shape: Shape;
  z: number;
}
/** A command the doc knows, with its fold order (seq when confirmed, PENDING_BASE + n when local). */
interface Known {
  c: Command;
  order: number;
}

/** Local (unconfirmed) commands fold after every confirmed seq. */
const PENDING_BASE = 2 ** 32;
/** Fields a propertyModifier may never change. */
const PROTECTED_PROPS = new Set(['id', 'cmd', 'uid', 'timestamp', 'status', '__proto__', 'constructor', 'prototype']);

/** An add: a command named after a shape kind of the registry (shared/geometry/registry.ts). */
export function isAddCommand(c: Command): c is AddCommand {
  return isShapeKind(c.cmd);
}

/** Every command inside a command (a commandSet and its sub-commands, flattened). */
export function flattenCommand(command: Command): Command[] {
  return command.cmd === 'commandSet' ? [command, ...(command.commands ?? []).flatMap(flattenCommand)] : [command];
}

/** Rendering layer of a shape: its kind's (frames 0 at the bottom, comments 2 on top), else 1. */
export function layerOf(shape: Shape): number {
  return shapeLayer(shape);
}

/** Ids of the shapes a command reads or writes (clear and undo: none; see BoardDoc). */
export function touchedShapes(command: Command): string[] {
  const c = command;
  switch (c.cmd) {
    case 'propertyModifier':
    case 'fontModifier':
    case 'fontSizeModifier':
    case 'colorModifier':
    case 'sizeModifier':
    case 'remove':
    case 'lock':
    case 'changeOrder':
      return [...new Set(c.shapes)];
    case 'textModifier':
    case 'stickyNoteModifier':
    case 'pageModifier':
      return [c.shape];
    case 'reposition':
      return [...new Set(c.shapePositions.map((p) => p.shape))];
    case 'replace':
      return c.shape ? [c.shape.id] : [];
    case 'commandSet': {
      const out = new Set<string>();
      for (const sub of c.commands ?? []) for (const id of touchedShapes(sub)) out.add(id);
      return [...out];
    }
    case 'clear':
    case 'undo':
      return [];
    default:
      return isAddCommand(c) && c.shape ? [c.shape.id] : [];
  }
}

/** touchedShapes as a set, kept per command object (a commandSet asks once per shape it touches). */
const touchedSets = new WeakMap<Command, Set<string>>();
function touchedSet(c: Command): Set<string> {
  let set = touchedSets.get(c);
  if (!set) touchedSets.set(c, (set = new Set(touchedShapes(c))));
  return set;
}

const modified = <S extends Shape>(shape: S, c: Command): S => ({ ...shape, modifiedBy: c.uid, modifiedTimestamp: c.timestamp });
const has = (shape: Shape, field: string) => field in shape;

/**
 * Applies one non-control command to one shape. `zLo`/`zSpan` is the command's z range
 * (a commandSet splits its range between its sub-commands so their order is kept).
 */
function applyTo(c: Command, id: string, slot: Slot | undefined, zLo: number, zSpan: number): Slot | undefined {
  if (isAddCommand(c)) return c.shape && c.shape.id === id ? { shape: c.shape, z: zLo } : slot;
  switch (c.cmd) {
    case 'commandSet': {
      const subs = c.commands ?? [];
      const n = subs.length || 1;
      subs.forEach((sub, k) => {
        if (sub.cmd === 'undo' || sub.cmd === 'clear') return;
        // a sub-command changes only the shapes it names (not every shape of the set)
        if (!touchedSet(sub).has(id)) return;
        slot = applyTo(sub, id, slot, zLo + (k * zSpan) / n, zSpan / n);
      });
      return slot;
    }
    case 'remove':
      return undefined;
    case 'replace':
      // the creator stays the creator (private mode shows a member the shapes they created)
      return slot && c.shape ? { shape: modified({ ...c.shape, id, uid: slot.shape.uid } as Shape, c), z: slot.z } : slot;
  }
  if (!slot) return undefined;
  const s = slot.shape;
  switch (c.cmd) {
    case 'propertyModifier': {
      const next: Record<string, unknown> = { ...s };
      for (const { name, value, type } of c.props ?? []) {
        if (typeof name !== 'string' || PROTECTED_PROPS.has(name)) continue;
        const current = next[name];
        if (type === 'add') {
          if (Array.isArray(current) || current === undefined) {
            const list = Array.isArray(current) ? current : [];
            const items = Array.isArray(value) ? value : [value];
            // tags: a duplicate key is ignored (board.md §5)
            const fresh =
              name === 'tags'
                ? items.filter((t) => !list.some((x) => (x as { key?: unknown })?.key === (t as { key?: unknown })?.key))
                : items;
            next[name] = [...list, ...fresh];
          } else if (typeof current === 'number' && typeof value === 'number') {
            next[name] = current + value;
          } else {
            next[name] = value;
          }
        } else if (value === null || value === undefined) {
          delete next[name];
        } else {
          next[name] = value;
        }
      }
      return { shape: modified(next as unknown as Shape, c), z: slot.z };
    }
    case 'textModifier':
    case 'fontModifier':
    case 'fontSizeModifier':
    case 'stickyNoteModifier':
    case 'pageModifier': {
      // what these change is the kind's answer (its `modifiers`); kinds without one stay as they are
      const next = kindModifier(s, c);
      return next ? { shape: modified(next, c), z: slot.z } : slot;
    }
    case 'colorModifier': {
      if (kindGeometry(s.cmd)?.modifiers?.colorModifier) {
        const next = kindModifier(s, c);
        return next ? { shape: modified(next, c), z: slot.z } : slot;
      }
      const next: Record<string, unknown> = { ...s };
      let changed = false;
      if (has(s, 'stroke')) {
        const stroke = c.stroke ?? c.color;
        if (stroke !== undefined) {
          next.stroke = stroke;
          changed = true;
        }
        if (c.fill !== undefined) {
          next.fill = c.fill;
          changed = true;
        }
      } else if (has(s, 'color')) {
        const color = c.color ?? c.stroke ?? c.fill;
        if (color !== undefined) {
          next.color = color;
          changed = true;
        }
      }
      return changed ? { shape: modified(next as unknown as Shape, c), z: slot.z } : slot;
    }
    case 'reposition': {
      let dx = 0,
        dy = 0,
        hit = false;
      for (const p of c.shapePositions ?? [])
        if (p.shape === id) {
          dx += p.x;
          dy += p.y;
          hit = true;
        }
      return hit ? { shape: modified(translateShape(s, dx, dy), c), z: slot.z } : slot;
    }
    case 'sizeModifier': {
      const box = boxOf(s);
      return { shape: modified(resizeShape(s, { x: c.x ?? box.x, y: c.y ?? box.y, w: c.w, h: c.h }), c), z: slot.z };
    }
    case 'lock': {
      const next: Shape = { ...s, lock: !!c.locked };
      // protect sets protectedBy to the author; unlocking also lifts the protection
      if (c.locked && c.protect) next.protectedBy = c.uid;
      else if (!c.locked || c.protect) delete next.protectedBy;
      return { shape: modified(next, c), z: slot.z };
    }
    case 'changeOrder': {
      if (!reorderableKind(s)) return slot;
      const list = c.shapes ?? [];
      const i = list.indexOf(id);
      const frac = (zSpan * (i + 1)) / (list.length + 2);
      return { shape: s, z: c.order === 'back' ? -(zLo + zSpan) + frac : zLo + frac };
    }
  }
  return slot;
}

/** The shape as its kind's `modifiers` entry for the command leaves it (null: unchanged). */
function kindModifier(s: Shape, c: Extract<Command, { cmd: KindModifier }>): Shape | null {
  const modify = kindGeometry(s.cmd)?.modifiers?.[c.cmd] as ((shape: Shape, command: Command) => Shape | null) | undefined;
  return modify ? modify(s, c) : null;
}

const isEnabled = (c: { status?: CommandStatus }) => c.status !== 'disabled';

function insertSorted(list: Known[], k: Known): number {
  let j = list.length;
  while (j > 0 && list[j - 1].order > k.order) j--;
  list.splice(j, 0, k);
  return j;
}

class Tracker {
  before = new Map<string, Slot | undefined>();
  cleared = false;
}

export class BoardDoc {
  /** highest applied server seq */
  seq = 0;
  private slots = new Map<string, Slot>();
  private known = new Map<string, Known>();
  private history = new Map<string, Known[]>();
  private baselines = new Map<string, { slot?: Slot; order: number }>();
  private clears: Known[] = [];
  private byUser = new Map<string, Known[]>();
  /** commands with seq ≤ baseSeq are already folded into the snapshot */
  private baseSeq = 0;
  private maxOrder = -Infinity;
  private pending = 0;
  private orderedCache: Shape[] | undefined;
  /** shape kind → ids of the shapes of that kind (frames and connectors are found without a scan) */
  private byKind = new Map<string, Set<string>>();

  constructor(snapshot?: BoardSnapshot) {
    if (!snapshot) return;
    this.seq = this.baseSeq = snapshot.seq;
    this.maxOrder = snapshot.seq;
    const n = snapshot.shapes.length;
    snapshot.shapes.forEach((shape, i) => {
      const z = snapshot.z?.[i] ?? -1 + (i + 1) / (n + 1);
      const slot = { shape, z };
      this.slots.set(shape.id, slot);
      this.index(shape.id, undefined, shape);
      this.baselines.set(shape.id, { slot, order: snapshot.seq });
    });
    for (const c of snapshot.undo?.commands ?? []) {
      if (c.seq == null || this.known.has(c.id)) continue;
      this.register({ ...c } as Command);
    }
  }

  get size(): number {
    return this.slots.size;
  }

  get(id: string): Shape | undefined {
    return this.slots.get(id)?.shape;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** The layering key of a shape (see the module comment). */
  zOf(id: string): number | undefined {
    return this.slots.get(id)?.z;
  }

  /** Shapes in z-order, bottom → top: frames, then other shapes, then comments. */
  ordered(): Shape[] {
    if (!this.orderedCache) {
      const entries = [...this.slots.values()];
      entries.sort(
        (a, b) => layerOf(a.shape) - layerOf(b.shape) || a.z - b.z || (a.shape.id < b.shape.id ? -1 : a.shape.id > b.shape.id ? 1 : 0),
      );
      this.orderedCache = entries.map((e) => e.shape);
    }
    return this.orderedCache;
  }

  hasCommand(id: string): boolean {
    return this.known.has(id);
  }

  /** A command the doc knows (with its current status). */
  getCommand(id: string): Command | undefined {
    return this.known.get(id)?.c;
  }

  /** board.md §4: the latest own normal command that is not an undo (clears hide what precedes them). */
  latestUndoable(uid: string): Command | undefined {
    const list = this.byUser.get(uid);
    if (!list) return undefined;
    const clearOrder = this.latestEnabledClearOrder();
    for (let i = list.length - 1; i >= 0; i--) {
      const k = list[i];
      if (k.order < clearOrder) break;
      if (k.c.cmd !== 'undo' && isEnabled(k.c)) return k.c;
    }
    return undefined;
  }

  /**
   * The latest own command undone by one of the user's undos since their last own action
   * (a new action ends the redo chain) that is still disabled.
   */
  latestRedoable(uid: string): Command | undefined {
    const list = this.byUser.get(uid);
    if (!list) return undefined;
    const clearOrder = this.latestEnabledClearOrder();
    for (let i = list.length - 1; i >= 0; i--) {
      const u = list[i].c;
      if (u.cmd !== 'undo') break;
      if (u.type === 'redo') continue;
      const ref = this.known.get(u.ref);
      if (ref && !isEnabled(ref.c) && ref.c.uid === uid && ref.order >= clearOrder) return ref.c;
    }
    return undefined;
  }

  apply(command: Command): DocChange {
    const tr = new Tracker();
    const existing = this.known.get(command.id);
    if (existing) {
      if (existing.c.seq == null && command.seq != null) this.confirm(existing, command, tr);
      return this.finish(tr);
    }
    if (command.seq != null && command.seq <= this.baseSeq) {
      // already folded into the snapshot: remember it (undo lookups) without touching state
      this.register({ ...command });
      return this.finish(tr);
    }
    const k = this.register({ ...command });
    if (k.c.cmd === 'undo') this.applyUndo(k, tr);
    else if (k.c.cmd === 'clear') this.applyClear(k, tr);
    else this.applyShapeCommand(k, tr);
    if (k.order > this.maxOrder) this.maxOrder = k.order;
    return this.finish(tr);
  }

  snapshot(): BoardSnapshot {
    const shapes = this.ordered();
    const z = shapes.map((s) => this.slots.get(s.id)!.z);
    return { seq: this.seq, shapes: [...shapes], z, undo: { commands: this.undoCommands() } };
  }

  /* ---------------- internals ---------------- */

  private register(c: Command): Known {
    const order = c.seq ?? PENDING_BASE + ++this.pending;
    const k: Known = { c, order };
    this.known.set(c.id, k);
    if (c.seq != null && c.seq > this.seq) this.seq = c.seq;
    const list = this.byUser.get(c.uid);
    if (list) list.push(k);
    else this.byUser.set(c.uid, [k]);
    if (c.cmd === 'clear') insertSorted(this.clears, k);
    return k;
  }

  private latestEnabledClearOrder(): number {
    for (let i = this.clears.length - 1; i >= 0; i--) if (isEnabled(this.clears[i].c)) return this.clears[i].order;
    return -Infinity;
  }

  private latestClearOrder(): number {
    return this.clears.length ? this.clears[this.clears.length - 1].order : -Infinity;
  }

  private setSlot(id: string, slot: Slot | undefined, tr: Tracker): void {
    const previous = this.slots.get(id);
    if (!tr.before.has(id)) tr.before.set(id, previous);
    if (slot) this.slots.set(id, slot);
    else this.slots.delete(id);
    this.index(id, previous?.shape, slot?.shape);
  }

  private index(id: string, before: Shape | undefined, after: Shape | undefined): void {
    if (before?.cmd === after?.cmd) return;
    if (before) this.byKind.get(before.cmd)?.delete(id);
    if (after) {
      let ids = this.byKind.get(after.cmd);
      if (!ids) this.byKind.set(after.cmd, (ids = new Set()));
      ids.add(id);
    }
  }

  /** The shapes of one kind (unordered), without scanning the board. */
  shapesOfKind(kind: string): Shape[] {
    const out: Shape[] = [];
    for (const id of this.byKind.get(kind) ?? []) {
      const s = this.slots.get(id)?.shape;
      if (s) out.push(s);
    }
    return out;
  }

  private finish(tr: Tracker): DocChange {
    const change: DocChange = { added: [], updated: [], removed: [], cleared: tr.cleared, orderChanged: false };
    for (const [id, before] of tr.before) {
      const after = this.slots.get(id);
      if (!before && after) change.added.push(id);
      else if (before && !after) change.removed.push(id);
      else if (before && after) {
        if (before.shape !== after.shape) change.updated.push(id);
        if (before.z !== after.z) change.orderChanged = true;
      }
    }
    if (change.added.length || change.removed.length || change.orderChanged || change.updated.length) this.orderedCache = undefined;
    return change;
  }

  private applyShapeCommand(k: Known, tr: Tracker): void {
    for (const id of touchedShapes(k.c)) {
      let list = this.history.get(id);
      if (!list) this.history.set(id, (list = []));
      const at = insertSorted(list, k);
      const inOrder = at === list.length - 1 && k.order > this.latestClearOrder() && k.order > (this.baselines.get(id)?.order ?? -Infinity);
      if (inOrder) {
        if (isEnabled(k.c)) this.setSlot(id, applyTo(k.c, id, this.slots.get(id), k.order, 1), tr);
      } else {
        this.recompute(id, tr);
      }
    }
  }

  private applyClear(k: Known, tr: Tracker): void {
    if (!isEnabled(k.c)) return;
    tr.cleared = true;
    if (k.order > this.maxOrder) for (const id of [...this.slots.keys()]) this.setSlot(id, undefined, tr);
    else for (const id of this.allShapeIds()) this.recompute(id, tr);
  }

  private applyUndo(k: Known, tr: Tracker): void {
    const u = k.c as UndoCommand;
    if (!isEnabled(u)) return;
    const ref = this.known.get(u.ref);
    // undo and redo never touch another user's commands, nor undo commands
    if (ref && (ref.c.uid !== u.uid || ref.c.cmd === 'undo')) return;
    if (ref) ref.c.status = u.type === 'redo' ? 'normal' : 'disabled';
    if (u.effect) {
      this.applyEffect(u.effect, k.order, tr);
      return;
    }
    if (!ref) return;
    const affected = ref.c.cmd === 'clear' ? this.allShapeIds() : touchedShapes(ref.c);
    for (const id of affected) {
      // a shape whose baseline already contains the toggled command waits for the server's effect
      if ((this.baselines.get(id)?.order ?? -Infinity) < ref.order) this.recompute(id, tr);
    }
  }

  /** The server's authoritative post-state of the affected shapes becomes their baseline. */
  private applyEffect(effect: CommandEffect, order: number, tr: Tracker): void {
    const rebase = (id: string, slot: Slot | undefined) => {
      this.baselines.set(id, { slot, order });
      const list = this.history.get(id);
      if (list) {
        const keep = list.filter((e) => e.order > order);
        if (keep.length) this.history.set(id, keep);
        else this.history.delete(id);
      }
      this.recompute(id, tr);
    };
    for (const shape of effect.shapes ?? []) {
      rebase(shape.id, { shape, z: effect.z?.[shape.id] ?? this.slots.get(shape.id)?.z ?? order });
    }
    for (const id of effect.removed ?? []) rebase(id, undefined);
  }

  /** A local command confirmed by the server: it takes its seq's place in the fold. */
  private confirm(k: Known, incoming: Command, tr: Tracker): void {
    const seq = incoming.seq!;
    k.c.seq = seq;
    if (seq > this.seq) this.seq = seq;
    k.order = seq;
    if (k.c.cmd === 'undo') {
      const effect = (incoming as UndoCommand).effect;
      if (effect && isEnabled(k.c)) {
        (k.c as UndoCommand).effect = effect;
        this.applyEffect(effect, k.order, tr);
      }
      return;
    }
    if (k.c.cmd === 'clear') {
      this.clears.splice(this.clears.indexOf(k), 1);
      insertSorted(this.clears, k);
      if (isEnabled(k.c)) for (const id of this.allShapeIds()) this.recompute(id, tr);
      return;
    }
    for (const id of touchedShapes(k.c)) {
      const list = this.history.get(id);
      if (!list) continue;
      const i = list.indexOf(k);
      if (i >= 0) list.splice(i, 1);
      insertSorted(list, k);
      this.recompute(id, tr);
    }
  }

  /** Re-folds one shape: its baseline, then its enabled history, interleaved with clears. */
  private recompute(id: string, tr: Tracker): void {
    const base = this.baselines.get(id);
    let slot = base?.slot;
    const bOrder = base?.order ?? -Infinity;
    const clears = this.clears;
    let ci = 0;
    while (ci < clears.length && clears[ci].order <= bOrder) ci++;
    for (const e of this.history.get(id) ?? []) {
      if (e.order <= bOrder) continue;
      while (ci < clears.length && clears[ci].order < e.order) {
        if (isEnabled(clears[ci].c)) slot = undefined;
        ci++;
      }
      if (isEnabled(e.c)) slot = applyTo(e.c, id, slot, e.order, 1);
    }
    for (; ci < clears.length; ci++) if (isEnabled(clears[ci].c)) slot = undefined;
    this.setSlot(id, slot, tr);
  }

  private allShapeIds(): string[] {
    const ids = new Set<string>(this.slots.keys());
    for (const id of this.history.keys()) ids.add(id);
    for (const id of this.baselines.keys()) ids.add(id);
    return [...ids];
  }

  /** UndoInfo: per user the latest confirmed own commands, plus the latest clears. */
  private undoCommands(): Command[] {
    const picked = new Map<string, Command>();
    const strip = (c: Command): Command => {
      if (c.cmd === 'undo' || c.cmd === 'clear') {
        const { effect: _effect, ...rest } = c;
        return rest as Command;
      }
      return c;
    };
    for (const list of this.byUser.values()) {
      let actions = 0,
        undos = 0,
        chain = true;
      for (let i = list.length - 1; i >= 0 && actions < UNDO_SNAPSHOT_DEPTH; i--) {
        const c = list[i].c;
        if (c.seq == null) continue;
        if (c.cmd === 'undo') {
          if (chain && undos < UNDO_SNAPSHOT_DEPTH * 2) {
            picked.set(c.id, strip(c));
            undos++;
          }
          continue;
        }
        chain = false;
        picked.set(c.id, strip(c));
        actions++;
      }
    }
    for (const k of this.clears.slice(-UNDO_SNAPSHOT_DEPTH)) if (k.c.seq != null) picked.set(k.c.id, strip(k.c));
    return [...picked.values()].sort((a, b) => a.seq! - b.seq!);
  }
}

/**
 * The effect the server attaches to an undo/redo (or clear) it appends: the post-state of
 * every shape the target affects, computed from the full log.
 *
 * `commands`: every command touching the shapes the target's `ref` touches (touchedShapes),
 * plus every clear command, in seq order, each with its CURRENT status (the server updates
 * the status of a command when it is undone or redone). Undo commands in the list are
 * ignored: statuses already carry their outcome. For an undo/redo of a clear, pass the
 * whole log. Commands at or after the target's seq are ignored.
 */
export function computeEffect(commands: Command[], target: UndoCommand | ClearCommand): CommandEffect {
  const before = commands.filter(
    (c) => c.id !== target.id && c.cmd !== 'undo' && (target.seq == null || c.seq == null || c.seq < target.seq),
  );
  const doc = new BoardDoc();
  if (target.cmd === 'clear') {
    for (const c of before) doc.apply(c);
    return { shapes: [], removed: doc.ordered().map((s) => s.id) };
  }
  const ref = before.find((c) => c.id === target.ref);
  if (!ref || ref.uid !== target.uid) return { shapes: [], removed: [] };
  const status: CommandStatus = target.type === 'redo' ? 'normal' : 'disabled';
  for (const c of before) doc.apply(c.id === ref.id ? ({ ...c, status } as Command) : c);
  const ids = ref.cmd === 'clear' ? [...new Set(before.flatMap((c) => touchedShapes(c)))] : touchedShapes(ref);
  const effect: CommandEffect = { shapes: [], removed: [], z: {} };
  for (const id of ids) {
    const shape = doc.get(id);
    if (shape) {
      effect.shapes.push(shape);
      effect.z![id] = doc.zOf(id)!;
    } else effect.removed.push(id);
  }
  return effect;
}
