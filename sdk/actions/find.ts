import type { Shape } from '../../shared/model';
import { DEFAULT_KEY_BINDINGS, FIND_ZOOM_FACTOR } from '../../shared/constants';
import { boundsOf, shapeText } from '../../shared/geometry';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/**
 * Find / command palette (board.md §2, §9; Ctrl+F, plan policy find-palette): the palette
 * searches shapes by their text (text, sticky notes, frame titles) and the action registry by
 * name. Choosing a shape zooms to 3× its rectangle; choosing an action runs it.
 */

/** The searchable text of a shape (its kind's `textField`, shared/geometry), or null for shapes without text. */
export { shapeText };

export interface ShapeHit {
  shape: Shape;
  text: string;
}

/** Visible shapes whose text contains the query (case-insensitive), bottom to top. */
export function findShapes(editor: Editor, query: string): ShapeHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: ShapeHit[] = [];
  for (const s of editor.doc.ordered()) {
    if (editor.selectionType(s) === 'private') continue;
    const text = shapeText(s);
    if (text && text.toLowerCase().includes(q)) out.push({ shape: s, text });
  }
  return out;
}

/** Enabled actions whose label contains the query (the palette itself is left out). */
export function findActions(editor: Editor, query: string): Action[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return editor.actions.list().filter((a) => a.id !== 'find' && a.label.toLowerCase().includes(q) && a.enabled({ editor }));
}

/** Shows a found shape: the viewport fits a rectangle 3× the shape's, centred on it, and selects it. */
export function zoomToShape(editor: Editor, shape: Shape): void {
  const r = boundsOf(shape);
  const w = Math.max(r.w, 1) * FIND_ZOOM_FACTOR,
    h = Math.max(r.h, 1) * FIND_ZOOM_FACTOR;
  editor.showRect({ x: r.x + r.w / 2 - w / 2, y: r.y + r.h / 2 - h / 2, w, h });
  if (editor.selectionType(shape) !== 'private') editor.select([shape.id]);
}

export const FIND_ACTIONS: Action[] = [
  {
    id: 'find',
    label: 'Find',
    group: 'view',
    defaultKeys: [DEFAULT_KEY_BINDINGS.find],
    mutable: true,
    enabled: ({ editor }) => editor.hasPolicy(POLICY.findPalette),
    perform: ({ editor }) => editor.ui$.next({ kind: 'find' }),
  },
];
