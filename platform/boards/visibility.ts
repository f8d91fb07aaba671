import type { Command, CommandEffect, PropertyModifierCommand, Shape } from '../../shared/model';
import { BLURRED_SETTABLE, BLURRED_TEXT, blurredShape, isRestrictedInPrivateMode, type Role } from '../../shared/permissions';
import { isAddCommand, touchedShapes, type BoardSnapshot } from '../../shared/reducer';
import { kindGeometry } from '../../shared/geometry';
import type { Db } from '../db/index';
import { shapeOrigins } from './log';

/**
 * Private mode on the server (board.md §4 "Private mode"; docs/security.md "Private mode"): the
 * one filter of what a member may RECEIVE, used by the join payload (snapshot + tail), catch-up
 * (GET …/commands?after, reconnect) and the hub's live fan-out. Owner and Facilitator receive
 * everything; any other member receives only what concerns the shapes they created:
 *
 *  - the owner of a shape is the author of the first command in the log that touches its id
 *    (`shapeCreators`, the rule append.ts authorizes edits by); a command that was not resolved
 *    counts as touching only its author's shapes (true of every edit a restricted member may
 *    make, and it errs towards hiding, never towards revealing);
 *  - a member's own commands reach them whole (they wrote them), except an undo/redo's effect,
 *    which is the CURRENT state of the shapes and is filtered like anyone's;
 *  - another's command reaches them only with its visible parts (shape lists, positions and
 *    commandSet parts narrowed to their shapes), or not at all;
 *  - a clear reaches everyone (it empties their shapes too) without its effect (the list of
 *    every id on the board); an undo/redo carries only the viewer's shapes in its effect;
 *  - in the place of a command not sent, the member gets `{ seq, hidden: true }`
 *    (shared/permissions isHiddenCommand) so their seq order stays dense without a gap to fetch.
 *
 * The blurry variant (privateMode {type: 1, blurry: true}): what this member may see of a shape
 * is one answer, `sight` — 'all' (theirs), 'blurred' (another's text or sticky note: sent as
 * shared/permissions blurredShape, words emptied, `blurred: true`) or null (anything else of
 * others: hidden as above). Commands on blurred shapes pass with no words: textModifier's value
 * emptied, propertyModifier narrowed to BLURRED_SETTABLE, replace/undo effects blurred; moves,
 * colours, sizes, locks, order and removals pass as they are. The kind of another's shape is
 * the kind of its first command's shape (`shapeOrigins`, read with the creator).
 */

/** Where a shape comes from: its creator and its kind (null: unknown, never blurred). */
export interface ShapeOrigin {
  uid: string;
  kind: string | null;
}
/** shape id → origin, for the ids a filter needs (a plain object: it travels on the bus). */
export type Owners = Readonly<Record<string, ShapeOrigin>>;
export const NO_OWNERS: Owners = Object.freeze({});

export interface HiddenCommand {
  seq: number;
  hidden: true;
  /** none of a command's fields: nothing of it is revealed */
  id?: undefined;
  cmd?: undefined;
  uid?: undefined;
}

export const hiddenCommand = (seq: number): HiddenCommand => ({ seq, hidden: true });

/** Whether `role` is filtered on a board whose private mode is `privateModeOn`. */
export const isRestricted = (privateModeOn: boolean, role: Role | string | null | undefined): boolean =>
  isRestrictedInPrivateMode(privateModeOn, role as Role);

/**
 * The shape ids whose creator the filter needs to decide `command` for viewers other than
 * its author (`viewer`: for that one viewer only). Adds need none (the author created it);
 * an undo/redo needs its effect's ids, whoever sent it.
 */
export function idsToResolve(command: Command, viewer?: string): string[] {
  const ids = new Set<string>();
  const visit = (c: Command, top: boolean) => {
    if (c.cmd === 'undo') {
      if (top) for (const s of c.effect?.shapes ?? []) ids.add(s.id);
      if (top) for (const id of c.effect?.removed ?? []) ids.add(id);
      return;
    }
    if (c.cmd === 'clear' || (viewer !== undefined && c.uid === viewer)) return;
    if (c.cmd === 'commandSet') {
      for (const sub of c.commands ?? []) visit(sub, false);
      return;
    }
    if (isAddCommand(c)) return;
    for (const id of touchedShapes(c)) ids.add(id);
  };
  visit(command, true);
  return [...ids];
}

