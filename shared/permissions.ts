/**
 * Roles, permissions and who may do what on a board (board.md §3 "Board member",
 * "Sharing", "Claims and tokens", §4 "Shape lock and protect", "Private mode", §6).
 * Pure tables and functions, used by the server (authorisation) and the SDK (menus).
 */
import { kindGeometry } from './geometry/registry';

export const ROLES = ['Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['edit_board', 'view_chat', 'view_templates', 'write_comment', 'video_chat'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Levels a board can be shared at with its workspace or with anyone holding the link. */
export const WORKSPACE_SHARING_LEVELS = ['Facilitator', 'Editor', 'Commenter', 'Viewer'] as const;
export const LINK_SHARING_LEVELS = ['Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'] as const;
export type WorkspaceSharingLevel = (typeof WORKSPACE_SHARING_LEVELS)[number];
export type LinkSharingLevel = (typeof LINK_SHARING_LEVELS)[number];

/** Roles an owner can give a member (the owner role itself is never given). */
export const MEMBER_ROLES = ['Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Invite labels shown in the share dialog (board.md §3: Editor is 'Can edit'). */
export const ROLE_LABELS: Record<Role, string> = {
  Owner: 'Owner',
  Facilitator: 'Facilitator',
  Editor: 'Can edit',
  Commenter: 'Commenter',
  Viewer: 'Viewer',
  NoAccess: 'No access',
};

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Owner: PERMISSIONS,
  Facilitator: PERMISSIONS,
  Editor: PERMISSIONS,
  Commenter: ['view_chat', 'write_comment', 'video_chat'],
  Viewer: ['view_chat', 'video_chat'],
  NoAccess: [],
};

/** Rank used to pick the strongest of several grants. */
export const ROLE_RANK: Record<Role, number> = { NoAccess: 0, Viewer: 1, Commenter: 2, Editor: 3, Facilitator: 4, Owner: 5 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function permissionsOf(role: Role | null | undefined): Permission[] {
  return role && isRole(role) ? [...ROLE_PERMISSIONS[role]] : [];
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Permissions an embedding host may grant through the script API (board.md §5). */
export const EMBED_PERMISSIONS = ['view_templates', 'view_chat'] as const satisfies readonly Permission[];

/* ---------------- board.md §6: owner-only and owner-or-facilitator actions ---------------- */

export const OWNER_ONLY_ACTIONS = ['deleteBoard', 'changeMemberRoles', 'invite', 'setSharing', 'startScreen', 'disposeTimer'] as const;
export const OWNER_OR_FACILITATOR_ACTIONS = [
  'clearBoard',
  'saveViewport',
  'privateMode',
  'grabAttention',
  'background',
  'backgroundColor',
  'imageDownsize',
  'unlockProtected',
] as const;
export type OwnerAction = (typeof OWNER_ONLY_ACTIONS)[number];
export type FacilitatorAction = (typeof OWNER_OR_FACILITATOR_ACTIONS)[number];
export type BoardAction = OwnerAction | FacilitatorAction;

export function isOwnerOrFacilitator(role: Role | null | undefined): boolean {
  return role === 'Owner' || role === 'Facilitator';
}

export function canDo(role: Role | null | undefined, action: BoardAction): boolean {
  if ((OWNER_ONLY_ACTIONS as readonly string[]).includes(action)) return role === 'Owner';
  if ((OWNER_OR_FACILITATOR_ACTIONS as readonly string[]).includes(action)) return isOwnerOrFacilitator(role);
  return false;
}

export const canDeleteBoard = (role: Role | null | undefined) => canDo(role, 'deleteBoard');
export const canChangeMemberRoles = (role: Role | null | undefined) => canDo(role, 'changeMemberRoles');
export const canInvite = (role: Role | null | undefined) => canDo(role, 'invite');
export const canSetSharing = (role: Role | null | undefined) => canDo(role, 'setSharing');
export const canSetDisposeTimer = (role: Role | null | undefined) => canDo(role, 'disposeTimer');
export const canClearBoard = (role: Role | null | undefined) => canDo(role, 'clearBoard');
export const canSaveViewport = (role: Role | null | undefined) => canDo(role, 'saveViewport');
export const canSetPrivateMode = (role: Role | null | undefined) => canDo(role, 'privateMode');
export const canGrabAttention = (role: Role | null | undefined) => canDo(role, 'grabAttention');
/** Background, background colour and image downsize settings. */
export const canChangeBackground = (role: Role | null | undefined) => canDo(role, 'background');

/**
 * Unprotecting (or unlocking a protected shape) is allowed if the shape is unprotected,
 * the user is Owner or Facilitator, or the user is the protector (board.md §4).
 */
export function canUnprotect(role: Role | null | undefined, uid: string, shape: { protectedBy?: string }): boolean {
  return !shape.protectedBy || isOwnerOrFacilitator(role) || shape.protectedBy === uid;
}

/** Private mode: Owner and Facilitator see and edit everything; others only their own shapes. */
export function canSeeInPrivateMode(role: Role | null | undefined, uid: string, shape: { uid: string }): boolean {
  return isOwnerOrFacilitator(role) || shape.uid === uid;
}

/** The words of a blurred shape: a fixed empty text (it tells nothing, not even the length). */
export const BLURRED_TEXT = '';

/**
 * Another member's shape of a `blurrable` kind (the shape registry: text, sticky note) as a member
 * the blurry variant restricts may receive it (board.md §4): its place, size, colour and font,
 * never its words (its kind's `textField` emptied; tags, link, metadata and who modified or
 * protected it left out), marked `blurred: true`. Other kinds (not sent at all): null.
 */
export function blurredShape<S extends { cmd: string }>(shape: S): S | null {
  const kind = kindGeometry(shape.cmd);
  if (!kind?.blurrable) return null;
  const s = shape as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { blurred: true };
  for (const k of BLURRED_FIELDS) if (s[k] !== undefined) out[k] = s[k];
  if (kind.textField) out[kind.textField] = BLURRED_TEXT;
  return out as unknown as S;
}
const BLURRED_FIELDS = [
  'id',
  'cmd',
  'uid',
  'timestamp',
  'status',
  'rotation',
  'lock',
  'opacity',
  'x',
  'y',
  'w',
  'h',
  'color',
  'font',
  'size',
  'fontSize',
  'align',
];
/** The properties a propertyModifier may carry to a blurred shape (no words: no value, text, tags, link, metadata…). */
export const BLURRED_SETTABLE: ReadonlySet<string> = new Set([
  'x',
  'y',
  'w',
  'h',
  'r',
  'rotation',
  'opacity',
  'lineWidth',
  'color',
  'stroke',
  'fill',
  'font',
  'size',
  'fontSize',
  'align',
  'lock',
  'order',
]);

/**
 * Private mode limits what this member is sent (not only what they are shown): on, and the
 * member is neither Owner nor Facilitator. The server then filters every command, snapshot and
 * undo effect it sends them (platform/boards/visibility.ts).
 */
export function isRestrictedInPrivateMode(privateModeOn: boolean, role: Role | null | undefined): boolean {
  return privateModeOn && !isOwnerOrFacilitator(role);
}

/**
 * In the place of a command a member may not see, the server sends a bare `{ seq, hidden: true }`:
 * the member's seq order stays dense (no gap to fetch) and nothing of the command is revealed.
 */
export function isHiddenCommand(command: unknown): boolean {
  return (
    !!command &&
    typeof command === 'object' &&
    (command as { hidden?: unknown }).hidden === true &&
    typeof (command as { cmd?: unknown }).cmd !== 'string'
  );
}

/* ---------------- effective role of a visitor ---------------- */

export interface RoleGrants {
  /** the visitor owns the board */
  isOwner?: boolean;
  /** explicit board member role (invited member), if any */
  memberRole?: Role | null;
  /** the visitor belongs to the board's workspace */
  isWorkspaceMember?: boolean;
  /** the board's workspace sharing level (applies to workspace members) */
  workspaceLevel?: WorkspaceSharingLevel | null;
  /** the board's anyone-with-the-link level */
  linkLevel?: LinkSharingLevel | null;
  /** the plan allows the Facilitator role (facilitator-role policy); default true */
  facilitatorAllowed?: boolean;
}

/** Which grant gave a visitor their role: ownership, their own member role, the workspace level or the link level. */
export type RoleSource = 'owner' | 'member' | 'workspace' | 'link' | 'none';

/**
 * The role a visitor ends up with on a board and the grant it comes from: Owner for the owner,
 * otherwise the strongest of their member role, the workspace level (workspace members only) and
 * the link level — so a member's own role below the link or workspace level has no effect
 * (issue 34 item 6: the screens show the role in force and say why). Their own role wins a tie.
 * Without the facilitator policy a Facilitator grant counts as Editor. NoAccess when nothing grants
 * access; an explicit NoAccess member role (the owner's revocation) wins over both levels.
 */
export function resolveBoardGrant(grants: RoleGrants): { role: Role; by: RoleSource } {
  if (grants.isOwner) return { role: 'Owner', by: 'owner' };
  if (grants.memberRole === 'NoAccess') return { role: 'NoAccess', by: 'member' };
  const candidates: Array<[Role, RoleSource]> = [];
  if (grants.memberRole && isRole(grants.memberRole) && grants.memberRole !== 'Owner') candidates.push([grants.memberRole, 'member']);
  if (grants.isWorkspaceMember && grants.workspaceLevel && isRole(grants.workspaceLevel))
    candidates.push([grants.workspaceLevel, 'workspace']);
  if (grants.linkLevel && isRole(grants.linkLevel)) candidates.push([grants.linkLevel, 'link']);
  let best: { role: Role; by: RoleSource } = { role: 'NoAccess', by: 'none' };
  for (const [role, by] of candidates) if (ROLE_RANK[role] > ROLE_RANK[best.role]) best = { role, by };
  if (best.role === 'Facilitator' && grants.facilitatorAllowed === false) best = { ...best, role: 'Editor' };
  return best;
}

/** The role a visitor ends up with on a board (`resolveBoardGrant` without its source). */
export function resolveBoardRole(grants: RoleGrants): Role {
  return resolveBoardGrant(grants).role;
}

/**
 * What keeps a member's role from going lower (the owner's role choices below it have no effect):
 * the board's ownership through the workspace (its owner and admins), else the stronger of the
 * workspace level (workspace members) and the link level, when that is above Viewer's floor of
 * nothing. null when every role the owner can give takes effect. NoAccess (revoking) always does.
 */
export function roleFloor(grants: Omit<RoleGrants, 'memberRole'>): { role: Role; by: 'owner' | 'workspace' | 'link' } | null {
  const { role, by } = resolveBoardGrant({ ...grants, memberRole: null });
  if (by === 'none' || role === 'NoAccess') return null;
  return { role, by: by === 'member' ? 'link' : by };
}

/**
 * Whether giving a member `role` takes effect under `floor`: nothing goes below the workspace's
 * ownership; otherwise revoking (NoAccess) always does, and any role at or above the floor.
 */
export function roleTakesEffect(role: string, floor: { role: string; by: string } | null): boolean {
  if (!floor || !isRole(floor.role)) return true;
  if (floor.by === 'owner') return false;
  return role === 'NoAccess' || (isRole(role) && ROLE_RANK[role] >= ROLE_RANK[floor.role]);
}

/** What a role lets its holder do, in the words of a sentence ('can edit'). */
const ROLE_VERBS: Record<Role, string> = {
  Owner: 'owns the board',
  Facilitator: 'can facilitate',
  Editor: 'can edit',
  Commenter: 'can comment',
  Viewer: 'can view',
  NoAccess: 'has no access',
};

/**
 * Why a member's role cannot go below `floor` (issue 34 item 6): 'Everyone with the link can
 * edit: lower the link level first', the same for the workspace level, or the workspace's owners
 * and admins, who own its boards.
 */
export function roleFloorText(floor: { role: string; by: string }): string {
  const can = isRole(floor.role) ? ROLE_VERBS[floor.role] : 'has access';
  if (floor.by === 'owner') return "The workspace's owner and admins own its boards: change their workspace role first";
  if (floor.by === 'workspace') return `Everyone in the workspace ${can}: lower the workspace level first`;
  return `Everyone with the link ${can}: lower the link level first`;
}
