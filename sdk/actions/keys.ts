import { PROHIBITED_KEYS } from '../../shared/constants';
import type { KeyInput } from '../editor/types';

/**
 * Key strings: modifiers and one key joined by '+', e.g. 'Ctrl+Alt+0', 'Shift+F2', 'Delete',
 * 'Backquote' (board.md §3 "Keyboard binding": command name and key string joined by plus).
 * Letters are upper case; Meta (⌘) counts as Ctrl so Mac users get the same bindings.
 */

const MODIFIER_ORDER = ['Ctrl', 'Alt', 'Shift'] as const;
const MODIFIER_KEYS = new Set([
  'Control',
  'Shift',
  'Alt',
  'Meta',
  'OS',
  'AltGraph',
  'ControlLeft',
  'ControlRight',
  'ShiftLeft',
  'ShiftRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
]);

/** The main key of an event, independent of keyboard layout for letters, digits and punctuation we bind. */
export function keyName(e: Pick<KeyInput, 'key' | 'code'>): string {
  const code = e.code ?? '';
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return code.slice(6);
  if (code === 'Backquote' || code === 'Space') return code;
  if (code === 'NumpadAdd' || e.key === '+') return 'Plus';
  if (code === 'NumpadSubtract' || e.key === '-') return 'Minus';
  if (code === 'Equal') return 'Equal';
  if (e.key === ' ') return 'Space';
  if (e.key === 'Del') return 'Delete';
  if (e.key && e.key.length === 1) return e.key.toUpperCase();
  return e.key || code;
}

export function isModifierOnly(e: Pick<KeyInput, 'key' | 'code'>): boolean {
  return MODIFIER_KEYS.has(e.key) || MODIFIER_KEYS.has(e.code);
}

/** The key string of an event: 'Ctrl+Shift+Z'. */
export function eventKey(e: KeyInput): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Ctrl');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  if (!isModifierOnly(e)) parts.push(keyName(e));
  return parts.join('+');
}

/** Canonical form of a key string (modifier order, aliases, letter case). */
export function normalizeKey(key: string): string {
  const parts = key
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const mods = new Set<string>();
  let main = '';
  for (const p of parts) {
    const l = p.toLowerCase();
    if (l === 'ctrl' || l === 'control' || l === 'cmd' || l === 'meta' || l === 'mod') mods.add('Ctrl');
    else if (l === 'alt' || l === 'option') mods.add('Alt');
    else if (l === 'shift') mods.add('Shift');
    else if (l === 'del') main = 'Delete';
    else if (l === 'esc') main = 'Escape';
    else if (l === '`') main = 'Backquote';
    else if (l === ' ' || l === 'space') main = 'Space';
    else main = p.length === 1 ? p.toUpperCase() : p[0].toUpperCase() + p.slice(1);
  }
  return [...MODIFIER_ORDER.filter((m) => mods.has(m)), ...(main ? [main] : [])].join('+');
}

export function keyMatches(binding: string, e: KeyInput): boolean {
  return normalizeKey(binding) === eventKey(e);
}

/**
 * board.md §5 "Key binding": must include a non-modifier key and must not be a prohibited key
 * (CapsLock, MetaLeft, F5, NumLock, Pause, ScrollLock, arrow keys). Returns an error text or null.
 */
export function validateBinding(e: KeyInput): string | null {
  if (isModifierOnly(e)) return 'A key binding must include a non-modifier key';
  if ((PROHIBITED_KEYS as readonly string[]).includes(e.code) || (PROHIBITED_KEYS as readonly string[]).includes(e.key)) {
    return `${keyName(e)} cannot be used as a key binding`;
  }
  return null;
}
