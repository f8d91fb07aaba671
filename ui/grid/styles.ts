import { useInsertionEffect } from 'react';
import { ensureUiStyles, injectStyles } from '../styles';
import gridCssText from './grid.css?raw';

/**
 * The grid's stylesheet, on the widgets' tokens (ui/styles.ts custom properties), injected once
 * beside the widgets' own. Contrast (AA): body text #1c2430 and muted #667085 on white and on
 * the header's #f8fafc (≥ 4.6:1); the current page is white on #1976d2 (4.6:1); focus rings are
 * 2 px #1e88e5 (3.7:1 against white).
 */
export const GRID_CSS = gridCssText;

const STYLE_ID = 'tabula-grid-styles';

/** Injects the widgets' stylesheet and the grid's, once per document. */
export function useGridStyles(): void {
  useInsertionEffect(() => {
    ensureUiStyles();
    injectStyles(STYLE_ID, GRID_CSS);
  }, []);
}
