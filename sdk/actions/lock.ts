import type { Shape } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { canUnprotect, type Role } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import type { Action } from './registry';

/**
 * Shape lock and protect (board.md §3 lock command, §4 "Shape lock and protect", §6, §8): lock
 * toggles the selection's lock; protect (plan policy protected-lock) locks and marks the shapes
 * protected by the current user. A protected shape is unlocked or unprotected only by the Owner,
 * a Facilitator or its protector; anyone else gets 'Owner/Facilitator can unlock protected
 * shapes' (the server refuses the command too).
 */

/** The selected shapes lock applies to: locked or normal, not private or ghost. */
export function lockTargets(editor: Editor): Shape[] {
  return editor.selection
    .map((id) => editor.doc.get(id))
    .filter((s): s is Shape => !!s && (editor.selectionType(s) === 'normal' || editor.selectionType(s) === 'locked'));
}

export const isLocked = (shapes: readonly Shape[]) => shapes.length > 0 && shapes.every((s) => !!s.lock);
export const isProtected = (shapes: readonly Shape[]) => shapes.length > 0 && shapes.every((s) => !!s.protectedBy);

/** Whether the current user may lift the lock or protection of every one of these shapes. */
export function mayUnprotect(editor: Editor, shapes: readonly Shape[]): boolean {
  const role = editor.permissions().role as Role;
  return shapes.every((s) => canUnprotect(role, editor.uid, s));
}

function refuse(editor: Editor): void {
  editor.notice$.next({ kind: 'error', text: MESSAGES.unlockProtected });
}

export function toggleLock(editor: Editor): void {
  const shapes = lockTargets(editor);
  if (!shapes.length || !editor.canEdit()) return;
  if (isLocked(shapes)) {
    if (!mayUnprotect(editor, shapes)) return refuse(editor);
    editor.execute({ cmd: 'lock', shapes: shapes.map((s) => s.id), locked: false });
  } else {
    editor.execute({ cmd: 'lock', shapes: shapes.filter((s) => !s.lock).map((s) => s.id), locked: true });
  }
}

/** Protect locks and protects; unprotect lifts the protection and keeps the lock (one undo step). */
export function toggleProtect(editor: Editor): void {
  const shapes = lockTargets(editor);
  if (!shapes.length || !editor.canEdit()) return;
  if (!mayUnprotect(editor, shapes)) return refuse(editor);
  const ids = shapes.map((s) => s.id);
  if (isProtected(shapes)) {
    editor.execute({
      cmd: 'commandSet',
      commands: [editor.build({ cmd: 'lock', shapes: ids, locked: false }), editor.build({ cmd: 'lock', shapes: ids, locked: true })],
    });
  } else {
    editor.execute({ cmd: 'lock', shapes: ids, locked: true, protect: true });
  }
}

export const LOCK_ACTIONS: Action[] = [
  {
    id: 'toggleLock',
    label: 'Lock / unlock',
    group: 'edit',
    defaultKeys: ['Ctrl+Shift+L'],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && lockTargets(editor).length > 0,
    perform: ({ editor }) => toggleLock(editor),
  },
  {
    id: 'toggleProtect',
    label: 'Protect / unprotect',
    group: 'edit',
    defaultKeys: [],
    mutable: true,
    enabled: ({ editor }) => editor.canEdit() && editor.hasPolicy(POLICY.protectedLock) && lockTargets(editor).length > 0,
    perform: ({ editor }) => toggleProtect(editor),
  },
];
