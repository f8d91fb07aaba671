import type { Follower } from '.';

/** A connector's start/end stay on the shapes they are attached to (board.md §3 line start/end). */
export const connectorEnds: Follower = (input) => input;
