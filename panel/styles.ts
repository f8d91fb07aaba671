import { useInsertionEffect } from 'react';
import { ensureUiStyles, injectStyles } from '../ui';
import { ensureStatusPageStyles } from '../ui/status-page';
import panelCssText from './panel.css?raw';

/** The panel's layout stylesheet (visitor screens, shell, pages); widgets style themselves (ui/). */
export const PANEL_CSS = panelCssText;

/** Injects the widgets' and the panel's stylesheets once. */
export function usePanelStyles(): void {
  useInsertionEffect(() => {
    ensureUiStyles();
    ensureStatusPageStyles();
    injectStyles('tabula-panel-styles', PANEL_CSS);
  }, []);
}
