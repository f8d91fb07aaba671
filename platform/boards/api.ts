/**
 * What other domains may use of boards (docs/architecture.md "Domains and their api.ts"): access
 * to a board and its cache, the command log (append, read since a seq, what a viewer may see),
 * snapshots, what a board stores, the board's config, members' names, invitations, the disposal interval, and the joi
 * of a board reference. Exposed too as `server.plugins.boards`.
 */
export { getBoardAccess, UNAUTHORIZED_ACCESS, type BoardAccess, type BoardApp } from './access';
export { forgetBoard } from './access-cache';
export { noteCoreActions } from './activity';
export { observeAppends, type AppendObserver } from './appended';
export { boardConfigOf, checkConfigPatch, isBlurryOn, isPrivateModeOn } from './config';
export { claimInvitations, invitationTokenFits } from './invitations';
export { insertCommands, textArray } from './log';
export { displayNameOf, profileImageOf, userDisplayName } from './members';
export { deleteBoard, insertBoard, touchMember, upsertInvitedMember, type BoardConfig, type BoardRow, type MemberRow } from './repo';
export { boardRef } from './schemas';
export {
  appendCommand,
  commandsSince,
  describeBoard,
  DISPOSAL_INTERVAL_MS,
  logSince,
  renameBoard,
  renameMember,
  updateBoardConfig,
} from './service';
export { boardPoliciesFor } from './policy-gate';
export { boardStateAt, refreshSnapshot } from './snapshots';
export { boardBytesSql, boardsBytesSql } from './storage';
export { hiddenCommand, isRestricted, NO_OWNERS, visibleCommand, type HiddenCommand, type Owners } from './visibility';
