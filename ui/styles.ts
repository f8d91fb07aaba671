import { useInsertionEffect } from 'react';
import uiCssText from './widgets.css?raw';

/**
 * The widgets' one stylesheet: plain CSS in widgets.css (bundled as text: `?raw` imports,
 * docs/architecture.md "Styles"), injected once into <head> the first time any widget
 * renders (no CSS framework). Every class is prefixed `t-`; colours and sizes
 * are custom properties so an app (or a dark board theme) can override them on any ancestor.
 */
export const UI_CSS = uiCssText;

const STYLE_ID = 'tabula-ui-styles';

/** Injects a stylesheet once per document (by id). */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

export function ensureUiStyles(): void {
  injectStyles(STYLE_ID, UI_CSS);
}

/** Hook form of ensureUiStyles, for components. */
export function useUiStyles(): void {
  useInsertionEffect(ensureUiStyles, []);
}
