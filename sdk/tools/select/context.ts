/**
 * The select tool as a small state machine (tldraw's StateNode children, one level deep): the
 * context every state shares, the information each state is entered with, and the shape of a
 * state. A state is entered by calling its node with that information (its onEnter); it reacts
 * to pointer moves and the release, and leaves by `ctx.transition(name, info)`.
 */
import type { Command, LineShape } from '../../../shared/model';
import type { Point, Rect } from '../../../shared/geometry';
import type { Editor } from '../../editor/editor';
import type { BoardPointer } from '../../editor/types';
import type { Handle, LineEnd } from './handles';

/** A press must travel this far (screen px) before it becomes a drag. */
export const DRAG_THRESHOLD = 3;
/** How far (screen px) from a shape's outline a press still hits it. */
export const HIT_TOLERANCE = 4;

/** What each state is entered with. */
export interface SelectStateInfo {
  idle: void;
  /** pressed on a shape, not yet dragged: a click or the start of a move */
  pointing: { start: BoardPointer; hitId: string | null; toggled: boolean };
  translating: { start: BoardPointer; ids: string[] };
  resizing: { start: BoardPointer; handle: Handle; box: Rect; ids: string[] };
  rotating: { start: BoardPointer; centre: Point; ids: string[] };
  /** the drag box (a brush) selecting the shapes fully inside it */
  brushing: { start: BoardPointer; additive: boolean; inside: string | null };
  /** a single line's start or end handle */
  draggingHandle: { start: BoardPointer; which: LineEnd; line: LineShape };
  /** the connector handle dragging out an arrow attached to the selected shape */
  connecting: { start: BoardPointer; draft: LineShape };
}
export type SelectStateName = keyof SelectStateInfo;

export interface SelectState {
  readonly name: SelectStateName;
  /** a press (only idle reads presses) */
  onPointerDown?(e: BoardPointer): void;
  onPointerMove?(e: BoardPointer): void;
  /** the release; the state goes back to idle before committing */
  onPointerUp?(e: BoardPointer): void;
}

type InfoArgs<N extends SelectStateName> = SelectStateInfo[N] extends void ? [] : [info: SelectStateInfo[N]];

export interface SelectContext {
  readonly editor: Editor;
  /** Leaves the current state for `name`, entered with `info`; returns the new state. */
  transition<N extends SelectStateName>(name: N, ...info: InfoArgs<N>): SelectState;
}

/** One state: entering it (onEnter) is calling it with the context and its information. */
export type SelectStateNode<N extends SelectStateName> = (ctx: SelectContext, ...info: InfoArgs<N>) => SelectState;

/** The ids of those shapes that can move (not locked, not private). */
export function movable(editor: Editor, ids: readonly string[]): string[] {
  return ids.filter((id) => {
    const s = editor.doc.get(id);
    return s && editor.selectionType(s) !== 'locked' && editor.selectionType(s) !== 'private';
  });
}

/** A built command turned back into execute's input (execute assigns id, uid, time, status). */
export function stripBase(c: Command): Parameters<Editor['execute']>[0] {
  const { id: _id, uid: _uid, timestamp: _t, status: _s, seq: _q, ...rest } = c as Command & { seq?: number };
  return rest as Parameters<Editor['execute']>[0];
}

/** Executes one command as itself, several as one commandSet (one undo step), none not at all. */
export function executeAll(editor: Editor, commands: Command[]): void {
  if (commands.length === 1) editor.execute(stripBase(commands[0]));
  else if (commands.length) editor.execute({ cmd: 'commandSet', commands });
}
