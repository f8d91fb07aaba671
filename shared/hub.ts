import type { Command, CommandEffect } from './model';

/**
 * The realtime hub protocol over @hapi/nes (board.md §7), shared by platform/realtime
 * and sdk/sync. Client → server: `client.message({ method, args })`, answered with the
 * method's result (nes `{ payload }`). Server → client: `socket.send({ event, data })`.
 */
export const HUB_METHODS = [
  'joinBoard',
  'reconnect',
  'sendCommand',
  'renameMember',
  'renameBoard',
  'updateConfig',
  'messaging',
  'sendMessage',
  'addComment',
  'deleteComment',
  'addTemplate',
] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

export const HUB_EVENTS = [
  'onMeJoined',
  'onUserJoined',
  'onUserLeft',
  'onBoardMemberRenamed',
  'onBoardRenamed',
  'onBoardNotFound',
  'onAccessDenied',
  'onRoleChanged',
  'onClearBoard',
  'onCommand',
  'announcement',
  'onClientError',
  'onBoardRemoved',
  'onConfigChanged',
  'onEventReceived',
  'onReconnected',
  'onMessageSent',
  'onMessageReceived',
  'addCommentSucceeded',
  'commentAdded',
  'commentRemoved',
  'onVideoJoined',
  'onVideoLeft',
  'exceptionHandler',
] as const;
export type HubEvent = (typeof HUB_EVENTS)[number];

/** Channel events carried by `messaging` (presence: never stored in the command log). */
export const CHANNEL_EVENTS = [
  'grab-everyone-attention',
  'register-follower',
  'unregister-follower',
  'follow-me-to',
  'collaboratorsCursorMoved',
] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

/**
 * What the server answers the sender of a command (POST …/commands; sendCommand adds
 * `duplicate`): its id and seq, and for an undo/redo or a clear the `effect` the server computed
 * (shared/reducer computeEffect). The sender never gets its own command back as onCommand, so
 * this is how it applies what everyone else applies (BoardDoc.apply with seq and effect).
 * A resend of a stored command answers the stored command's seq and effect.
 */
export interface AppendedCommand {
  id: string;
  seq: number;
  effect?: CommandEffect;
}
export interface SendCommandAnswer extends AppendedCommand {
  duplicate: boolean;
}
/**
 * What addTemplate answers (docs/templates.md "Inserting"): the commandSet the server made of the
 * template, and the template's name. The caller receives that commandSet as onCommand too.
 */
export interface AddTemplateAnswer extends AppendedCommand {
  name: string;
}

/** The answer for a stored command (as appended, or as found again for a resend). */
export function appendedCommand(stored: Command): AppendedCommand {
  const effect = stored.cmd === 'undo' || stored.cmd === 'clear' ? stored.effect : undefined;
  return effect ? { id: stored.id, seq: stored.seq!, effect } : { id: stored.id, seq: stored.seq! };
}

export interface HubRequest {
  method: HubMethod;
  args: unknown[];
}
export interface HubEventMessage<T = unknown> {
  event: HubEvent;
  data: T;
}

/** Heartbeat: nes needs timeout < interval; ~120 s dead-connection window (board.md §9). */
export const HUB_HEARTBEAT = { interval: 60_000, timeout: 59_000 } as const;
