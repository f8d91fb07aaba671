/**
 * Integrations (panel.md §2 Integrations tab, §7): GET /api/integrations shows Google with the
 * caller's connected state (the link "Sign in with Google" stores in external_identities); POST
 * /api/intergrations/disconnect (spelled as the spec spells it) removes the caller's link only,
 * and never the last way into an account without a password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertExternalIdentity } from '../../platform/accounts/repo';
import { updateUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, signedIn, type Who } from './boards-fixtures';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p?.stop());

const list = (who: Who | null) => call(p, who, 'GET', '/api/integrations');
const disconnect = (who: Who | null, key: unknown) => call(p, who, 'POST', '/api/intergrations/disconnect', { key });
let n = 0;
const linkGoogle = (who: Who) =>
  insertExternalIdentity(p.db, { userId: who.user!.id, provider: 'google', subject: `g-${++n}-${Date.now()}`, email: who.user!.username });
const links = async (who: Who) => (await p.db('external_identities').where({ user_id: who.user!.id })).length;

describe('integrations', () => {
  it('lists Google, not connected, and not offered when Google sign-in is not configured', async () => {
    const ann = await signedIn(p);
    const res = await list(ann);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ key: 'google', name: 'Google', description: expect.any(String), isConnected: false, canConnect: false }]);
    expect((await list(null)).status).toBe(401);
  });

  it('shows a linked Google identity as connected, for its own account only', async () => {
    const ann = await signedIn(p);
    const bob = await signedIn(p);
    await linkGoogle(ann);
    expect((await list(ann)).body[0].isConnected).toBe(true);
    expect((await list(bob)).body[0].isConnected).toBe(false);
  });

  it('refuses to disconnect the only way into an account without a password', async () => {
    const ann = await signedIn(p); // made without a password
    await linkGoogle(ann);
    const res = await disconnect(ann, 'google');
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Set a password before disconnecting Google.', errors: { key: ['Set a password before disconnecting Google.'] } },
    });
    expect(await links(ann)).toBe(1);
  });

  it('disconnects once the account has a password', async () => {
    const ann = await signedIn(p);
    await linkGoogle(ann);
    await updateUser(p.db, ann.user!.id, { password_hash: 'scrypt$placeholder' });
    const res = await disconnect(ann, 'google');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ key: 'google', isConnected: false });
    expect(await links(ann)).toBe(0);
  });

  it("never touches another account's link; refuses what is not connected or unknown", async () => {
    const ann = await signedIn(p);
    const bob = await signedIn(p);
    await linkGoogle(ann);
    await updateUser(p.db, bob.user!.id, { password_hash: 'scrypt$placeholder' });
    expect(await disconnect(bob, 'google')).toMatchObject({
      status: 400,
      body: { errors: { key: ['This integration is not connected.'] } },
    });
    expect(await links(ann)).toBe(1);
    expect((await disconnect(ann, 'github')).status).toBe(400);
    expect((await disconnect(ann, undefined)).status).toBe(400);
    expect((await disconnect(null, 'google')).status).toBe(401);
    expect(await links(ann)).toBe(1);
  });
});
