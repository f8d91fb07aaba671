import { SHAPE_KINDS, type Command } from '../../shared/model';
import { badRequest } from '../core/errors';

/** Every command inside a command (a commandSet and its sub-commands, flattened). */
export function flattenCommand(command: Command): Command[] {
  return command.cmd === 'commandSet' ? [command, ...(command.commands ?? []).flatMap(flattenCommand)] : [command];
}

export const INVALID_COMMAND = 'The command is not valid.';

const CONTROL_KINDS = [
  'propertyModifier', 'textModifier', 'fontModifier', 'fontSizeModifier', 'colorModifier', 'reposition',
  'stickyNoteModifier', 'sizeModifier', 'commandSet', 'remove', 'clear', 'undo', 'lock', 'changeOrder', 'pageModifier', 'replace',
];
const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100;
const isIdList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.length <= 10_000 && v.every(isId);

/** Structural check of a command (the envelope of every kind); shared/schemas replaces it. */
function validateCommand(input: unknown): { ok: true; command: Command } | { ok: false; errors: Array<{ path: string; message: string }> } {
  const errors: Array<{ path: string; message: string }> = [];
  const check = (c: unknown, at: string, depth: number) => {
    const p = (f: string) => (at ? `${at}.${f}` : f);
    if (!c || typeof c !== 'object' || Array.isArray(c)) return errors.push({ path: at, message: 'must be an object' });
    const o = c as Record<string, unknown>;
    if (!isId(o.id)) errors.push({ path: p('id'), message: '"id" is required' });
    const kind = o.cmd as string;
    if (!(SHAPE_KINDS as readonly string[]).includes(kind) && !CONTROL_KINDS.includes(kind)) return errors.push({ path: p('cmd'), message: '"cmd" is not a known command' });
    if ((SHAPE_KINDS as readonly string[]).includes(kind)) {
      const shape = o.shape as Record<string, unknown> | undefined;
      if (!shape || typeof shape !== 'object' || !isId(shape.id) || shape.cmd !== kind) errors.push({ path: p('shape'), message: '"shape" must be a shape of the command\'s kind' });
    } else if (kind === 'commandSet') {
      if (!Array.isArray(o.commands) || o.commands.length === 0 || depth > 3) errors.push({ path: p('commands'), message: '"commands" must list commands' });
      else o.commands.forEach((sub, i) => check(sub, p(`commands.${i}`), depth + 1));
    } else if (kind === 'undo') {
      if (!isId(o.ref)) errors.push({ path: p('ref'), message: '"ref" is required' });
      if (o.type !== undefined && o.type !== 'redo') errors.push({ path: p('type'), message: '"type" must be redo' });
    } else if (kind === 'reposition') {
      const list = o.shapePositions;
      if (!Array.isArray(list) || list.length === 0 || !list.every((x) => x && isId(x.shape) && Number.isFinite(x.x) && Number.isFinite(x.y))) {
        errors.push({ path: p('shapePositions'), message: '"shapePositions" must list {shape, x, y}' });
      }
    } else if (['textModifier', 'stickyNoteModifier', 'pageModifier'].includes(kind)) {
      if (!isId(o.shape)) errors.push({ path: p('shape'), message: '"shape" is required' });
    } else if (kind === 'replace') {
      const shape = o.shape as Record<string, unknown> | undefined;
      if (!shape || !isId(shape.id)) errors.push({ path: p('shape'), message: '"shape" is required' });
    } else if (kind !== 'clear' && !isIdList(o.shapes)) {
      errors.push({ path: p('shapes'), message: '"shapes" must list shape ids' });
    }
    return 0;
  };
  check(input, '', 0);
  return errors.length ? { ok: false, errors } : { ok: true, command: input as Command };
}

/**
 * A board command as received (HTTP boardCommand or the hub's sendCommand argument), checked
 * against the schema of its kind (shared/schemas). A rejected command is a 400 with the
 * envelope's field errors under `boardCommand.<path>`; nothing is stored.
 */
export function parseCommand(input: unknown): Command {
  const result = validateCommand(input);
  if (!result.ok) {
    const errors: Record<string, string[]> = {};
    for (const e of result.errors) (errors[e.path ? `boardCommand.${e.path}` : 'boardCommand'] ??= []).push(e.message);
    throw badRequest(result.errors[0]?.message ?? INVALID_COMMAND, errors);
  }
  const command = result.command;
  if (command.cmd === 'commandSet' && flattenCommand(command).some((c) => c.cmd === 'undo' || c.cmd === 'clear')) {
    throw badRequest('A command set cannot hold undo or clear.', { 'boardCommand.commands': ['A command set cannot hold undo or clear.'] });
  }
  return { ...command, status: 'normal' } as Command;
}
