import { BOARD_MAX_SHAPES, COMMAND_MAX_BYTES } from '../../shared/constants';

/**
 * The abuse limits (docs/security.md "Abuse limits", docs/configuration.md): how much one socket,
 * one user or one client address may send, and how large a command and a board may grow.
 * Read once from the environment by platform/config.ts; enforced by platform/core/abuse.ts
 * (rates, and open sockets per address), platform/realtime/frame-guard.ts (frames) and
 * platform/boards/append.ts (sizes).
 */

/** `points` actions per fixed window of `windowMs`. */
export interface Budget {
  points: number;
  windowMs: number;
}

export interface AbuseLimits {
  /** every websocket frame, per socket (LIMIT_HUB_FRAMES) */
  hubFrames: Budget;
  /** board commands — hub sendCommand and HTTP POST /api/boards/{code}/commands — per socket (LIMIT_COMMANDS_SOCKET) */
  commandsPerSocket: Budget;
  /** … and per user, across sockets, HTTP and nodes (LIMIT_COMMANDS_USER) */
  commandsPerUser: Budget;
  /** chat messages (sendMessage), per socket and per user (LIMIT_CHAT) */
  chat: Budget;
  /** comments (addComment), per socket and per user (LIMIT_COMMENTS) */
  comments: Budget;
  /** client, usage and performance logs (POST /api/logs/*), per user, or per client address when anonymous (LIMIT_LOGS) */
  logs: Budget;
  /** guest board commands (no token: hub and HTTP) per client address, whatever their uids (LIMIT_GUEST_COMMANDS_ADDRESS) */
  guestCommandsPerAddress: Budget;
  /** board commands per board, from everyone on it (LIMIT_COMMANDS_BOARD) */
  commandsPerBoard: Budget;
  /** hub websockets opened per client address (LIMIT_HUB_OPENS_ADDRESS) */
  hubOpensPerAddress: Budget;
  /** hub websockets open at once per client address, on all nodes (LIMIT_HUB_SOCKETS_ADDRESS) */
  hubSocketsPerAddress: number;
  /** the most bytes of one command's JSON (BOARD_COMMAND_MAX_BYTES) */
  commandMaxBytes: number;
  /** the most live shapes on one board (BOARD_MAX_SHAPES) */
  boardMaxShapes: number;
}

/**
 * Defaults. Anchor: WBO allows 250 messages per 5 s per socket. Our board client sends one
 * command at a time and waits for its answer, cursors at most every 50 ms (100 per 5 s), so an
 * honest socket stays well inside these; a user may have a few tabs open (twice a socket's budget).
 * The per-address budgets are sized for a classroom of 30 behind one NAT: 30 people drawing hard
 * (10 commands/s each), each with up to 3 tabs, all reconnecting at once after a network blip
 * (twice over within a minute) and a board of 30 hard at work.
 */
export const DEFAULT_LIMITS: AbuseLimits = {
  hubFrames: { points: 3000, windowMs: 5_000 },
  commandsPerSocket: { points: 250, windowMs: 5_000 },
  commandsPerUser: { points: 500, windowMs: 5_000 },
  chat: { points: 20, windowMs: 10_000 },
  comments: { points: 20, windowMs: 10_000 },
  logs: { points: 60, windowMs: 60_000 },
  guestCommandsPerAddress: { points: 1500, windowMs: 5_000 },
  commandsPerBoard: { points: 1500, windowMs: 5_000 },
  hubOpensPerAddress: { points: 300, windowMs: 60_000 },
  hubSocketsPerAddress: 100,
  commandMaxBytes: COMMAND_MAX_BYTES,
  boardMaxShapes: BOARD_MAX_SHAPES,
};

/** 'points/seconds' (e.g. '250/5'); the default when unset; an unreadable value fails the start. */
export function parseBudget(name: string, value: string | undefined, fallback: Budget): Budget {
  if (value === undefined || value.trim() === '') return fallback;
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s?\s*$/.exec(value);
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0) throw new Error(`${name} must be 'points/seconds' (e.g. '250/5'), not '${value}'`);
  return { points: Number(m[1]), windowMs: Math.round(Number(m[2]) * 1000) };
}
