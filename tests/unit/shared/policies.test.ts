import { describe, expect, it } from 'vitest';
import { POLICY, POLICY_NAMES, TEAM_POLICIES, hasPolicy, policiesOf } from '../../../shared/policies';

describe('plan policies (board.md §6)', () => {
  it('gives nothing to a free user with qty 1', () => {
    expect([...policiesOf({ plan: null, role: [], qty: 1 })]).toEqual([]);
    expect([...policiesOf({})]).toEqual([]);
  });

  it('beta-tester by plan or by role', () => {
    for (const claims of [{ plan: 'beta-tester' }, { role: ['Editor', 'beta-tester'] }]) {
      const p = policiesOf({ ...claims, qty: 1 });
      expect([...p].sort()).toEqual([
        'app-automation',
        'attach-link',
        'custom-templates',
        'dynamic-background',
        'paste-link',
        'tag-boards',
      ]);
    }
  });

  it('team and teamplus', () => {
    const team = policiesOf({ plan: 'team', qty: 1 });
    expect(team.size).toBe(22);
    for (const name of [
      'app-comment',
      'app-frame',
      'app-cursors',
      'app-attention',
      'app-board-history',
      'export-svg',
      'find-palette',
      'snap-to-object',
      'custom-colors',
      'line-linetype',
      'private-mode',
      'facilitator-role',
      'rotate-shapes',
      'backup-boards',
      'protected-lock',
      'tag-boards',
    ] as const) {
      expect(team.has(name)).toBe(true);
    }
    expect(team.has(POLICY.sharedTemplates)).toBe(false);
    const plus = policiesOf({ plan: 'teamplus', qty: 1 });
    expect(plus.has(POLICY.sharedTemplates)).toBe(true);
    for (const n of TEAM_POLICIES) expect(plus.has(n)).toBe(true);
  });

  it('white-label needs the client claim; qty ≠ 1 gives multi-workspace; early_access the rotation handle', () => {
    expect(hasPolicy({ plan: 'white-label-api', qty: 1 }, POLICY.apiWhiteLabel)).toBe(false);
    expect(hasPolicy({ plan: 'white-label-api', client: 'acme', qty: 1 }, POLICY.apiWhiteLabel)).toBe(true);
    expect(hasPolicy({ qty: 5 }, POLICY.multiWorkspace)).toBe(true);
    expect(hasPolicy({ qty: '1' }, POLICY.multiWorkspace)).toBe(false);
    expect(hasPolicy({ qty: 0 }, POLICY.multiWorkspace)).toBe(true);
    expect(hasPolicy({ plan: ['team', 'early_access'] }, POLICY.rotationHandle)).toBe(true);
    expect(hasPolicy(policiesOf({ plan: 'team' }), POLICY.frames)).toBe(true);
    expect(new Set(POLICY_NAMES).size).toBe(POLICY_NAMES.length);
  });
});
