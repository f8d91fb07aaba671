import { PRIVATE_MODE_HINT_MS } from '../../shared/constants';

/**
 * The private-mode hint (board.md §4 "Private mode", §8): 'Private Mode: You can draw and edit your
 * own objects' for 4 s, "now and then" when a member limited by private mode clicks others' shapes.
 * Such a member is never sent the others' shapes (the server filters them; in the blurry variant
 * their texts and notes come blurred, selection type private), so the client cannot know whether a
 * click landed on a hidden one: the hint is shown for a plain click (no drag) with the select
 * tool that selects nothing of the member's own, at most once every HINT_EVERY_MS so it informs
 * without nagging.
 */
export const HINT_EVERY_MS = 15_000;
export { PRIVATE_MODE_HINT_MS };
/** A press that moved further than this is a drag (a selection box), not a click. */
export const CLICK_SLOP_PX = 5;

export interface HintClick {
  /** private mode is on and this member is neither Owner nor Facilitator */
  restricted: boolean;
  tool: string;
  /** screen distance between press and release */
  moved: number;
  /** the click landed on one of the member's own (visible) shapes */
  hitOwn: boolean;
  /** when the hint was last shown (ms), or null */
  lastShownAt: number | null;
  now: number;
}

export function privateHintDue(c: HintClick): boolean {
  if (!c.restricted || c.tool !== 'select' || c.hitOwn || c.moved > CLICK_SLOP_PX) return false;
  return c.lastShownAt === null || c.now - c.lastShownAt >= HINT_EVERY_MS;
}
