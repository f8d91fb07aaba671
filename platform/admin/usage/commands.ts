import type { Command } from '../../../shared/model';

/**
 * The type a command is counted under in command_usage_daily (docs/backoffice.md "Usage facts"):
 * its `cmd` (shared/model.ts: a shape kind for an add, 'reposition', 'remove', 'undo', …), and
 * 'redo' for an undo that re-enables.
 */
export const commandType = (command: Command): string =>
  command.cmd === 'undo' && command.type === 'redo' ? 'redo' : String(command.cmd).slice(0, 40);
