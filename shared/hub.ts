/**
 * The realtime hub protocol over @hapi/nes (board.md §7), shared by platform/realtime
 * and sdk/sync. Client → server: `client.message({ method, args })`, answered with the
 * method's result (nes `{ payload }`). Server → client: `socket.send({ event, data })`.
 */
export const HUB_METHODS = [
  'joinBoard', 'reconnect', 'sendCommand', 'renameMember', 'renameBoard', 'updateConfig',
  'messaging', 'sendMessage', 'addComment', 'deleteComment',
] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

export const HUB_EVENTS = [
  'onMeJoined', 'onUserJoined', 'onUserLeft', 'onBoardMemberRenamed', 'onBoardRenamed', 'onBoardNotFound',
  'onAccessDenied', 'onRoleChanged', 'onClearBoard', 'onCommand', 'announcement', 'onClientError',
  'onBoardRemoved', 'onConfigChanged', 'onEventReceived', 'onReconnected', 'onMessageSent', 'onMessageReceived',
  'addCommentSucceeded', 'commentAdded', 'commentRemoved', 'onVideoJoined', 'onVideoLeft', 'exceptionHandler',
] as const;
export type HubEvent = (typeof HUB_EVENTS)[number];

/** Channel events carried by `messaging` (presence: never stored in the command log). */
export const CHANNEL_EVENTS = ['grab-everyone-attention', 'register-follower', 'unregister-follower', 'follow-me-to', 'collaboratorsCursorMoved'] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

export interface HubRequest { method: HubMethod; args: unknown[] }
export interface HubEventMessage<T = unknown> { event: HubEvent; data: T }

/** Heartbeat: nes needs timeout < interval; ~120 s dead-connection window (board.md §9). */
export const HUB_HEARTBEAT = { interval: 60_000, timeout: 59_000 } as const;
