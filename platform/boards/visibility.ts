import type { Command, CommandEffect } from '../../shared/model';
import { isRestrictedInPrivateMode, type Role } from '../../shared/permissions';
import { isAddCommand, touchedShapes, type BoardSnapshot } from '../../shared/reducer';
import type { Db } from '../db/index';
import { shapeCreators } from './log';

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
 */

/** shape id → creator uid, for the ids a filter needs (a plain object: it travels on the bus). */
export type Owners = Readonly<Record<string, string>>;
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

/** The creators of the shapes these commands need resolved (one indexed query; none when nothing needs it). */
export async function ownersFor(db: Db, boardId: string, commands: readonly Command[], viewer?: string): Promise<Owners> {
  const ids = new Set<string>();
  for (const c of commands) for (const id of idsToResolve(c, viewer)) ids.add(id);
  if (ids.size === 0) return NO_OWNERS;
  return Object.fromEntries(await shapeCreators(db, boardId, [...ids]));
}

const ownerOf = (owners: Owners, id: string, fallback: string): string => (Object.hasOwn(owners, id) ? owners[id]! : fallback);

function visibleEffect(effect: CommandEffect, author: string, viewer: string, owners: Owners): CommandEffect {
  const shapes = (effect.shapes ?? []).filter((s) => ownerOf(owners, s.id, s.uid) === viewer);
  const removed = (effect.removed ?? []).filter((id) => ownerOf(owners, id, author) === viewer);
  const out: CommandEffect = { shapes, removed };
  if (effect.z) {
    const z: Record<string, number> = {};
    for (const s of shapes) if (typeof effect.z[s.id] === 'number') z[s.id] = effect.z[s.id]!;
    out.z = z;
  }
  return out;
}

/** What of `command` a restricted member `viewer` may receive: the command, a narrowed copy, or null (nothing). */
export function visibleCommand(command: Command, viewer: string, owners: Owners = NO_OWNERS): Command | null {
  const c = command;
  if (c.cmd === 'clear') {
    const { effect: _effect, ...rest } = c;
    return rest as Command;
  }
  if (c.cmd === 'undo') {
    if (!c.effect) return c.uid === viewer ? c : null;
    const effect = visibleEffect(c.effect, c.uid, viewer, owners);
    if (c.uid !== viewer && effect.shapes.length === 0 && effect.removed.length === 0) return null;
    return { ...c, effect };
  }
  if (c.uid === viewer) return c;
  const mine = (id: string) => ownerOf(owners, id, c.uid) === viewer;
  switch (c.cmd) {
    case 'propertyModifier': case 'fontModifier': case 'fontSizeModifier': case 'colorModifier': case 'sizeModifier':
    case 'remove': case 'lock': case 'changeOrder': {
      const all = c.shapes ?? [];
      const kept = all.filter(mine);
      if (kept.length === 0) return null;
      return kept.length === all.length ? c : ({ ...c, shapes: kept } as Command);
    }
    case 'textModifier': case 'stickyNoteModifier': case 'pageModifier':
      return mine(c.shape) ? c : null;
    case 'reposition': {
      const all = c.shapePositions ?? [];
      const kept = all.filter((p) => mine(p.shape));
      if (kept.length === 0) return null;
      return kept.length === all.length ? c : { ...c, shapePositions: kept };
    }
    case 'replace':
      return c.shape && mine(c.shape.id) ? c : null;
    case 'commandSet': {
      const all = c.commands ?? [];
      const kept: Command[] = [];
      let same = true;
      for (const sub of all) {
        const v = visibleCommand(sub, viewer, owners);
        if (v !== sub) same = false;
        if (v) kept.push(v);
      }
      if (kept.length === 0) return null;
      return same ? c : { ...c, commands: kept };
    }
    default:
      return isAddCommand(c) && c.shape && mine(c.shape.id) ? c : null;
  }
}

/** visibleCommand, or the `{ seq, hidden: true }` that takes its place. */
export function commandForViewer(command: Command, viewer: string, owners: Owners = NO_OWNERS): Command | HiddenCommand {
  return visibleCommand(command, viewer, owners) ?? hiddenCommand(command.seq ?? 0);
}

/**
 * A snapshot as a restricted member may receive it: the shapes they created (shape.uid, which
 * the reducer keeps as the creator's), their z keys, and of the undo info only their own
 * commands and the clears (its commands carry no effect).
 */
export function visibleSnapshot(snapshot: BoardSnapshot, viewer: string): BoardSnapshot {
  const shapes: BoardSnapshot['shapes'] = [];
  const z: number[] = [];
  snapshot.shapes.forEach((s, i) => {
    if (s.uid !== viewer) return;
    shapes.push(s);
    if (snapshot.z) z.push(snapshot.z[i]!);
  });
  const commands = (snapshot.undo?.commands ?? []).filter((c) => c.uid === viewer || c.cmd === 'clear');
  return { ...snapshot, shapes, ...(snapshot.z ? { z } : {}), undo: { commands } };
}
