import { PAYLOAD_MAX_BYTES } from '../../shared/constants';
import type { Command, CommandEffect } from '../../shared/model';

/**
 * What a command weighs on the hub's socket (a frame over its cap would close the socket) and
 * what the server's answer to it carries (an undo/redo's or clear's effect).
 */

/** The most bytes one command may take on the wire: the hub's frame cap less its envelope. */
export const SEND_MAX_BYTES = PAYLOAD_MAX_BYTES - 64 * 1024;

/** Whether a command's JSON is over SEND_MAX_BYTES (UTF-8 bytes; counted only when its length could be). */
export function oversized(command: Command): boolean {
  const json = JSON.stringify(command);
  return json.length * 3 > SEND_MAX_BYTES && new TextEncoder().encode(json).length > SEND_MAX_BYTES;
}

/** The server-computed effect an answer (or a stored undo/clear) carries, if it is one. */
export function effectOf(from: { effect?: unknown } | Command | null | undefined): CommandEffect | undefined {
  const effect = (from as { effect?: unknown } | null | undefined)?.effect;
  return effect && typeof effect === 'object' && !Array.isArray(effect) ? (effect as CommandEffect) : undefined;
}
