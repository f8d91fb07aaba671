import { ARROW_KEY_STEPS, DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import { CLIPBOARD_ACTIONS } from './clipboard';
import type { Action } from './registry';

const canEdit: Action['enabled'] = ({ editor }) => editor.canEdit();
const hasSelection: Action['enabled'] = ({ editor }) => editor.canEdit() && editor.selection.length > 0;

function moveAction(id: string, label: string, key: string, dx: number, dy: number): Action {
  return {
    id,
    label,
    group: 'edit',
    defaultKeys: [key],
    mutable: false,
    repeat: true,
    enabled: hasSelection,
    perform: ({ editor }) => editor.moveSelection(dx, dy),
  };
}

const arrows: Action[] = [];
for (const [dir, dx, dy] of [
  ['Left', -1, 0],
  ['Right', 1, 0],
  ['Up', 0, -1],
  ['Down', 0, 1],
] as const) {
  arrows.push(
    moveAction(`move${dir}`, `Move ${dir.toLowerCase()}`, `Arrow${dir}`, dx * ARROW_KEY_STEPS.normal, dy * ARROW_KEY_STEPS.normal),
    moveAction(
      `move${dir}Shift`,
      `Move ${dir.toLowerCase()} ${ARROW_KEY_STEPS.shift} px`,
      `Shift+Arrow${dir}`,
      dx * ARROW_KEY_STEPS.shift,
      dy * ARROW_KEY_STEPS.shift,
    ),
    moveAction(
      `move${dir}Ctrl`,
      `Move ${dir.toLowerCase()} ${ARROW_KEY_STEPS.ctrl} px`,
      `Ctrl+Arrow${dir}`,
      dx * ARROW_KEY_STEPS.ctrl,
      dy * ARROW_KEY_STEPS.ctrl,
    ),
  );
}

export const EDIT_ACTIONS: Action[] = [
  {
    id: 'undo',
    label: 'Undo',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.undo],
    mutable: true,
    repeat: true,
    enabled: ({ editor }) => editor.canUndo(),
    perform: ({ editor }) => editor.undo(),
  },
  {
    id: 'redo',
    label: 'Redo',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.redo, 'Ctrl+Shift+Z'],
    mutable: true,
    repeat: true,
    enabled: ({ editor }) => editor.canRedo(),
    perform: ({ editor }) => editor.redo(),
  },
  {
    id: 'selectAll',
    label: 'Select all',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.selectAll],
    mutable: true,
    enabled: ({ editor }) => editor.doc.size > 0,
    perform: ({ editor }) => editor.selectAll(),
  },
  ...CLIPBOARD_ACTIONS,
  {
    id: 'duplicate',
    label: 'Duplicate',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.duplicate],
    mutable: true,
    enabled: hasSelection,
    perform: ({ editor }) => editor.duplicate('offset'),
  },
  {
    id: 'duplicateDown',
    label: 'Duplicate down',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.duplicateDown],
    mutable: true,
    enabled: hasSelection,
    perform: ({ editor }) => editor.duplicate('down'),
  },
  {
    id: 'remove',
    label: 'Delete',
    group: 'edit',
    defaultKeys: [DEFAULT_KEY_BINDINGS.remove, 'Backspace'],
    mutable: true,
    enabled: hasSelection,
    perform: ({ editor }) => editor.removeShapes(editor.selection),
  },
  {
    id: 'deselect',
    label: 'Deselect',
    group: 'edit',
    defaultKeys: ['Escape'],
    mutable: false,
    enabled: ({ editor }) => editor.selection.length > 0,
    perform: ({ editor }) => editor.select([]),
  },
  {
    id: 'bringToFront',
    label: 'Bring to front',
    group: 'arrange',
    defaultKeys: ['Ctrl+]'],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && editor.reorderable(editor.selection).length > 0,
    perform: ({ editor }) => editor.changeOrder(editor.selection, 'front'),
  },
  {
    id: 'sendBack',
    label: 'Send back',
    group: 'arrange',
    defaultKeys: ['Ctrl+['],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && editor.reorderable(editor.selection).length > 0,
    perform: ({ editor }) => editor.changeOrder(editor.selection, 'back'),
  },
  ...arrows,
];

export { canEdit };
