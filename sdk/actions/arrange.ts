import type { Shape } from '../../shared/model';
import { POLICY } from '../../shared/policies';
import { boundsOf, isArrangeable } from '../../shared/geometry';
import {
  MIN_ALIGN,
  MIN_ARRANGE,
  MIN_DISTRIBUTE,
  alignMoves,
  arrangeMoves,
  distributeMoves,
  type AlignMode,
  type ArrangeItem,
  type ArrangeLayout,
  type DistributeAxis,
} from '../../shared/geometry/arrange';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/**
 * Align, distribute and auto-arrange (board.md §5, §9): each is one action working on the
 * selection's normal (unlocked, visible) shapes that are not connectors or comments (their kind's
 * `arrangeable`, shared/geometry isArrangeable), and sends one reposition command, so a single undo restores the previous layout.
 */

export function arrangeItems(editor: Editor): ArrangeItem[] {
  return editor.selection
    .map((id) => editor.doc.get(id))
    .filter((s): s is Shape => !!s && editor.selectionType(s) === 'normal' && isArrangeable(s))
    .map((s) => ({ id: s.id, rect: boundsOf(s) }));
}

const allowed = (editor: Editor, policy: string, min: number) =>
  editor.canEdit() && editor.hasPolicy(policy) && arrangeItems(editor).length >= min;

const ALIGN_LABELS: Record<AlignMode, string> = {
  left: 'Align left',
  centerH: 'Align horizontally',
  right: 'Align right',
  top: 'Align top',
  centerV: 'Align vertically',
  bottom: 'Align bottom',
};
const ALIGN_IDS: Record<AlignMode, string> = {
  left: 'alignLeft',
  centerH: 'alignHorizontally',
  right: 'alignRight',
  top: 'alignTop',
  centerV: 'alignVertically',
  bottom: 'alignBottom',
};
const DISTRIBUTE: Array<[DistributeAxis, string, string]> = [
  ['horizontal', 'distributeHorizontally', 'Distribute horizontally'],
  ['vertical', 'distributeVertically', 'Distribute vertically'],
];
const LAYOUTS: Array<[ArrangeLayout, string, string]> = [
  ['vertical', 'arrangeVertical', 'Arrange vertically'],
  ['horizontal', 'arrangeHorizontal', 'Arrange horizontally'],
  ['grid', 'arrangeGrid', 'Arrange in a grid'],
  ['circular', 'arrangeCircular', 'Arrange in a circle'],
  ['stack', 'arrangeStack', 'Arrange in a stack'],
];

export const ALIGN_ACTION_IDS = Object.values(ALIGN_IDS);
export const DISTRIBUTE_ACTION_IDS = DISTRIBUTE.map(([, id]) => id);
export const ARRANGE_ACTION_IDS = LAYOUTS.map(([, id]) => id);

export const ARRANGE_ACTIONS: Action[] = [
  ...(Object.keys(ALIGN_IDS) as AlignMode[]).map((mode): Action => ({
    id: ALIGN_IDS[mode],
    label: ALIGN_LABELS[mode],
    group: 'arrange',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => allowed(editor, POLICY.arrangeShapes, MIN_ALIGN),
    perform: ({ editor }) => editor.repositionShapes(alignMoves(arrangeItems(editor), mode)),
  })),
  ...DISTRIBUTE.map(([axis, id, label]): Action => ({
    id,
    label,
    group: 'arrange',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => allowed(editor, POLICY.arrangeShapes, MIN_DISTRIBUTE),
    perform: ({ editor }) => editor.repositionShapes(distributeMoves(arrangeItems(editor), axis)),
  })),
  ...LAYOUTS.map(([layout, id, label]): Action => ({
    id,
    label,
    group: 'arrange',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => allowed(editor, POLICY.autoArrange, MIN_ARRANGE),
    perform: ({ editor }) => editor.repositionShapes(arrangeMoves(arrangeItems(editor), layout)),
  })),
];