/** The creators and kinds of the shapes these commands need resolved (one indexed query; none when nothing needs it). */
export async function ownersFor(db: Db, boardId: string, commands: readonly Command[], viewer?: string): Promise<Owners> {
  const ids = new Set<string>();
  for (const c of commands) for (const id of idsToResolve(c, viewer)) ids.add(id);
  if (ids.size === 0) return NO_OWNERS;
  return Object.fromEntries(await shapeOrigins(db, boardId, [...ids]));
}

const ownerOf = (owners: Owners, id: string, fallback: string): string => (Object.hasOwn(owners, id) ? owners[id]!.uid : fallback);

/** What of a shape `viewer` may see: all of it (theirs), blurred (blurry mode: another's text or note), or nothing. */
export type Sight = 'all' | 'blurred' | null;

/** The one answer for a shape: `creator` and `kind` as resolved (unresolved: the command's author, no kind → hidden). */
export function sight(viewer: string, blurry: boolean, creator: string, kind: string | null | undefined): Sight {
  if (creator === viewer) return 'all';
  return blurry && !!kind && !!kindGeometry(kind)?.blurrable ? 'blurred' : null;
}

const sightOf = (owners: Owners, id: string, fallback: string, viewer: string, blurry: boolean): Sight =>
  sight(viewer, blurry, ownerOf(owners, id, fallback), Object.hasOwn(owners, id) ? owners[id]!.kind : null);

function visibleEffect(effect: CommandEffect, author: string, viewer: string, owners: Owners, blurry: boolean): CommandEffect {
  const shapes: Shape[] = [];
  for (const s of effect.shapes ?? []) {
    const seen = sight(viewer, blurry, ownerOf(owners, s.id, s.uid), s.cmd);
    if (seen === 'all') shapes.push(s);
    else if (seen === 'blurred') shapes.push(blurredShape(s)!);
  }
  const removed = (effect.removed ?? []).filter((id) => sightOf(owners, id, author, viewer, blurry) !== null);
  const out: CommandEffect = { shapes, removed };
  if (effect.z) {
    const z: Record<string, number> = {};
    for (const s of shapes) if (typeof effect.z[s.id] === 'number') z[s.id] = effect.z[s.id]!;
    out.z = z;
  }
  return out;
}

/**
 * A propertyModifier as seen: the shapes seen whole keep every property; when some are blurred
 * and a property carries words, the shapes seen whole take it alone (or, with none, the blurred
 * ones take only BLURRED_SETTABLE properties).
 */
function visibleProperties(c: PropertyModifierCommand, kept: string[], seen: (id: string) => Sight): Command | null {
  const blurred = kept.filter((id) => seen(id) === 'blurred');
  const same = kept.length === (c.shapes ?? []).length;
  if (blurred.length === 0) return same ? c : { ...c, shapes: kept };
  const safe = (c.props ?? []).filter((p) => BLURRED_SETTABLE.has(p.name));
  if (safe.length === (c.props ?? []).length) return same ? c : { ...c, shapes: kept };
  const whole = kept.filter((id) => seen(id) === 'all');
  if (whole.length) return { ...c, shapes: whole };
  return safe.length ? { ...c, shapes: blurred, props: safe } : null;
}

/**
 * What of `command` a restricted member `viewer` may receive: the command, a narrowed copy, or
 * null (nothing). `blurry`: the board's private mode is the blurry variant.
 */
