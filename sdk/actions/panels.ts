import { POLICY } from '../../shared/policies';
import type { Action } from './registry';

/**
 * The right-side panels a command opens (board.md §2 "Right-side panels"): Board history under its
 * policy (team, teamplus, §6). The dock's button and the palette both reach it from here; the board
 * screen's one right-side panel (sdk/ui/right-panel.tsx) answers the request on editor.ui$.
 */
export const PANEL_ACTIONS: Action[] = [
  {
    id: 'boardHistory',
    label: 'Board history',
    group: 'view',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.hasPolicy(POLICY.boardHistory) && !editor.headless,
    perform: ({ editor }) => editor.ui$.next({ kind: 'history' }),
  },
];
