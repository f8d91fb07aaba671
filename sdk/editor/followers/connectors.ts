import type { Command, LineShape, Shape } from '../../../shared/model';
import { boxOf } from '../../../shared/geometry';
import { anchorOf, isConnector, isLineShape, routeConnector, samePoints, type Anchor } from '../../../shared/geometry/connectors';
import { BoardDoc, touchedShapes, type DocChange } from '../../../shared/reducer';
import type { Follower } from '.';

/**
 * A connector's ends stay on the shapes they are attached to (board.md §3 line start/end), in
 * the command that changes those shapes (one log entry, one undo step):
 * - a command that moves, resizes, rotates or replaces shapes re-routes the connectors attached
 *   to them (a propertyModifier of `points` after the command, with the shapes' post-command boxes);
 * - a connector moved or resized itself keeps the ends whose shapes move in the same command
 *   and frees the others (dragging a connector away from its shapes detaches it);
 * - a removed shape leaves its connectors with free ends (`start`/`end` dropped).
 * The lines attached to a shape come from a small index per document kept from its changes
 * (`trackConnectors`, called by the editor for every applied change), not from a scan.
 */
export const connectorEnds: Follower = (input, ctx) => {
  if (!GEOMETRY.has(input.cmd) && input.cmd !== 'remove') return input;
  const { doc } = ctx;
  const index = indexOf(doc);
  if (!index.byShape.size) return input;
  const full = ctx.build(input);
  const removed = new Set<string>();
  const moved = new Set<string>();
  collect(full, removed, moved);

  const lines = new Set<string>();
  for (const id of [...removed, ...moved]) {
    for (const lineId of index.byShape.get(id) ?? []) lines.add(lineId);
    const s = doc.get(id);
    if (s && isConnector(s)) lines.add(id);
  }
  if (!lines.size) return input;

  const after = moved.size ? shapesAfter(full, doc, lines, moved) : new Map<string, Shape>();
  const replaced = replacedLines(full);
  const mods: Command[] = [];
  for (const lineId of lines) {
    if (removed.has(lineId) || replaced.has(lineId)) continue;
    const line = doc.get(lineId) as LineShape | undefined;
    if (!line || !isConnector(line)) continue;
    const now = (after.get(lineId) as LineShape | undefined) ?? line;
    const selfMoved = moved.has(lineId);
    // an end stays attached if its shape is not removed and (for a moved line) moves with it
    const keep = (id: string | undefined) => !!id && !removed.has(id) && doc.has(id) && (!selfMoved || moved.has(id));
    const start = keep(line.start) ? line.start : undefined;
    const end = keep(line.end) ? line.end : undefined;
    const anchor = (id: string | undefined): Anchor | null => {
      const s = id ? (after.get(id) ?? doc.get(id)) : undefined;
      return s ? anchorOf(s, boxOf(s)) : null;
    };
    const points = routeConnector(now.points, anchor(start), anchor(end));
    const props: Array<{ name: string; value: unknown }> = [];
    if (!samePoints(points, now.points)) props.push({ name: 'points', value: points });
    if (line.start && !start) props.push({ name: 'start', value: null });
    if (line.end && !end) props.push({ name: 'end', value: null });
    if (props.length) mods.push(ctx.build({ cmd: 'propertyModifier', shapes: [lineId], props }));
  }
  if (!mods.length) return input;
  if (input.cmd === 'commandSet') return { ...input, commands: [...input.commands, ...mods] };
  return { cmd: 'commandSet', commands: [full, ...mods] };
};

/** Commands that can change a shape's place, size or rotation. */
const GEOMETRY = new Set(['reposition', 'sizeModifier', 'propertyModifier', 'replace', 'commandSet']);
const GEOMETRY_PROPS = new Set(['rotation', 'points', 'x', 'y', 'w', 'h', 'r']);

