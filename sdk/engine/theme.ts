import type { Shape } from '../../shared/model';
import { DEFAULT_COLOR } from '../../shared/constants';

/**
 * The board's colour theme as the canvas sees it (docs/board-screen.md "Dark theme"). Stored
 * shapes never change: in the dark theme the default ink (DEFAULT_COLOR, black) of shapes drawn
 * straight onto the canvas is *drawn* light, so a stroke made with the default colour shows on
 * the dark canvas; every other colour (and sticky notes, tables, frames, pictures, exports) is
 * drawn as stored.
 */
export type BoardTheme = 'light' | 'dark';

/** The default ink as drawn on the dark canvas. */
export const DARK_INK = '#e8ecf2';

/** Canvas colours per theme: the background (when the board has no colour of its own in light) and its patterns. */
export const CANVAS_COLORS: Record<BoardTheme, { background: string; dot: string; line: string; grid: string; gridMajor: string }> = {
  light: { background: '#ffffff', dot: '#c4c4c4', line: '#d6e2f0', grid: '#e6e6e6', gridMajor: '#cfcfcf' },
  dark: { background: '#161b22', dot: '#4b5565', line: '#2c3a4d', grid: '#262e3a', gridMajor: '#36404f' },
};

/** A colour as drawn on the dark canvas: the default ink light, any other as it is. */
export const themedInk = (color: string | undefined): string | undefined =>
  color && color.toLowerCase() === DEFAULT_COLOR ? DARK_INK : color;
const ink = themedInk;

/**
 * The shape as drawn in `theme`: the same object in light (so caches keyed on it hold), a copy
 * with the default ink lightened in dark (children of groups too).
 */
export function themedShape(shape: Shape, theme: BoardTheme): Shape {
  if (theme === 'light') return shape;
  switch (shape.cmd) {
    case 'pen':
    case 'highlighter':
    case 'line':
    case 'arrow':
    case 'text':
      return shape.color.toLowerCase() === DEFAULT_COLOR ? { ...shape, color: DARK_INK } : shape;
    case 'rectangle':
    case 'filledRectangle':
    case 'circle':
    case 'filledCircle': {
      const stroke = ink(shape.stroke) as string;
      const fill = ink(shape.fill);
      return stroke === shape.stroke && fill === shape.fill ? shape : { ...shape, stroke, ...(fill !== undefined ? { fill } : {}) };
    }
    case 'composite':
    case 'link': {
      if (!shape.shapes?.length) return shape;
      const shapes = shape.shapes.map((s) => themedShape(s, theme));
      return shapes.every((s, i) => s === shape.shapes[i]) ? shape : { ...shape, shapes };
    }
    default:
      return shape;
  }
}
