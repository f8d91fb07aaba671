/**
 * The operator's default plan (DEFAULT_PLAN, platform/users/plan.ts): accounts without a plan of
 * their own work under it — in their token claims, their profile and the board rules that read
 * the owner's plan — so a self-hosted install without a payment gateway reaches the plan-gated
 * features. A plan set on the account wins; without the setting the free plan applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../platform/core/auth';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, newBoard, signedIn } from './boards-fixtures';

describe.each([
  ['an install with DEFAULT_PLAN=team', 'team', 200],
  ['an install without it', 'essential', 400],
] as const)('%s', (_name, defaultPlan, facilitatorStatus) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform(defaultPlan === 'essential' ? {} : { defaultPlan });
  });
  afterAll(() => p.stop());

  it(`gives accounts without a plan the ${defaultPlan} plan: token claims, profile, and the Facilitator level (team policy)`, async () => {
    const ann = await signedIn(p);
    const login = await p.server.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${ann.token}` } });
    expect(login.statusCode).toBe(200);
    expect(JSON.parse(login.payload).plan).toBe(defaultPlan);
    const board = await newBoard(p, ann);
    const res = await call(p, ann, 'POST', `/api/boards/${board.code}/sharings`, { link: 'Facilitator' });
    expect(res.status, JSON.stringify(res.body)).toBe(facilitatorStatus);
    // a session minted by the platform (the profile answer's token) carries the plan
    const renamed = await p.server.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${ann.token}` },
      payload: { displayName: 'Ann B' },
    });
    expect(renamed.statusCode, renamed.payload).toBe(200);
    expect(verifyAccessToken(p.config, JSON.parse(renamed.payload).accessToken)?.plan).toBe(defaultPlan);
  });

  it('keeps a plan set on the account', async () => {
    const bo = await signedIn(p, { plan: 'teamplus' });
    const res = await p.server.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${bo.token}` } });
    expect(JSON.parse(res.payload).plan).toBe('teamplus');
  });
});

describe('DEFAULT_WORKSPACES', () => {
  it('lets accounts without a quantity of their own own several workspaces (the multi-workspace policy); one of their own wins', async () => {
    const many = await startTestPlatform({ defaultWorkspaces: 3 });
    const one = await startTestPlatform();
    try {
      const ann = await signedIn(many);
      const saved = await many.server.inject({
        method: 'POST',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${ann.token}` },
        payload: { displayName: 'Ann' },
      });
      expect(verifyAccessToken(many.config, JSON.parse(saved.payload).accessToken)?.qty).toBe(3);
      expect((await call(many, ann, 'GET', '/api/workspaces')).status).toBe(200);
      expect((await call(many, ann, 'POST', '/api/workspaces', { name: 'Second' })).status).toBe(200);
      const bo = await signedIn(one);
      expect((await call(one, bo, 'GET', '/api/workspaces')).status).toBe(200);
      const refused = await call(one, bo, 'POST', '/api/workspaces', { name: 'Second' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.name[0]).toMatch(/one workspace/);
    } finally {
      await many.stop();
      await one.stop();
    }
  });
});
