import { Subject } from 'rxjs';
import type { Editor } from '../editor/editor';
import type { KeyInput } from '../editor/types';
import { keyBindingConflict } from '../../shared/messages';
import { eventKey, normalizeKey } from './keys';

/**
 * Every user command of the board is one Action (Excalidraw's actions idea): the keyboard
 * handler, the toolbox, menus and the command palette all read the same registry, so a
 * permission or plan gate written once in `enabled` applies everywhere.
 */
export type ActionGroup = 'tools' | 'edit' | 'arrange' | 'view';

export interface ActionContext {
  editor: Editor;
  /** the key event that triggered the action, when a key did */
  event?: KeyInput;
}

export interface Action {
  id: string;
  label: string;
  group: ActionGroup;
  /** key strings ('Ctrl+Z'); the first is shown in menus */
  defaultKeys: readonly string[];
  /** whether the user may rebind it (board.md §5) */
  mutable?: boolean;
  /** whether holding the key repeats the action */
  repeat?: boolean;
  /** whether the action runs even while the focus is in a text field */
  inTextField?: boolean;
  /**
   * A key the browser acts on itself (its copy, cut and paste events, which need no clipboard
   * permission): left to the browser, and the action's work is done from the event
   * (./clipboard-events.ts). Other keys bound to the action perform it as usual.
   */
  keyLeftToBrowser?(e: KeyInput): boolean;
  enabled(ctx: ActionContext): boolean;
  perform(ctx: ActionContext): void;
}

/** A user's own binding (board.md §3 userConfig.keys: c command, k key string). */
export interface KeyBinding {
  c: string;
  k: string;
}

/** The user's key bindings in the join's userConfig (board.md §3: keys [{c, k}]). */
export function userBindings(userConfig: Record<string, unknown> | null | undefined): KeyBinding[] {
  const keys = userConfig?.keys;
  return Array.isArray(keys) ? keys.filter((b): b is KeyBinding => !!b && typeof b.c === 'string' && typeof b.k === 'string') : [];
}

/** How an action was reached: its key, a menu or button, the context menu, the command palette. */
export type ActionVia = 'key' | 'menu' | 'context-menu' | 'palette';

export class ActionRegistry {
  private readonly actions = new Map<string, Action>();
  private overrides = new Map<string, string>();
  /** after the bindings change (menus and tooltips show the new keys) */
  readonly changes$ = new Subject<void>();
  /** every action performed, and how it was reached (feature usage: sdk/telemetry/usage.ts) */
  readonly performed$ = new Subject<{ id: string; via: ActionVia }>();

  constructor(actions: readonly Action[] = [], bindings: readonly KeyBinding[] = []) {
    for (const a of actions) this.register(a);
    this.setBindings(bindings);
  }

  register(action: Action): void {
    this.actions.set(action.id, action);
  }

  get(id: string): Action | undefined {
    return this.actions.get(id);
  }

  /** Actions in registration order, optionally of one group. */
  list(group?: ActionGroup): Action[] {
    const all = [...this.actions.values()];
    return group ? all.filter((a) => a.group === group) : all;
  }

  /** Replaces the user's bindings (userConfig.keys). */
  setBindings(bindings: readonly KeyBinding[]): void {
    this.overrides = new Map(bindings.filter((b) => this.actions.get(b.c)?.mutable).map((b) => [b.c, normalizeKey(b.k)]));
    this.changes$.next();
  }

  /** The user's bindings that differ from the defaults, ready for PUT /api/users/configs {config:{keys}}. */
  bindings(): KeyBinding[] {
    return [...this.overrides].map(([c, k]) => ({ c, k }));
  }

  /** Effective keys of an action: the user's binding or the defaults. */
  keysOf(id: string): string[] {
    const o = this.overrides.get(id);
    if (o !== undefined) return o ? [o] : [];
    return (this.actions.get(id)?.defaultKeys ?? []).map(normalizeKey);
  }

  /** The action bound to a key string, if any. */
  actionForKey(key: string): Action | undefined {
    const k = normalizeKey(key);
    for (const a of this.actions.values()) if (this.keysOf(a.id).includes(k)) return a;
    return undefined;
  }

  /**
   * board.md §5/§8: a binding must not be used by another command. Returns
   * '{name} has this key binding!' naming the command that has it, or null.
   */
  conflict(id: string, key: string): string | null {
    const other = this.actionForKey(key);
    return other && other.id !== id ? keyBindingConflict(other.label) : null;
  }

  /** Binds `key` to the action; returns the conflict message instead when it clashes. */
  bind(id: string, key: string): string | null {
    const clash = this.conflict(id, key);
    if (clash) return clash;
    const k = normalizeKey(key);
    const defaults = (this.actions.get(id)?.defaultKeys ?? []).map(normalizeKey);
    if (defaults.length === 1 && defaults[0] === k) this.overrides.delete(id);
    else this.overrides.set(id, k);
    this.changes$.next();
    return null;
  }

  /** Gives the action its default keys back; the conflict message instead when another action took one. */
  resetBinding(id: string): string | null {
    for (const k of this.actions.get(id)?.defaultKeys ?? []) {
      const clash = this.conflict(id, k);
      if (clash) return clash;
    }
    this.overrides.delete(id);
    this.changes$.next();
    return null;
  }

  /** Whether the user gave the action a key of their own. */
  isCustom(id: string): boolean {
    return this.overrides.has(id);
  }

  /** Performs the action when it is enabled; answers whether it ran. Every way of running one goes through here. */
  run(action: Action, ctx: ActionContext, via: ActionVia): boolean {
    if (!action.enabled(ctx)) return false;
    action.perform(ctx);
    this.performed$.next({ id: action.id, via });
    return true;
  }

  /**
   * The one keyboard handler: finds the action bound to the event's key and performs it when
   * enabled. Returns true when an action ran (the caller then prevents the default).
   */
  handleKey(e: KeyInput, ctx: ActionContext, inTextField = false): boolean {
    const action = this.actionForKey(eventKey(e));
    if (!action) return false;
    if (inTextField && !action.inTextField) return false;
    if (action.keyLeftToBrowser?.(e)) return false;
    if (e.repeat && !action.repeat) return true;
    return this.run(action, { ...ctx, event: e }, 'key');
  }
}
