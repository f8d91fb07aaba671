/**
 * The board's action registry: every command of the editor core with its label, default keys,
 * enabled predicate (role permissions and plan policies) and perform. The keyboard handler,
 * the toolbox, menus and the command palette all read it.
 */
import { ActionRegistry, type Action, type ActionGroup, type KeyBinding } from './registry';
import { TOOL_ACTIONS } from './tools';
import { EDIT_ACTIONS } from './edit';
import { VIEW_ACTIONS } from './view';
import { LOCK_ACTIONS } from './lock';
import { ARRANGE_ACTIONS } from './arrange';
import { TAG_ACTIONS } from './tags';
import { FIND_ACTIONS } from './find';
import { PICTURE_ACTIONS } from './pictures';
import { TABLE_ACTIONS } from './table';
import { DIAGRAM_ACTIONS } from './diagram';
import { GROUP_ACTIONS } from './group';
import { TEMPLATE_ACTIONS } from './templates';
import { AUTOMATION_ACTIONS } from './automation';
import { PANEL_ACTIONS } from './panels';
import { KEYBOARD_ACTIONS } from './keyboard';

export const ACTIONS: readonly Action[] = [
  ...TOOL_ACTIONS,
  ...TEMPLATE_ACTIONS,
  ...AUTOMATION_ACTIONS,
  ...EDIT_ACTIONS,
  ...VIEW_ACTIONS,
  ...LOCK_ACTIONS,
  ...ARRANGE_ACTIONS,
  ...TAG_ACTIONS,
  ...FIND_ACTIONS,
  ...PICTURE_ACTIONS,
  ...TABLE_ACTIONS,
  ...DIAGRAM_ACTIONS,
  ...GROUP_ACTIONS,
  ...PANEL_ACTIONS,
  ...KEYBOARD_ACTIONS,
];

/** The default actions, optionally of one group (menus and the toolbox build from this). */
export function listActions(group?: ActionGroup): Action[] {
  return group ? ACTIONS.filter((a) => a.group === group) : [...ACTIONS];
}

/** A registry with every action and the user's own key bindings. */
export function createActionRegistry(bindings: readonly KeyBinding[] = []): ActionRegistry {
  return new ActionRegistry(ACTIONS, bindings);
}

export { ActionRegistry };
export { userBindings } from './registry';
export type { Action, ActionContext, ActionGroup, KeyBinding } from './registry';
export { eventKey, keyMatches, normalizeKey, validateBinding } from './keys';
export { TOOL_LABELS } from './tools';
