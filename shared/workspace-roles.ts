/**
 * Workspace roles and what each may do (panel.md §6, §5), the workspace settings' ranges
 * (panel.md §5, §9) and the extension catalogue (panel.md §3 Extension; the board's app-*
 * features). Pure tables and functions, like shared/permissions.ts for boards: the server
 * authorises with them (platform/workspaces), the panel shows and hides with them, and the board
 * access rules read `boardGrantOf` (platform/boards/access.ts).
 */
import { ZOOM, UPLOAD_MAX_BYTES } from './constants';
import { policiesOf, type PolicyClaims } from './policies';

export const WORKSPACE_ROLES = ['Owner', 'Admin', 'Member', 'ClientAdmin'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Roles an invitation can give (panel.md §5: Admin or Member). */
export const INVITE_ROLES = ['Admin', 'Member'] as const satisfies readonly WorkspaceRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Roles a member's role can be changed to through POST …/members/{id}/roles (grant / revoke admin). */
export const ASSIGNABLE_ROLES = INVITE_ROLES;

/**
 * Every right of panel.md §6 (and the reading rights the tabs need). Settings rights are per
 * field, because ClientAdmin edits all settings but the name.
 */
export const WORKSPACE_RIGHTS = [
  // reading: every role
  'viewWorkspace', // the workspace, its settings and the boards tab
  'viewMembers', // the members grid
  'viewExtensions', // the extensions tab
  'openBoards', // open the workspace's boards (at the board's workspace sharing level)
  // members
  'inviteMembers',
  'removeMembers', // non-owner, non-self members
  'grantAdmin', // Member → Admin
  'revokeAdmin', // Admin → Member
  'viewPendingInvitations',
  'removePendingInvitations',
  // settings (PUT /api/workspaces/{id})
  'editName',
  'editTheme',
  'editUploadSize',
  'editZoomLimits',
  'editFonts',
  'toggleExtensions',
  'deleteWorkspace', // only while it has no boards
  // board list
  'seeTypeFilter',
  'createBoards',
  'deleteBoards',
  'duplicateBoards',
  'tagBoards',
  'moveBoards',
  'backupBoards',
  // Owner on every board of the workspace (board.md §6 owner actions)
  'ownBoards',
] as const;
export type WorkspaceRight = (typeof WORKSPACE_RIGHTS)[number];

const READ: readonly WorkspaceRight[] = ['viewWorkspace', 'viewMembers', 'viewExtensions', 'openBoards'];
const SETTINGS_BUT_NAME: readonly WorkspaceRight[] = ['editTheme', 'editUploadSize', 'editZoomLimits', 'editFonts', 'toggleExtensions'];
const OWNER_ADMIN: readonly WorkspaceRight[] = [
  ...READ,
  'inviteMembers',
  'removeMembers',
  'grantAdmin',
  'revokeAdmin',
  'viewPendingInvitations',
  'removePendingInvitations',
  'editName',
  ...SETTINGS_BUT_NAME,
  'deleteWorkspace',
  'seeTypeFilter',
  'createBoards',
  'deleteBoards',
  'duplicateBoards',
  'tagBoards',
  'moveBoards',
  'backupBoards',
  'ownBoards',
];

/**
 * The table. Owner and Admin hold the same rights (§6); what only the owner has is structural:
 * the owner cannot be removed nor demoted, and an Admin cannot remove nor demote the owner.
 * ClientAdmin edits every setting but the name, and toggles extensions (§6); Member reads (§6:
 * "can only view and open boards"). Decision where §5 says "only the client admin edits upload
 * size, zoom limits, fonts, theme": the owner and admins edit them too (issue 13's own test has
 * the workspace's creator set its zoom limits; Miro and Notion give the owner every setting).
 */
export const WORKSPACE_ROLE_RIGHTS: Record<WorkspaceRole, readonly WorkspaceRight[]> = {
  Owner: OWNER_ADMIN,
  Admin: OWNER_ADMIN,
  ClientAdmin: [...READ, ...SETTINGS_BUT_NAME],
  Member: READ,
};

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

export function workspaceRightsOf(role: WorkspaceRole | null | undefined): WorkspaceRight[] {
  return role && isWorkspaceRole(role) ? [...WORKSPACE_ROLE_RIGHTS[role]] : [];
}

export function hasWorkspaceRight(role: WorkspaceRole | null | undefined, right: WorkspaceRight): boolean {
  return !!role && isWorkspaceRole(role) && WORKSPACE_ROLE_RIGHTS[role].includes(right);
}

/** Rank for ordering member lists (owner first). */
export const WORKSPACE_ROLE_RANK: Record<WorkspaceRole, number> = { Owner: 0, Admin: 1, ClientAdmin: 2, Member: 3 };

/** §6: board links of a ClientAdmin open only in the client's own app. */
export const opensBoardsInClientApp = (role: WorkspaceRole | null | undefined): boolean => role === 'ClientAdmin';

/**
 * What a workspace role gives on each of the workspace's boards (shared/permissions
 * `resolveBoardRole`): Owner and Admin are owners of every board; ClientAdmin and Member reach the
 * boards at the board's workspace sharing level; no role, nothing.
 */
export function boardGrantOf(role: WorkspaceRole | null | undefined): { isOwner: boolean; isWorkspaceMember: boolean } {
  return { isOwner: hasWorkspaceRight(role, 'ownBoards'), isWorkspaceMember: !!role && isWorkspaceRole(role) };
}

export type MemberAction = 'remove' | 'grantAdmin' | 'revokeAdmin';

/**
 * May `actor` (their role, and whether the target is themself) do `action` to a member holding
 * `target`? §6: remove non-owner non-self members; grant admin to a Member; revoke admin from an Admin.
 * A ClientAdmin member is neither granted nor revoked admin here (it is not an invite role).
 */
export function canActOnMember(
  actor: WorkspaceRole | null | undefined,
  target: WorkspaceRole,
  action: MemberAction,
  isSelf: boolean,
): boolean {
  if (target === 'Owner' || isSelf) return false;
  switch (action) {
    case 'remove':
      return hasWorkspaceRight(actor, 'removeMembers');
    case 'grantAdmin':
      return target === 'Member' && hasWorkspaceRight(actor, 'grantAdmin');
    case 'revokeAdmin':
      return target === 'Admin' && hasWorkspaceRight(actor, 'revokeAdmin');
  }
}

/** The settings a PUT may change, and the right each needs. */
export const SETTING_RIGHTS = {
  name: 'editName',
  darkTheme: 'editTheme',
  maxUploadSize: 'editUploadSize',
  uploads: 'editUploadSize',
  zoomLimitsMin: 'editZoomLimits',
  zoomLimitsMax: 'editZoomLimits',
  fonts: 'editFonts',
} as const satisfies Record<string, WorkspaceRight>;
export type WorkspaceSetting = keyof typeof SETTING_RIGHTS;

/* ---------------- settings ranges (panel.md §5, §9) ---------------- */

export const WORKSPACE_LIMITS = {
  nameMax: 100,
  /** bytes, hint 'between 10000 and 10000000' */
  uploadMin: 10_000,
  uploadMax: 10_000_000,
  uploadDefault: UPLOAD_MAX_BYTES,
  /** percent; the board's own clamp is 5–600 (board.md), so limits live inside it */
  zoomMin: ZOOM.min,
  zoomMax: ZOOM.max,
  fontsMax: 50,
  fontNameMax: 100,
  fontUrlMax: 2000,
} as const;

export const UPLOAD_SIZE_HINT = `between ${WORKSPACE_LIMITS.uploadMin} and ${WORKSPACE_LIMITS.uploadMax}`;

export interface WorkspaceFont {
  name: string;
  /** the font file, stylesheet or font-service address it was read from */
  url?: string | null;
  /** the stylesheet this server serves for it (set when the font is added: boards load this) */
  src?: string | null;
}

/** panel.md §3 Workspace config. */
export interface WorkspaceConfig {
  theme: 'dark' | 'light';
  maxUploadSize: number;
  /** boards of the workspace take pictures (docs/assets.md "Upload setting"); a board's own setting wins */
  uploads: boolean;
  zoomLimits: [number, number];
  fonts: WorkspaceFont[];
}

export const DEFAULT_WORKSPACE_CONFIG: WorkspaceConfig = {
  theme: 'light',
  maxUploadSize: WORKSPACE_LIMITS.uploadDefault,
  uploads: true,
  zoomLimits: [WORKSPACE_LIMITS.zoomMin, WORKSPACE_LIMITS.zoomMax],
  fonts: [],
};

/** panel.md §3 Workspace as the API answers it (plus the asker's rights, so the panel shows what the role allows). */
export interface WorkspaceView {
  id: string;
  altId: string;
  name: string;
  role: WorkspaceRole;
  isOwner: boolean;
  isDefault: boolean;
  numberOfBoards: number;
  config: WorkspaceConfig;
  rights: WorkspaceRight[];
  /** whose workspace it is, as the owner is shown (in the list of a member's workspaces: two may share a name) */
  ownerName?: string;
}

/** A stored config (maybe partial or from older rows) with the defaults filled in. */
export function workspaceConfigOf(stored: Record<string, unknown> | null | undefined): WorkspaceConfig {
  const s = stored ?? {};
  const zoom =
    Array.isArray(s.zoomLimits) && s.zoomLimits.length === 2 && s.zoomLimits.every((n) => typeof n === 'number')
      ? (s.zoomLimits as [number, number])
      : DEFAULT_WORKSPACE_CONFIG.zoomLimits;
  return {
    theme: s.theme === 'dark' ? 'dark' : 'light',
    maxUploadSize: typeof s.maxUploadSize === 'number' ? s.maxUploadSize : DEFAULT_WORKSPACE_CONFIG.maxUploadSize,
    uploads: s.uploads !== false,
    zoomLimits: [zoom[0], zoom[1]],
    fonts: Array.isArray(s.fonts) ? (s.fonts as WorkspaceFont[]).filter((f) => f && typeof f.name === 'string') : [],
  };
}

/** A font entry that is a URL (a font file or a stylesheet) rather than a font name (panel.md §5). */
export const isFontUrl = (text: string): boolean => /^https?:\/\//i.test(text.trim());

/** A font name as the font services spell them: letters, digits, spaces and - _ . ' (case kept). */
export const FONT_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u;

/** Whether `font` duplicates one of `fonts` by name (case-sensitive, as Google font names are) or by url. */
export function fontExists(fonts: readonly WorkspaceFont[], font: WorkspaceFont): boolean {
  return fonts.some((f) => f.name === font.name || (!!font.url && !!f.url && f.url === font.url));
}

/* ---------------- extensions (panel.md §3, §4; board.md app-* features) ---------------- */

export interface ExtensionInfo {
  /** the id in urls and the plan-policy name of the feature */
  extensionId: string;
  name: string;
  title: string;
  description: string;
}

export const EXTENSIONS: readonly ExtensionInfo[] = [
  { extensionId: 'app-comment', name: 'app-comment', title: 'Comments', description: 'Comment threads pinned on the board.' },
  { extensionId: 'app-frame', name: 'app-frame', title: 'Frames', description: 'Frames that group shapes and make slides.' },
  { extensionId: 'app-cursors', name: 'app-cursors', title: 'Cursors', description: "Collaborators' cursors, live." },
  {
    extensionId: 'app-attention',
    name: 'app-attention',
    title: 'Attention',
    description: 'Bring everyone to your view (owner and facilitators).',
  },
  {
    extensionId: 'app-board-history',
    name: 'app-board-history',
    title: 'Board history',
    description: "Browse and replay the board's history.",
  },
  { extensionId: 'app-automation', name: 'app-automation', title: 'Automation', description: 'Automate board actions with scripts.' },
];
export const EXTENSION_IDS: readonly string[] = EXTENSIONS.map((e) => e.extensionId);

/** Extensions are plugged until a workspace turns them off. */
export const EXTENSION_DEFAULT_PLUGGED = true;

/**
 * The app-* features available on a board of a workspace: the plan allows it (the owner's
 * claims, shared/policies) AND the workspace has the extension plugged.
 */
export function featureAvailable(planAllows: boolean, unplugged: readonly string[], extensionId: string): boolean {
  return planAllows && !unplugged.includes(extensionId);
}

/**
 * The policies a board gives its visitor: the plan's (shared/policies, from the visitor's claims)
 * without the app-* features the board's workspace unplugged. The board shows a feature only when
 * its policy is here (BoardInfo.claims.policies).
 */
export function boardPolicies(claims: PolicyClaims, unplugged: readonly string[]): string[] {
  return [...policiesOf(claims)].filter((policy) => featureAvailable(true, unplugged, policy));
}

/* ---------------- texts (ours: the spec is silent) ---------------- */

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found.',
  nameRequired: 'Name is required.',
  multiWorkspace: 'Your plan allows one workspace. More workspaces need a plan with several workspaces.',
  hasBoards: 'Only a workspace without boards can be deleted.',
  defaultWorkspace: 'Your default workspace cannot be deleted.',
  zoomOrder: 'The minimum zoom must be less than the maximum zoom.',
  nameNotEditable: 'Your role cannot rename this workspace.',
  alreadyMember: 'This person is already a member of the workspace.',
  tooManyInvitations: 'This workspace has too many pending invitations. Remove some first.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found.',
  ownerFixed: "The owner's role cannot be changed.",
  ownerCannotBeRemoved: 'The owner cannot be removed.',
  selfNotAllowed: 'You cannot change your own membership here.',
  roleNotChangeable: 'Only a Member can be made Admin, and only an Admin made Member.',
  extensionNotFound: 'Extension not found.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn.',
  invitationOtherEmail: 'This invitation was sent to another e-mail address. Log in with that address to accept it.',
  invited: 'Invitation sent.',
  tooManyFonts: 'A workspace can have at most 50 fonts.',
  fontInvalid: 'A font is a font name or an http(s) URL of a font file or stylesheet.',
} as const;
