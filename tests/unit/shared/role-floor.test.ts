import { describe, expect, it } from 'vitest';
import { resolveBoardGrant, roleFloor, roleFloorText, roleTakesEffect } from '../../../shared/permissions';

/** Roles that say what they do (issue 34 item 6): the grant behind a role, its floor, and the words for it. */
describe('role floors', () => {
  it('names the grant that decides the role; the own role wins a tie', () => {
    expect(resolveBoardGrant({ memberRole: 'Viewer', linkLevel: 'Editor' })).toEqual({ role: 'Editor', by: 'link' });
    expect(resolveBoardGrant({ memberRole: 'Editor', linkLevel: 'Editor' })).toEqual({ role: 'Editor', by: 'member' });
    expect(resolveBoardGrant({ memberRole: 'Viewer', isWorkspaceMember: true, workspaceLevel: 'Commenter', linkLevel: 'Viewer' })).toEqual({
      role: 'Commenter',
      by: 'workspace',
    });
    expect(resolveBoardGrant({ memberRole: 'NoAccess', linkLevel: 'Editor' })).toEqual({ role: 'NoAccess', by: 'member' });
    expect(resolveBoardGrant({ isOwner: true, memberRole: 'Viewer' })).toEqual({ role: 'Owner', by: 'owner' });
    expect(resolveBoardGrant({ linkLevel: 'Facilitator', facilitatorAllowed: false })).toEqual({ role: 'Editor', by: 'link' });
  });

  it('gives the lowest role that takes effect, and which choices do', () => {
    expect(roleFloor({ linkLevel: 'NoAccess' })).toBeNull();
    const link = roleFloor({ linkLevel: 'Editor' });
    expect(link).toEqual({ role: 'Editor', by: 'link' });
    expect(['Facilitator', 'Editor', 'Commenter', 'Viewer', 'NoAccess'].map((r) => roleTakesEffect(r, link))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(roleFloor({ isWorkspaceMember: true, workspaceLevel: 'Commenter', linkLevel: 'Viewer' })).toEqual({
      role: 'Commenter',
      by: 'workspace',
    });
    const owner = roleFloor({ isOwner: true, linkLevel: 'Viewer' });
    expect(owner).toEqual({ role: 'Owner', by: 'owner' });
    expect(roleTakesEffect('NoAccess', owner)).toBe(false);
    expect(roleTakesEffect('Viewer', null)).toBe(true);
  });

  it('says why in words', () => {
    expect(roleFloorText({ role: 'Editor', by: 'link' })).toBe('Everyone with the link can edit: lower the link level first');
    expect(roleFloorText({ role: 'Commenter', by: 'workspace' })).toBe(
      'Everyone in the workspace can comment: lower the workspace level first',
    );
    expect(roleFloorText({ role: 'Owner', by: 'owner' })).toMatch(/workspace role first$/);
  });
});
