/**
 * Pure geometry of the board (board.md §3): the shape registry (./registry.ts: one module per kind,
 * `shapeGeometry[kind]`), rectangles and paths, text measuring, and the board's SVG (./board.ts).
 */
export * from './registry';
export * from './rect';
export * from './path';
export * from './types';
export { measureText, textWidth } from './text';
export { fitStickyFont, wrapText } from './stickyNote';
export { strokeWidth } from './pen';
export { arrowHeads } from './line';
export { frameOuter } from './frame';
export { commentColor } from './comment';
export { cellAt, cellRect, cellTextOrigin, columnWidths, innerGridLines, tableDimensions, tableLayout, type TableLayout } from './table';
export { imageHref } from './image';
export { escapeXml } from './svg';
export { frameCaptures } from './frame';
export { boardToSvg, exportSize, shapesBounds, type BoardSvgOptions } from './board';
export { scaleLineWidth, scaleShape } from './scale';
export {
  cardBoxAt,
  isLinkCard,
  linkCardLayout,
  linkCardUrl,
  LINK_CARD,
  LINK_CARD_LIMITS,
  LINK_CARD_STYLE,
  type LinkCardShape,
} from './link';
