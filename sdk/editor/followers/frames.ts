import type { AddCommand, Command, FrameShape, RepositionCommand, Shape, SizeModifierCommand } from '../../../shared/model';
import { boundsOf, boxOf, childrenOf, resizeShape, translateShape } from '../../../shared/geometry';
import { childrenDelta, frameCapturedIds, mayBeFrameChild, type Placed } from '../../../shared/geometry/frame';
import { isAddCommand, type BoardDoc } from '../../../shared/reducer';
import type { CommandInput } from '../editor';
import type { Follower } from '.';

type Positions = RepositionCommand['shapePositions'];

/**
 * A frame's children (board.md §4 "Frames"), in the command that moves or resizes:
 * - a reposition that moves a frame also moves its children that exist and are not already
 *   in the command (once, even when they are children of two moved frames);
 * - a shape added (drawn, pasted), moved or resized 2/3 into a frame becomes its child, out of it leaves it;
 * - a resized frame recomputes its children from what it covers now.
 * Membership changes are propertyModifiers on the frames' `children` in the same commandSet.
 */
export const frameChildren: Follower = (input, ctx) => {
  const { doc } = ctx;
  if (!hasFrames(doc)) return input;
  const followers = new Set<string>();
  const moved = expandMoves(input, doc, followers);
  const after = shapesAfter(moved, doc);
  if (!after.size) return moved;

  const frames = (doc.shapesOfKind('frame') as FrameShape[]).map((f) => (after.get(f.id) as FrameShape | undefined) ?? f);
  const resized = new Set(sizedIds(moved));
  const changed: Placed[] = [];
  for (const [id, s] of after) if (!followers.has(id) && mayBeFrameChild(s.cmd)) changed.push(placed(s));

  const mods: Command[] = [];
  for (const f of frames) {
    let next: string[] | null;
    if (resized.has(f.id)) {
      const now = frameCapturedIds(
        f,
        doc.ordered().map((s) => placed(after.get(s.id) ?? s)),
      );
      next = sameIds(now, f.children ?? []) ? null : now;
    } else next = changed.length ? childrenDelta(f, changed) : null;
    if (next) mods.push(ctx.build({ cmd: 'propertyModifier', shapes: [f.id], props: [{ name: 'children', value: next }] }));
  }
  if (!mods.length) return moved;
  if (moved.cmd === 'commandSet') return { ...moved, commands: [...moved.commands, ...mods] };
  return { cmd: 'commandSet', commands: [ctx.build(moved), ...mods] };
};

const hasFrames = (doc: BoardDoc) => doc.shapesOfKind('frame').length > 0;

const placed = (s: Shape): Placed => ({ id: s.id, cmd: s.cmd, bounds: boundsOf(s) });

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Adds the children of moved frames to each reposition (top level or inside a commandSet). */
function expandMoves<C extends CommandInput | Command>(c: C, doc: BoardDoc, followers: Set<string>): C {
  if (c.cmd === 'commandSet') {
    const inAll = new Set(c.commands.flatMap((s) => (s.cmd === 'reposition' ? s.shapePositions.map((p) => p.shape) : [])));
    return { ...c, commands: c.commands.map((s) => (s.cmd === 'reposition' ? withChildren(s, doc, inAll, followers) : s)) } as C;
  }
  if (c.cmd === 'reposition') return withChildren(c, doc, new Set(c.shapePositions.map((p) => p.shape)), followers) as C;
  return c;
}

function withChildren<C extends { shapePositions: Positions }>(c: C, doc: BoardDoc, taken: Set<string>, followers: Set<string>): C {
  const extra: Positions = [];
  for (const p of c.shapePositions) {
    const f = doc.get(p.shape);
    if (!f) continue;
    for (const child of childrenOf(f)) {
      if (taken.has(child) || !doc.has(child)) continue;
      taken.add(child);
      followers.add(child);
      extra.push({ shape: child, x: p.x, y: p.y });
    }
  }
  return extra.length ? { ...c, shapePositions: [...c.shapePositions, ...extra] } : c;
}

/** The shapes a command moves or resizes, as they will be after it (the reducer's geometry). */
function shapesAfter(c: CommandInput | Command, doc: BoardDoc, out = new Map<string, Shape>()): Map<string, Shape> {
  if (c.cmd === 'commandSet') for (const s of c.commands) shapesAfter(s, doc, out);
  else if (isAddCommand(c as Command)) {
    // a shape drawn or pasted inside a frame joins it at once
    const shape = (c as AddCommand).shape;
    if (shape) out.set(shape.id, shape);
  } else if (c.cmd === 'reposition') {
    for (const p of c.shapePositions) {
      const s = out.get(p.shape) ?? doc.get(p.shape);
      if (s) out.set(p.shape, translateShape(s, p.x, p.y));
    }
  } else if (c.cmd === 'sizeModifier') {
    for (const id of c.shapes) {
      const s = out.get(id) ?? doc.get(id);
      if (!s) continue;
      const box = boxOf(s);
      out.set(id, resizeShape(s, { x: c.x ?? box.x, y: c.y ?? box.y, w: c.w, h: c.h }));
    }
  }
  return out;
}

function sizedIds(c: CommandInput | Command): string[] {
  if (c.cmd === 'commandSet') return c.commands.flatMap(sizedIds);
  return c.cmd === 'sizeModifier' ? (c as SizeModifierCommand).shapes : [];
}