/** The shapes a command removes, and those whose geometry it may change. */
function collect(c: Command, removed: Set<string>, moved: Set<string>): void {
  if (c.cmd === 'commandSet') for (const sub of c.commands ?? []) collect(sub, removed, moved);
  else if (c.cmd === 'remove') for (const id of c.shapes) removed.add(id);
  else if (c.cmd === 'propertyModifier') {
    if (c.props.some((p) => GEOMETRY_PROPS.has(p.name))) for (const id of c.shapes) moved.add(id);
  } else if (GEOMETRY.has(c.cmd)) for (const id of touchedShapes(c)) moved.add(id);
}

/**
 * Lines whose points a command sets outright (a replace, a propertyModifier of `points`: an end
 * handle drag, a re-route): the command already says where their ends are.
 */
function replacedLines(c: Command, out = new Set<string>()): Set<string> {
  if (c.cmd === 'commandSet') for (const sub of c.commands ?? []) replacedLines(sub, out);
  else if (c.cmd === 'replace' && c.shape && isLineShape(c.shape)) out.add(c.shape.id);
  else if (c.cmd === 'propertyModifier' && c.props.some((p) => p.name === 'points')) for (const id of c.shapes) out.add(id);
  return out;
}

/**
 * The moved shapes, the lines and the lines' anchors as they will be after the command: the
 * command applied to a small document holding only them (the reducer's own geometry).
 */
function shapesAfter(c: Command, doc: BoardDoc, lines: Set<string>, moved: Set<string>): Map<string, Shape> {
  const ids = new Set(moved);
  for (const id of lines) {
    ids.add(id);
    const l = doc.get(id) as LineShape | undefined;
    if (l?.start) ids.add(l.start);
    if (l?.end) ids.add(l.end);
  }
  const shapes = [...ids].map((id) => doc.get(id)).filter((s): s is Shape => !!s);
  const small = new BoardDoc({ seq: 0, shapes, undo: { commands: [] } });
  small.apply(c);
  const out = new Map<string, Shape>();
  for (const id of ids) {
    const s = small.get(id);
    if (s) out.set(id, s);
  }
  return out;
}

/* ---------------- the index: shape id → ids of the connectors attached to it ---------------- */

interface ConnectorIndex {
  byShape: Map<string, Set<string>>;
  ends: Map<string, [string | undefined, string | undefined]>;
}

const indexes = new WeakMap<BoardDoc, ConnectorIndex>();

function indexOf(doc: BoardDoc): ConnectorIndex {
  let index = indexes.get(doc);
  if (!index) {
    index = { byShape: new Map(), ends: new Map() };
    for (const kind of ['line', 'arrow']) for (const s of doc.shapesOfKind(kind)) note(index, s.id, s);
    indexes.set(doc, index);
  }
  return index;
}

function note(index: ConnectorIndex, id: string, s: Shape | undefined): void {
  const old = index.ends.get(id);
  const now: [string | undefined, string | undefined] | undefined =
    s && isConnector(s) ? [(s as LineShape).start, (s as LineShape).end] : undefined;
  if (old?.[0] === now?.[0] && old?.[1] === now?.[1]) return;
  for (const target of old ?? []) if (target) index.byShape.get(target)?.delete(id);
  if (!now) {
    index.ends.delete(id);
    return;
  }
  index.ends.set(id, now);
  for (const target of now) {
    if (!target) continue;
    let set = index.byShape.get(target);
    if (!set) index.byShape.set(target, (set = new Set()));
    set.add(id);
  }
}

/** Keeps the document's connector index current (the editor calls this for every applied change). */
export function trackConnectors(doc: BoardDoc, change: DocChange): void {
  const index = indexes.get(doc);
  if (!index) return; // built on first use
  if (change.cleared) {
    indexes.delete(doc);
    return;
  }
  for (const id of change.added) note(index, id, doc.get(id));
  for (const id of change.updated) note(index, id, doc.get(id));
  for (const id of change.removed) note(index, id, undefined);
}

/** The connectors attached to a shape (tests and tools). */
export function connectorsOf(doc: BoardDoc, shapeId: string): string[] {
  return [...(indexOf(doc).byShape.get(shapeId) ?? [])].filter((id) => {
    const l = doc.get(id) as LineShape | undefined;
    return !!l && (l.start === shapeId || l.end === shapeId);
  });
}
