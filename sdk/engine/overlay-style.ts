import type { BoardTheme } from './theme';

/**
 * How the selection is drawn (issue 32 item 3): the usual thin blue, or — the main menu's
 * 'High-contrast selection' — a thick outline and large handles in the colour of most contrast
 * with the canvas (near-black on the light canvas, white on the dark one; ≥ 15:1 against its
 * background), so a person with low vision finds the selection and hits the handles.
 */
export interface OverlayStyle {
  stroke: string;
  /** the handles' fill (the stroke goes around it) */
  knob: string;
  /** outline of each selected shape, and of the selection's box */
  outline: number;
  frame: number;
  /** side of a resize handle, radius of a round one (screen px) */
  square: number;
  radius: number;
  handleLine: number;
}

export const NORMAL_OVERLAY: OverlayStyle = {
  stroke: '#2f80ed',
  knob: '#ffffff',
  outline: 1,
  frame: 1.5,
  square: 8,
  radius: 5,
  handleLine: 1.5,
};

export function overlayStyle(highContrast: boolean, theme: BoardTheme): OverlayStyle {
  if (!highContrast) return NORMAL_OVERLAY;
  const [stroke, knob] = theme === 'dark' ? ['#ffffff', '#161b22'] : ['#0b0b0b', '#ffffff'];
  return { stroke, knob, outline: 2.5, frame: 3, square: 12, radius: 7, handleLine: 2.5 };
}

const KEY = 'tabula.highContrast';

/** This person's choice, kept in the browser (like the theme). */
export function storedHighContrast(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeHighContrast(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // storage may be off (private windows): the choice lasts for this page
  }
}
