import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { googleSignIn, readPopup, startOAuth, type TestOAuth } from '../helpers/oauth';

/** Sign in with Google against a local OAuth 2 server (never the network). */
describe('Google sign-in', () => {
  let oauth: TestOAuth;
  let p: TestPlatform;
  beforeAll(async () => {
    oauth = await startOAuth();
    p = await startTestPlatform(oauth.config);
  });
  afterAll(async () => {
    await p.stop();
    await oauth.stop();
  });
  const post = (url: string, payload: object) => p.server.inject({ method: 'POST', url, payload });
  const profileOf = async (accessToken: string) =>
    JSON.parse((await p.server.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${accessToken}` } })).payload);

  it('redirects to the provider with PKCE, the callback address under PUBLIC_URL and a state cookie', async () => {
    const res = await p.server.inject('/api/connect/google');
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(`${oauth.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('tabula-test-client');
    expect(location.searchParams.get('redirect_uri')).toBe(`${p.config.publicUrl}/api/connect/google`);
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/tabula-google=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http here
  });

  it('creates an account without a password on the first sign-in and posts the tokens to the opener', async () => {
    oauth.user = { sub: 'g-new', email: 'New.Person@Example.com', email_verified: true, name: 'New Person' };
    const popup = await googleSignIn(p);
    expect(popup.status).toBe(200);
    expect(popup.targetOrigin).toBe(new URL(p.config.publicUrl).origin);
    expect(popup.html).toContain('window.close()');
    const result = popup.oauthReturn!;
    expect(result).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), id: expect.any(String) });
    expect(await profileOf(result.accessToken!)).toMatchObject({
      id: result.id,
      username: 'new.person@example.com',
      displayName: 'New Person',
      hasPassword: false,
    });
    const identity = await p.db('external_identities').where({ provider: 'google', subject: 'g-new' }).first();
    expect(identity.user_id).toBe(result.id);
    // the refresh token works like any other
    expect((await post('/api/accounts/refresh', { refreshToken: result.refreshToken! })).statusCode).toBe(200);

    const again = await googleSignIn(p);
    expect(again.oauthReturn!.id).toBe(result.id);
    expect(await p.db('users').whereRaw('lower(username) = ?', ['new.person@example.com'])).toHaveLength(1);
  });

  it('links to the existing password account with the same e-mail', async () => {
    expect(
      (
        await post('/api/accounts/users', {
          username: 'bob@example.com',
          password: 'bob violet lantern 3',
          repeatPassword: 'bob violet lantern 3',
          terms: true,
        })
      ).statusCode,
    ).toBe(201);
    // (signup answers no id: the same answer for a taken address, docs/accounts.md)
    const bobId = JSON.parse(
      (await post('/api/accounts/login', { username: 'bob@example.com', password: 'bob violet lantern 3' })).payload,
    ).id;
    oauth.user = { sub: 'g-bob', email: 'BOB@example.com', email_verified: true, name: 'Bob' };
    const popup = await googleSignIn(p);
    expect(popup.oauthReturn!.id).toBe(bobId);
    expect((await p.db('external_identities').where({ subject: 'g-bob' }).first()).user_id).toBe(bobId);
    expect(await profileOf(popup.oauthReturn!.accessToken!)).toMatchObject({ id: bobId, hasPassword: true });
    // the password still works, and no second account appeared
    expect((await post('/api/accounts/login', { username: 'bob@example.com', password: 'bob violet lantern 3' })).statusCode).toBe(200);
    expect(await p.db('users').whereRaw('lower(username) = ?', ['bob@example.com'])).toHaveLength(1);
    // later sign-ins find the identity even when the Google e-mail changed
    oauth.user = { sub: 'g-bob', email: 'bob.new@example.com', email_verified: true };
    expect((await googleSignIn(p)).oauthReturn!.id).toBe(bobId);
  });

  it('does not link or create on an unverified or missing e-mail', async () => {
    oauth.user = { sub: 'g-unverified', email: 'bob@example.com', email_verified: false };
    expect((await googleSignIn(p)).oauthReturn).toEqual({ error: 'Your Google e-mail address is not verified.' });
    oauth.user = { sub: 'g-no-email' };
    expect((await googleSignIn(p)).oauthReturn).toEqual({ error: 'Your Google account did not share an e-mail address.' });
    expect(await p.db('external_identities').whereIn('subject', ['g-unverified', 'g-no-email'])).toHaveLength(0);
  });

  it('posts an error when the visitor refuses or the state cookie is missing', async () => {
    const denied = await p.server.inject('/api/connect/google?error=access_denied');
    expect(denied.statusCode).toBe(200);
    expect(readPopup(denied.payload).oauthReturn).toEqual({ error: 'Google sign-in failed. Please try again.' });
    const forged = await p.server.inject('/api/connect/google?code=stolen&state=x&refresh=1');
    expect(readPopup(forged.payload).oauthReturn).toEqual({ error: 'Google sign-in failed. Please try again.' });
  });

  it('GET /api/accounts/providers says Google is offered (public, no token)', async () => {
    const res = await p.server.inject('/api/accounts/providers');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.payload)).toEqual({ google: true });
  });

  it('without a Google client: providers says so; the route answers 404 with a clear message (envelope, or the popup page for a browser)', async () => {
    const bare = await startTestPlatform();
    try {
      const providers = await bare.server.inject('/api/accounts/providers');
      expect(providers.statusCode).toBe(200);
      expect(JSON.parse(providers.payload)).toEqual({ google: false });
      const res = await bare.server.inject('/api/connect/google');
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.payload).message).toBe('Google sign-in is not configured on this server.');
      // the login popup (a browser page) gets a page that tells its opener and closes, never raw JSON
      const popup = await bare.server.inject({
        url: '/api/connect/google',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(popup.statusCode).toBe(404);
      expect(String(popup.headers['content-type'])).toMatch(/^text\/html/);
      expect(popup.payload).toContain('Google sign-in is not configured on this server.');
      expect(readPopup(popup.payload).oauthReturn).toEqual({ error: 'Google sign-in is not configured on this server.' });
      expect(String(popup.headers['content-security-policy'])).toMatch(/default-src 'none'; script-src 'nonce-/);
    } finally {
      await bare.stop();
    }
  });
});
