import { describe, expect, it } from 'vitest';
import { resolveBoardRole } from '../../../shared/permissions';
import {
  DEFAULT_WORKSPACE_CONFIG,
  EXTENSION_IDS,
  SETTING_RIGHTS,
  WORKSPACE_RIGHTS,
  WORKSPACE_ROLES,
  boardGrantOf,
  boardPolicies,
  canActOnMember,
  featureAvailable,
  fontExists,
  hasWorkspaceRight,
  isFontUrl,
  opensBoardsInClientApp,
  type WorkspaceRight,
  type WorkspaceRole,
  workspaceConfigOf,
  workspaceRightsOf,
} from '../../../shared/workspace-roles';
import { POLICY_NAMES } from '../../../shared/policies';

/** panel.md §6, written out: who holds each right. */
const EXPECTED: Record<WorkspaceRight, WorkspaceRole[]> = {
  viewWorkspace: ['Owner', 'Admin', 'Member', 'ClientAdmin'],
  viewMembers: ['Owner', 'Admin', 'Member', 'ClientAdmin'],
  viewExtensions: ['Owner', 'Admin', 'Member', 'ClientAdmin'],
  openBoards: ['Owner', 'Admin', 'Member', 'ClientAdmin'],
  inviteMembers: ['Owner', 'Admin'],
  removeMembers: ['Owner', 'Admin'],
  grantAdmin: ['Owner', 'Admin'],
  revokeAdmin: ['Owner', 'Admin'],
  viewPendingInvitations: ['Owner', 'Admin'],
  removePendingInvitations: ['Owner', 'Admin'],
  editName: ['Owner', 'Admin'],
  editTheme: ['Owner', 'Admin', 'ClientAdmin'],
  editUploadSize: ['Owner', 'Admin', 'ClientAdmin'],
  editZoomLimits: ['Owner', 'Admin', 'ClientAdmin'],
  editFonts: ['Owner', 'Admin', 'ClientAdmin'],
  toggleExtensions: ['Owner', 'Admin', 'ClientAdmin'],
  deleteWorkspace: ['Owner', 'Admin'],
  seeTypeFilter: ['Owner', 'Admin'],
  createBoards: ['Owner', 'Admin'],
  deleteBoards: ['Owner', 'Admin'],
  duplicateBoards: ['Owner', 'Admin'],
  tagBoards: ['Owner', 'Admin'],
  moveBoards: ['Owner', 'Admin'],
  backupBoards: ['Owner', 'Admin'],
  ownBoards: ['Owner', 'Admin'],
};

