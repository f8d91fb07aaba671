import type { Command } from '../../shared/model';
import { validateCommand } from '../core/model-schemas';
import { badRequest } from '../core/errors';
import { inputRefusal } from '../core/input-guard';

/**
 * A board command as received (HTTP boardCommand or the hub's sendCommand argument), checked
 * against the schema of its kind (core/model-schemas validateCommand: unknown keys, bounds, undo
 * and clear only at the top level), after the input guard (no NUL, no lone surrogate, no
 * nesting past INPUT_MAX_DEPTH, platform/core/input-guard.ts). A rejected command is a 400 with the envelope's field
 * errors under `boardCommand.<path>`; nothing is stored. The seq is the server's to give.
 */
export function parseCommand(input: unknown): Command {
  // HTTP may carry the command as JSON text, parsed only now: the input guard checks it again
  const refusal = inputRefusal(input, ['boardCommand']);
  if (refusal) throw refusal;
  const result = validateCommand(input);
  if (result.errors) {
    const errors: Record<string, string[]> = {};
    for (const [path, texts] of Object.entries(result.errors)) errors[path === '*' ? 'boardCommand' : `boardCommand.${path}`] = texts;
    throw badRequest(result.message, errors);
  }
  const { seq: _seq, ...command } = result.value as Command & { seq?: number };
  return { ...command, status: 'normal' } as Command;
}
