/**
 * Diagrams from a text script (board.md §2 "diagram text-script dialog (Add/Update)"): the
 * toolbox's Diagram opens the dialog to add one (no default key: board.md §9 gives none;
 * rebindable), and Edit diagram opens it to update the selected diagram (the floating menu, the
 * context menu).
 */
import type { Action } from './registry';
import { selectedDiagram } from '../editor/diagram-selection';

export const DIAGRAM_ACTIONS: Action[] = [
  {
    id: 'diagram',
    label: 'Diagram',
    group: 'tools',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && !editor.headless,
    perform: ({ editor }) => editor.ui$.next({ kind: 'diagram' }),
  },
  {
    id: 'editDiagram',
    label: 'Edit diagram',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => !!selectedDiagram(editor) && !editor.headless,
    perform: ({ editor }) => {
      if (selectedDiagram(editor)) editor.ui$.next({ kind: 'diagramUpdate' });
    },
  },
];
