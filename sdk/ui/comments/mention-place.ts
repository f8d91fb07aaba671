/**
 * Where the @-mention menu opens (issue 34: it covered the comment box's buttons): outside the
 * comment box, so none of the box's buttons (colours, resolve, delete, close, the comments' delete
 * buttons, Comment / Reply) is under it. Above the box when that leaves the board's top bars clear
 * (60 px, board.md §9), else below the box; when neither side has the whole menu, the side with
 * more room, the menu scrolling in it (at least 80 px); when neither has 80 px, above the text
 * field inside the box (the CSS default) — the send row below the field stays reachable.
 */
import type { CSSProperties } from 'react';

interface Edges {
  top: number;
  bottom: number;
}

const TOP_BARS = 60;
const GAP = 4;
const MIN_HEIGHT = 80;

/** The menu's style, offsets relative to the mention input's wrapper (the menu's containing block). */
export function mentionListPlace({
  field,
  box,
  host,
  height,
}: {
  field: Edges;
  box: Edges;
  host: Edges;
  height: number;
}): CSSProperties | null {
  const roomAbove = box.top - GAP - (host.top + TOP_BARS);
  const roomBelow = host.bottom - GAP - (box.bottom + GAP);
  const above = (h: number): CSSProperties => ({ top: box.top - GAP - h - field.top, bottom: 'auto', maxHeight: h });
  const below = (h: number): CSSProperties => ({ top: box.bottom + GAP - field.top, bottom: 'auto', maxHeight: h });
  if (roomAbove >= height) return above(height);
  if (roomBelow >= height) return below(height);
  if (Math.max(roomAbove, roomBelow) < MIN_HEIGHT) return null;
  return roomAbove >= roomBelow ? above(roomAbove) : below(roomBelow);
}
