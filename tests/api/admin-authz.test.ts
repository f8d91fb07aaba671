/**
 * Operator authorization in one place (docs/backoffice.md "Who is an operator"): a walk over the
 * server's route table. Every operator route — under /api/admin or /api/system-logs, or tagged
 * 'operator' — carries the operator scope and refuses no token (401), a guest (401), a signed-in
 * user (403), an app participant (403), a revoked or deactivated operator (403); an operator gets
 * past authorization. The only user routes under /api/admin are the allow-list below (backoffice
 * spec: board thumbnails for the board owner or an operator, promo redemption for any user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../platform/core/auth';
import { requiresOperator, OPERATOR_TAG } from '../../platform/admin/operator';
import { updateUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, signedIn, type Who } from './boards-fixtures';
import { fillPath, operator } from './admin-fixtures';

/** User routes that live under /api/admin by the spec (added by the billing and thumbnails work): never operator-only. */
export const ADMIN_PATH_USER_ROUTES = new Set(['POST /api/admin/boards/{id}/thumbnails', 'POST /api/admin/promos/redeem']);

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
const isOperatorPath = (r: { path: string; settings: { tags?: string[] } }) =>
  /^\/api\/admin(\/|$)/.test(r.path) || /^\/api\/system-logs(\/|$)/.test(r.path) || (r.settings.tags ?? []).includes(OPERATOR_TAG);

let p: TestPlatform;
let op: Who;
let user: Who;
let revoked: Who;
let deactivated: Who;
let participant: Who;

beforeAll(async () => {
  p = await startTestPlatform({ rateLimit: { max: 10_000, windowMs: 60_000 } });
  op = await operator(p);
  user = await signedIn(p, { name: 'Ursula User' });
  // operators whose role was taken away, or whose account was deactivated, after their token was made
  revoked = await operator(p, { name: 'Rex Revoked' });
  await updateUser(p.db, revoked.user!.id, { roles: [] });
  deactivated = await operator(p, { name: 'Dee Deactivated' });
  await updateUser(p.db, deactivated.user!.id, { is_active: false });
  // a developer app's participant token naming the operator's id as its uid
  const token = signAccessToken(p.config, {
    sub: `client:app1:${op.user!.id}`,
    id: op.user!.id,
    client: 'app1',
    role: ['admin'],
    plan: 'team',
    lang: 'en',
    qty: 1,
  });
  participant = { token, actor: { userId: null, uid: op.user!.id, claims: null } };
});
afterAll(() => p?.stop());

const operatorRoutes = () => p.server.table().filter((r) => isOperatorPath(r) && !ADMIN_PATH_USER_ROUTES.has(key(r)));

describe('the operator route table', () => {
  it('has operator routes (the walk below is not empty)', () => {
    expect(operatorRoutes().map(key)).toEqual(
      expect.arrayContaining(['GET /api/admin/audit', 'GET /api/admin/boards', 'POST /api/admin/boards/{id}/disable']),
    );
  });

  it('every operator route carries the operator scope (admin/operator.ts operatorRoute)', () => {
    const missing = operatorRoutes()
      .filter((r) => !requiresOperator(r))
      .map(key);
    expect(missing, 'operator routes without the operator scope').toEqual([]);
  });

  it('no route outside the operator paths and tag asks for the scope without being tagged', () => {
    const stray = p.server
      .table()
      .filter((r) => requiresOperator(r) && !isOperatorPath(r))
      .map(key);
    expect(stray).toEqual([]);
  });

  it('every operator route refuses no token, a guest, a user, a participant, a revoked and a deactivated operator', async () => {
    const wrong: string[] = [];
    for (const r of operatorRoutes()) {
      const method = r.method.toUpperCase();
      const url = fillPath(r.path);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const cases: Array<[string, Who | null, number]> = [
        ['no token', null, 401],
        ['guest', guest(), 401],
        ['user', user, 403],
        ['participant', participant, 403],
        ['revoked operator', revoked, 403],
        // a deactivated account's token is refused by the operator scope (its sessions are revoked as well when done through the back-office)
        ['deactivated operator', deactivated, 403],
      ];
      for (const [who, as, expected] of cases) {
        const res = await call(p, as, method, url, payload);
        if (res.status !== expected) wrong.push(`${key(r)} as ${who}: ${res.status} (expected ${expected})`);
      }
      const allowed = await call(p, op, method, url, payload);
      if (allowed.status === 401 || allowed.status === 403 || allowed.status >= 500)
        wrong.push(`${key(r)} as operator: ${allowed.status} ${allowed.raw.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a granted role acts at once, on a token made before the grant', async () => {
    const later = await signedIn(p, { name: 'Lee Later' });
    expect((await call(p, later, 'GET', '/api/admin/audit')).status).toBe(403);
    await updateUser(p.db, later.user!.id, { roles: ['admin'] });
    expect((await call(p, later, 'GET', '/api/admin/audit')).status).toBe(200);
  });
});
