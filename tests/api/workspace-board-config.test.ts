/**
 * A board honours its workspace (panel.md §3 config, §4 extension toggle): joinBoard over a real
 * socket carries the workspace's settings, and the board's policies are the plan's without the
 * extensions the workspace unplugged — a change reaches the next join at once.
 */
import { describe, expect, it } from 'vitest';
import { accessTokenFor } from '../../platform/accounts/tokens';
import { POLICY } from '../../shared/policies';
import { newBoard } from './boards-fixtures';
import { hubSuite } from './hub-suite';
import { api, makeTeam } from './workspace-fixtures';

const s = hubSuite();

async function policiesOn(code: string, who: typeof s.owner): Promise<{ policies: string[]; config: Record<string, unknown> }> {
  const c = await s.connect(who);
  const info = (await c.call('joinBoard', null, code, null, {})) as {
    claims: { policies: string[] };
    workspaceConfig: Record<string, unknown>;
  };
  return { policies: info.claims.policies, config: info.workspaceConfig };
}

describe("a workspace's board", () => {
  it("carries the workspace's settings and the plan's policies less the unplugged extensions", async () => {
    const t = await makeTeam(s.p, 'Config space');
    await s.p.db('users').where({ id: t.owner.user!.id }).update({ plan: 'team' });
    const owner = { ...t.owner, token: accessTokenFor(s.p.config, await s.p.db('users').where({ id: t.owner.user!.id }).first()) };
    const { code } = await newBoard(s.p, owner, { workspace: t.workspace.id });
    const settings = await api(s.p, owner, 'PUT', `/api/workspaces/${t.workspace.id}`, {
      zoomLimitsMin: 50,
      zoomLimitsMax: 200,
      darkTheme: true,
    });
    expect(settings.status).toBe(200);

    const before = await policiesOn(code, owner);
    expect(before.config).toMatchObject({ zoomLimits: [50, 200], theme: 'dark' });
    expect(before.policies).toEqual(expect.arrayContaining([POLICY.cursors, POLICY.frames, POLICY.comments]));

    expect((await api(s.p, owner, 'POST', `/api/workspaces/${t.workspace.id}/extensions/app-cursors`, { plugged: false })).status).toBe(
      200,
    );
    const after = await policiesOn(code, owner);
    expect(after.policies).not.toContain(POLICY.cursors);
    expect(after.policies).toContain(POLICY.frames);

    // a plan without the feature does not get it from a plugged extension
    const member = await policiesOn(code, t.member);
    expect(member.policies).not.toContain(POLICY.frames);
  });
});
