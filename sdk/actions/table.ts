/**
 * Tabular data's actions (board.md §2 "Tabular Data (Add/Update)"): the toolbox's Table opens the
 * dialog to add one (no default key: board.md §9 gives none; rebindable), and Edit table opens it
 * to update the selected table (the floating menu; a double click on the table's frame too).
 */
import type { Action } from './registry';
import { selectedTable } from '../tools/table';

export const TABLE_ACTIONS: Action[] = [
  {
    id: 'table',
    label: 'Table',
    group: 'tools',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.toolAllowed('table') && !editor.headless,
    perform: ({ editor }) => editor.ui$.next({ kind: 'table' }),
  },
  {
    id: 'editTable',
    label: 'Edit table',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => !!selectedTable(editor) && !editor.headless,
    perform: ({ editor }) => {
      if (selectedTable(editor)) editor.ui$.next({ kind: 'tableUpdate' });
    },
  },
];
