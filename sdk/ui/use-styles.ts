import { useInsertionEffect } from 'react';
import { ensureUiStyles } from '../../ui/styles';
import { BOARD_CSS, SHADOW_UI_CSS } from './styles';

const BOARD_STYLE_ID = 'tabula-board-css';

/** Host element sizing for <tabula-board> (a block that fills the height it is given). */
const HOST_CSS = ':host { display: block; position: relative; width: 100%; height: 100%; min-height: 320px; }';

function inject(root: Document | ShadowRoot, id: string, css: string): void {
  if (root.querySelector?.(`style[data-id="${id}"]`)) return;
  const style = document.createElement('style');
  style.dataset.id = id;
  style.textContent = css;
  (root instanceof Document ? root.head : root).appendChild(style);
}

/**
 * Puts the board's and the shared widgets' CSS where the board renders: the document head, or
 * the shadow root of <tabula-board> (styles from the page do not reach inside it).
 */
export function useBoardStyles(container?: HTMLElement | ShadowRoot): void {
  useInsertionEffect(() => {
    if (typeof document === 'undefined') return;
    const root = container && typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot ? container : null;
    if (root) {
      inject(root, 'tabula-host', HOST_CSS);
      inject(root, 'tabula-ui', SHADOW_UI_CSS);
      inject(root, BOARD_STYLE_ID, BOARD_CSS);
    } else {
      ensureUiStyles();
      inject(document, BOARD_STYLE_ID, BOARD_CSS);
    }
  }, [container]);
}
