import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/** The visitor may insert templates: edits the board and has view_templates (an embed may take it away, board.md §6). */
export const canUseTemplates = (editor: Editor) => editor.canEdit() && editor.permissions().permissions.includes('view_templates');

/**
 * board.md §4 tool list `templates` (Insert): opens the templates dialog (sdk/ui/templates) through
 * editor.ui$; the toolbox, the main menu, the shortcuts dialog and the palette read it from here.
 * 'Save as template' (custom-templates policy) opens its dialog the same way: the selection, or the
 * whole board when nothing is selected.
 */
export const TEMPLATE_ACTIONS: Action[] = [
  {
    id: 'templates',
    label: 'Templates',
    group: 'tools',
    defaultKeys: [DEFAULT_KEY_BINDINGS.templates],
    mutable: true,
    enabled: ({ editor }) => canUseTemplates(editor),
    perform: ({ editor }) => editor.ui$.next({ kind: 'templates' }),
  },
  {
    id: 'saveAsTemplate',
    label: 'Save as template',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    // on an empty board the dialog answers 'board is empty' (board.md §5)
    enabled: ({ editor }) => editor.hasPolicy(POLICY.customTemplates),
    perform: ({ editor }) => editor.ui$.next({ kind: 'saveTemplate' }),
  },
];
