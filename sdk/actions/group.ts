/**
 * Group and ungroup (issue 34 item 4): Ctrl+G makes one composite shape of the selection,
 * Ctrl+Shift+G takes a selected group apart; one undo step each (sdk/editor/group.ts).
 */
import { canGroup, canUngroup, groupSelection, ungroupSelection } from '../editor/group';
import type { Action } from './registry';

export const GROUP_ACTIONS: Action[] = [
  {
    id: 'group',
    label: 'Group',
    group: 'edit',
    defaultKeys: ['Ctrl+G'],
    mutable: true,
    enabled: ({ editor }) => canGroup(editor),
    perform: ({ editor }) => void groupSelection(editor),
  },
  {
    id: 'ungroup',
    label: 'Ungroup',
    group: 'edit',
    defaultKeys: ['Ctrl+Shift+G'],
    mutable: true,
    enabled: ({ editor }) => canUngroup(editor),
    perform: ({ editor }) => void ungroupSelection(editor),
  },
];
