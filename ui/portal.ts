import { createContext, useContext } from 'react';

/**
 * Where dialogs render (ui/modal.tsx). The document's body by default; the board screen names its
 * own root element so its dialogs share the board's styles and theme, show inside the
 * <tabula-board> shadow root, and stay visible when the board is fullscreen.
 */
export const PortalTarget = createContext<HTMLElement | null>(null);

export function usePortalTarget(): HTMLElement | null {
  const target = useContext(PortalTarget);
  if (target) return target;
  return typeof document === 'undefined' ? null : document.body;
}

/** The focused element as seen from `node`'s root: inside a shadow root, document.activeElement is only its host. */
export function activeElementOf(node: Node | null): Element | null {
  const root = node?.getRootNode?.() as Document | ShadowRoot | undefined;
  return root?.activeElement ?? (typeof document === 'undefined' ? null : document.activeElement);
}
