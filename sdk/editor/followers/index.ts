/**
 * Shapes that follow others (board.md §4): a frame's children move with the frame, a
 * connector's ends stay on the shapes they are attached to. `Editor.execute` passes every
 * command through `withFollowers` before applying it, so every path that moves or resizes
 * shapes (drag, arrow-key nudge, align, arrange, resize, rotate, the embed API) carries its
 * followers in the SAME command: one log entry, one undo step, and every client converges
 * on the server's order without a second code path.
 */
import type { Command } from '../../../shared/model';
import type { BoardDoc } from '../../../shared/reducer';
import type { CommandInput } from '../editor';
import { frameChildren } from './frames';
import { connectorEnds } from './connectors';

export interface FollowerContext {
  doc: BoardDoc;
  /** builds a full sub-command (for a commandSet) */
  build(input: CommandInput): Command;
}

/** Expands a command with the changes of the shapes that follow the ones it moves. */
export type Follower = (input: CommandInput, ctx: FollowerContext) => CommandInput;

/** In order: frame children join a frame's move first, then connectors follow every moved shape. */
const FOLLOWERS: readonly Follower[] = [frameChildren, connectorEnds];

export function withFollowers(input: CommandInput, ctx: FollowerContext): CommandInput {
  return FOLLOWERS.reduce((c, follow) => follow(c, ctx), input);
}
