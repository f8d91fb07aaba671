/**
 * What each shape kind is called when the board is read aloud (issue 32): singular and plural.
 * A kind registered later (registerShapeGeometry) without an entry reads as 'shape'.
 */
export const KIND_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  pen: ['drawing', 'drawings'],
  highlighter: ['highlight', 'highlights'],
  line: ['line', 'lines'],
  arrow: ['arrow', 'arrows'],
  rectangle: ['rectangle', 'rectangles'],
  filledRectangle: ['filled rectangle', 'filled rectangles'],
  circle: ['circle', 'circles'],
  filledCircle: ['filled circle', 'filled circles'],
  text: ['text', 'texts'],
  stickyNote: ['sticky note', 'sticky notes'],
  image: ['picture', 'pictures'],
  frame: ['frame', 'frames'],
  comment: ['comment', 'comments'],
  composite: ['group', 'groups'],
  link: ['link', 'links'],
  table: ['table', 'tables'],
};

export function kindName(kind: string, count = 1): string {
  const names = KIND_NAMES[kind] ?? ['shape', 'shapes'];
  return count === 1 ? names[0] : names[1];
}
