import { describe, expect, it } from 'vitest';
import {
  ROLES,
  can,
  canClearBoard,
  canDeleteBoard,
  canDo,
  canSeeInPrivateMode,
  canUnprotect,
  permissionsOf,
  resolveBoardRole,
  OWNER_ONLY_ACTIONS,
  OWNER_OR_FACILITATOR_ACTIONS,
  LINK_SHARING_LEVELS,
  WORKSPACE_SHARING_LEVELS,
} from '../../../shared/permissions';

describe('permissions', () => {
  it('gives each role its permissions', () => {
    expect(permissionsOf('Owner').sort()).toEqual(['edit_board', 'video_chat', 'view_chat', 'view_templates', 'write_comment']);
    expect(permissionsOf('Editor')).toContain('edit_board');
    expect(can('Commenter', 'write_comment')).toBe(true);
    expect(can('Commenter', 'edit_board')).toBe(false);
    expect(can('Viewer', 'write_comment')).toBe(false);
    expect(can('Viewer', 'view_chat')).toBe(true);
    expect(permissionsOf('NoAccess')).toEqual([]);
    expect(can(null, 'view_chat')).toBe(false);
    expect(can('Hacker' as never, 'view_chat')).toBe(false);
    expect(ROLES).toEqual(['Owner', 'Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess']);
  });

  it('owner-only and owner-or-facilitator actions (board.md §6)', () => {
    for (const a of OWNER_ONLY_ACTIONS) {
      expect(canDo('Owner', a)).toBe(true);
      expect(canDo('Facilitator', a)).toBe(false);
    }
    for (const a of OWNER_OR_FACILITATOR_ACTIONS) {
      expect(canDo('Owner', a)).toBe(true);
      expect(canDo('Facilitator', a)).toBe(true);
      expect(canDo('Editor', a)).toBe(false);
    }
    expect(canClearBoard('Facilitator')).toBe(true);
    expect(canClearBoard('Editor')).toBe(false);
    expect(canDeleteBoard('Facilitator')).toBe(false);
  });

  it('unprotect and private mode rules', () => {
    expect(canUnprotect('Editor', 'u1', {})).toBe(true);
    expect(canUnprotect('Editor', 'u1', { protectedBy: 'u2' })).toBe(false);
    expect(canUnprotect('Editor', 'u2', { protectedBy: 'u2' })).toBe(true);
    expect(canUnprotect('Facilitator', 'u1', { protectedBy: 'u2' })).toBe(true);
    expect(canSeeInPrivateMode('Editor', 'u1', { uid: 'u2' })).toBe(false);
    expect(canSeeInPrivateMode('Editor', 'u1', { uid: 'u1' })).toBe(true);
    expect(canSeeInPrivateMode('Owner', 'u1', { uid: 'u2' })).toBe(true);
  });

  it('resolves the effective role from owner, member role, workspace and link levels', () => {
    expect(WORKSPACE_SHARING_LEVELS).not.toContain('NoAccess');
    expect(LINK_SHARING_LEVELS).toContain('NoAccess');
    expect(resolveBoardRole({ isOwner: true, linkLevel: 'NoAccess' })).toBe('Owner');
    expect(resolveBoardRole({})).toBe('NoAccess');
    expect(resolveBoardRole({ linkLevel: 'Viewer' })).toBe('Viewer');
    expect(resolveBoardRole({ linkLevel: 'NoAccess' })).toBe('NoAccess');
    expect(resolveBoardRole({ memberRole: 'Commenter', linkLevel: 'Viewer' })).toBe('Commenter');
    expect(resolveBoardRole({ memberRole: 'Viewer', linkLevel: 'Editor' })).toBe('Editor');
    // the workspace level applies to workspace members only
    expect(resolveBoardRole({ isWorkspaceMember: false, workspaceLevel: 'Editor', linkLevel: 'Viewer' })).toBe('Viewer');
    expect(resolveBoardRole({ isWorkspaceMember: true, workspaceLevel: 'Editor', linkLevel: 'Viewer' })).toBe('Editor');
    expect(resolveBoardRole({ memberRole: 'Facilitator' })).toBe('Facilitator');
    expect(resolveBoardRole({ memberRole: 'Facilitator', facilitatorAllowed: false })).toBe('Editor');
    // nobody becomes Owner by a member row
    expect(resolveBoardRole({ memberRole: 'Owner' })).toBe('NoAccess');
    // the owner's explicit revocation wins over the link and workspace levels
    expect(resolveBoardRole({ memberRole: 'NoAccess', linkLevel: 'Editor' })).toBe('NoAccess');
    expect(resolveBoardRole({ memberRole: 'NoAccess', isWorkspaceMember: true, workspaceLevel: 'Editor' })).toBe('NoAccess');
  });
});