describe('workspace roles (panel.md §6)', () => {
  it('has the four roles and every right in the expected table', () => {
    expect(WORKSPACE_ROLES).toEqual(['Owner', 'Admin', 'Member', 'ClientAdmin']);
    expect([...WORKSPACE_RIGHTS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const right of WORKSPACE_RIGHTS) {
    it(`${right}: ${EXPECTED[right].join(', ')}`, () => {
      for (const role of WORKSPACE_ROLES) expect(hasWorkspaceRight(role, right), `${role} ${right}`).toBe(EXPECTED[right].includes(role));
      expect(hasWorkspaceRight(null, right)).toBe(false);
      expect(hasWorkspaceRight('Hacker' as never, right)).toBe(false);
    });
  }

  it('lists a role’s rights, none for no role', () => {
    expect(workspaceRightsOf('Member')).toEqual(['viewWorkspace', 'viewMembers', 'viewExtensions', 'openBoards']);
    expect(workspaceRightsOf(null)).toEqual([]);
    expect(workspaceRightsOf('Owner')).toEqual(workspaceRightsOf('Admin'));
  });

  it('each setting needs its right: ClientAdmin everything but the name', () => {
    expect(
      Object.entries(SETTING_RIGHTS)
        .filter(([, right]) => !hasWorkspaceRight('ClientAdmin', right))
        .map(([field]) => field),
    ).toEqual(['name']);
    expect(Object.values(SETTING_RIGHTS).some((right) => hasWorkspaceRight('Member', right))).toBe(false);
  });

  it('acts on members: remove non-owner non-self, grant admin to a Member, revoke admin from an Admin', () => {
    for (const actor of ['Owner', 'Admin'] as const) {
      expect(canActOnMember(actor, 'Member', 'remove', false)).toBe(true);
      expect(canActOnMember(actor, 'Admin', 'remove', false)).toBe(true);
      expect(canActOnMember(actor, 'ClientAdmin', 'remove', false)).toBe(true);
      expect(canActOnMember(actor, 'Owner', 'remove', false)).toBe(false);
      expect(canActOnMember(actor, 'Member', 'remove', true)).toBe(false);
      expect(canActOnMember(actor, 'Member', 'grantAdmin', false)).toBe(true);
      expect(canActOnMember(actor, 'Admin', 'grantAdmin', false)).toBe(false);
      expect(canActOnMember(actor, 'ClientAdmin', 'grantAdmin', false)).toBe(false);
      expect(canActOnMember(actor, 'Admin', 'revokeAdmin', false)).toBe(true);
      expect(canActOnMember(actor, 'Member', 'revokeAdmin', false)).toBe(false);
      expect(canActOnMember(actor, 'Owner', 'revokeAdmin', false)).toBe(false);
      expect(canActOnMember(actor, 'Admin', 'revokeAdmin', true)).toBe(false);
    }
    for (const actor of ['Member', 'ClientAdmin', null] as const) {
      for (const action of ['remove', 'grantAdmin', 'revokeAdmin'] as const) {
        for (const target of ['Admin', 'Member'] as const)
          expect(canActOnMember(actor, target, action, false), `${actor} ${action} ${target}`).toBe(false);
      }
    }
  });

  it("gives on a workspace's boards: Owner and Admin own them, every role reaches them at the workspace level", () => {
    expect(boardGrantOf('Owner')).toEqual({ isOwner: true, isWorkspaceMember: true });
    expect(boardGrantOf('Admin')).toEqual({ isOwner: true, isWorkspaceMember: true });
    expect(boardGrantOf('ClientAdmin')).toEqual({ isOwner: false, isWorkspaceMember: true });
    expect(boardGrantOf('Member')).toEqual({ isOwner: false, isWorkspaceMember: true });
    expect(boardGrantOf(null)).toEqual({ isOwner: false, isWorkspaceMember: false });
    const on = (role: WorkspaceRole | null) =>
      resolveBoardRole({ ...boardGrantOf(role), workspaceLevel: 'Commenter', linkLevel: 'NoAccess' });
    expect([on('Owner'), on('Admin'), on('ClientAdmin'), on('Member'), on(null)]).toEqual([
      'Owner',
      'Owner',
      'Commenter',
      'Commenter',
      'NoAccess',
    ]);
    expect(opensBoardsInClientApp('ClientAdmin')).toBe(true);
    expect(opensBoardsInClientApp('Admin')).toBe(false);
  });
});

describe('workspace settings and extensions', () => {
  it('fills a stored config with the defaults of panel.md §5', () => {
    expect(DEFAULT_WORKSPACE_CONFIG).toEqual({ theme: 'light', maxUploadSize: 10_000_000, uploads: true, zoomLimits: [5, 600], fonts: [] });
    expect(workspaceConfigOf({})).toEqual(DEFAULT_WORKSPACE_CONFIG);
    expect(workspaceConfigOf(null)).toEqual(DEFAULT_WORKSPACE_CONFIG);
    expect(
      workspaceConfigOf({
        theme: 'dark',
        maxUploadSize: 20_000,
        uploads: false,
        zoomLimits: [10, 20],
        fonts: [{ name: 'A' }, null, { url: 'x' }],
      }),
    ).toEqual({
      theme: 'dark',
      maxUploadSize: 20_000,
      uploads: false,
      zoomLimits: [10, 20],
      fonts: [{ name: 'A' }],
    });
    expect(workspaceConfigOf({ zoomLimits: ['a', 3] }).zoomLimits).toEqual([5, 600]);
  });

  it('tells font URLs from names, and duplicates by name (case-sensitive) or url', () => {
    expect(isFontUrl('https://fonts.example/a.woff2')).toBe(true);
    expect(isFontUrl('Roboto')).toBe(false);
    expect(isFontUrl('ftp://x')).toBe(false);
    const fonts = [{ name: 'Roboto' }, { name: 'Inter', url: 'https://x.example/inter.woff2' }];
    expect(fontExists(fonts, { name: 'Roboto' })).toBe(true);
    expect(fontExists(fonts, { name: 'roboto' })).toBe(false);
    expect(fontExists(fonts, { name: 'Other', url: 'https://x.example/inter.woff2' })).toBe(true);
    expect(fontExists(fonts, { name: 'Other', url: 'https://x.example/other.woff2' })).toBe(false);
  });

  it("lists the board's app-* features as extensions, each a plan-policy name", () => {
    expect(EXTENSION_IDS).toEqual(['app-comment', 'app-frame', 'app-cursors', 'app-attention', 'app-board-history', 'app-automation']);
    for (const id of EXTENSION_IDS) expect(POLICY_NAMES).toContain(id);
    expect(featureAvailable(true, [], 'app-frame')).toBe(true);
    expect(featureAvailable(true, ['app-frame'], 'app-frame')).toBe(false);
    expect(featureAvailable(false, [], 'app-frame')).toBe(false);
  });
});

describe('boardPolicies (extensions on a board)', () => {
  it("is the plan's policies less the unplugged app-* features, and never more than the plan", () => {
    const team = boardPolicies({ plan: 'team', qty: 1 }, ['app-cursors', 'app-frame']);
    expect(team).toContain('app-comment');
    expect(team).toContain('highlighter-toolbox');
    expect(team).not.toContain('app-cursors');
    expect(team).not.toContain('app-frame');
    expect(boardPolicies({ plan: 'essential', qty: 1 }, [])).not.toContain('app-cursors');
    expect(boardPolicies({}, [])).toEqual([]);
  });
});
