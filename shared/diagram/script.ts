import type { Shape } from '../model';

/** The script a diagram (its group) keeps in its metadata, or null for any other shape. */
export function diagramScript(shape: Shape | undefined | null): string | null {
  const s = shape?.metadata?.script;
  return typeof s === 'string' ? s : null;
}
