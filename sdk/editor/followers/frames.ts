import type { Follower } from '.';

/** A frame's children move with it (board.md §4 "Frames"). */
export const frameChildren: Follower = (input) => input;