export function visibleCommand(command: Command, viewer: string, owners: Owners = NO_OWNERS, blurry = false): Command | null {
  const c = command;
  if (c.cmd === 'clear') {
    const { effect: _effect, ...rest } = c;
    return rest as Command;
  }
  if (c.cmd === 'undo') {
    if (!c.effect) return c.uid === viewer ? c : null;
    const effect = visibleEffect(c.effect, c.uid, viewer, owners, blurry);
    if (c.uid !== viewer && effect.shapes.length === 0 && effect.removed.length === 0) return null;
    return { ...c, effect };
  }
  if (c.uid === viewer) return c;
  const seen = (id: string) => sightOf(owners, id, c.uid, viewer, blurry);
  switch (c.cmd) {
    case 'propertyModifier':
    case 'fontModifier':
    case 'fontSizeModifier':
    case 'colorModifier':
    case 'sizeModifier':
    case 'remove':
    case 'lock':
    case 'changeOrder': {
      const all = c.shapes ?? [];
      const kept = all.filter((id) => seen(id) !== null);
      if (kept.length === 0) return null;
      if (c.cmd === 'propertyModifier') return visibleProperties(c, kept, seen);
      return kept.length === all.length ? c : ({ ...c, shapes: kept } as Command);
    }
    case 'textModifier': {
      const s = seen(c.shape);
      return s === 'all' ? c : s === 'blurred' ? { ...c, value: BLURRED_TEXT } : null;
    }
    case 'stickyNoteModifier':
      return seen(c.shape) !== null ? c : null;
    case 'pageModifier':
      return seen(c.shape) === 'all' ? c : null;
    case 'reposition': {
      const all = c.shapePositions ?? [];
      const kept = all.filter((p) => seen(p.shape) !== null);
      if (kept.length === 0) return null;
      return kept.length === all.length ? c : { ...c, shapePositions: kept };
    }
    case 'replace': {
      if (!c.shape) return null;
      const s = sight(viewer, blurry, ownerOf(owners, c.shape.id, c.uid), c.shape.cmd);
      if (s === 'all') return c;
      return s === 'blurred' ? { ...c, shape: blurredShape(c.shape)! } : null;
    }
    case 'commandSet': {
      const all = c.commands ?? [];
      const kept: Command[] = [];
      let same = true;
      for (const sub of all) {
        const v = visibleCommand(sub, viewer, owners, blurry);
        if (v !== sub) same = false;
        if (v) kept.push(v);
      }
      if (kept.length === 0) return null;
      return same ? c : { ...c, commands: kept };
    }
    default: {
      if (!isAddCommand(c) || !c.shape) return null;
      // an add: its author created the shape, its kind is the shape's
      const s = sight(viewer, blurry, c.uid, c.shape.cmd);
      if (s === 'all') return c;
      return s === 'blurred' ? ({ ...c, shape: blurredShape(c.shape)! } as Command) : null;
    }
  }
}

/** visibleCommand, or the `{ seq, hidden: true }` that takes its place. */
export function commandForViewer(command: Command, viewer: string, owners: Owners = NO_OWNERS, blurry = false): Command | HiddenCommand {
  return visibleCommand(command, viewer, owners, blurry) ?? hiddenCommand(command.seq ?? 0);
}

/**
 * A snapshot as a restricted member may receive it: the shapes they created (shape.uid, which
 * the reducer keeps as the creator's) — with `blurry`, the others' texts and sticky notes
 * blurred too —, their z keys, and of the undo info only their own commands and the clears
 * (its commands carry no effect).
 */
export function visibleSnapshot(snapshot: BoardSnapshot, viewer: string, blurry = false): BoardSnapshot {
  const shapes: BoardSnapshot['shapes'] = [];
  const z: number[] = [];
  snapshot.shapes.forEach((s, i) => {
    const seen = sight(viewer, blurry, s.uid, s.cmd);
    if (seen === null) return;
    shapes.push(seen === 'all' ? s : blurredShape(s)!);
    if (snapshot.z) z.push(snapshot.z[i]!);
  });
  const commands = (snapshot.undo?.commands ?? []).filter((c) => c.uid === viewer || c.cmd === 'clear');
  return { ...snapshot, shapes, ...(snapshot.z ? { z } : {}), undo: { commands } };
}
