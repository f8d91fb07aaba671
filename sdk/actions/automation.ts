import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import { POLICY } from '../../shared/policies';
import type { Action } from './registry';

/**
 * board.md §2 "Automation (650 px; toolbox command, Shift+F2)" under the app-automation policy
 * (beta-tester, §6): opens or closes the Automation panel (sdk/ui/automation-panel.tsx) through
 * editor.ui$. A script changes the board, so it needs edit rights too; the toolbox, the shortcuts
 * dialog and the palette read it from here.
 */
export const AUTOMATION_ACTIONS: Action[] = [
  {
    id: 'automation',
    label: 'Automation',
    group: 'tools',
    defaultKeys: [DEFAULT_KEY_BINDINGS.automation],
    mutable: true,
    enabled: ({ editor }) => editor.hasPolicy(POLICY.appAutomation) && editor.canEdit() && !editor.headless,
    perform: ({ editor }) => editor.ui$.next({ kind: 'automation' }),
  },
];
