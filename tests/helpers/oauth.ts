import { OAuth2Server } from 'oauth2-mock-server';
import type { Config } from '../../platform/config';
import type { TestPlatform } from './platform';

/**
 * A local OAuth 2 server standing in for Google (oauth2-mock-server), and the popup's
 * redirect chain driven without a browser: platform → authorize → callback (with bell's cookie).
 */
export interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOAuth {
  url: string;
  /** the Google-side identity the next sign-ins return */
  user: GoogleUser;
  /** settings pointing the platform at this server */
  config: Partial<Config>;
  stop(): Promise<void>;
}

export async function startOAuth(): Promise<TestOAuth> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!.replace(/\/$/, '');
  const state: TestOAuth = {
    url,
    user: { sub: 'google-user-1', email: 'someone@example.com', email_verified: true, name: 'Some One' },
    config: {
      googleClientId: 'tabula-test-client',
      googleClientSecret: 'tabula-test-secret',
      googleAuthUrl: `${url}/authorize`,
      googleTokenUrl: `${url}/token`,
      googleProfileUrl: `${url}/userinfo`,
    },
    stop: () => server.stop(),
  };
  server.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = { ...state.user };
  });
  return state;
}

export interface PopupResult {
  status: number;
  html: string;
  /** what the page posts to window.opener */
  oauthReturn: { accessToken?: string; refreshToken?: string; id?: string; error?: string } | null;
  /** the origin it posts to */
  targetOrigin: string | null;
}

/** Runs the sign-in popup: GET /api/connect/google, the provider's authorize step, the callback. */
export async function googleSignIn(platform: TestPlatform): Promise<PopupResult> {
  const start = await platform.server.inject('/api/connect/google');
  if (start.statusCode !== 302) throw new Error(`expected a redirect to the provider, got ${start.statusCode}: ${start.payload}`);
  const cookie = cookiesOf(start.headers['set-cookie']);
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(String(authorize.headers.get('location')));
  const done = await platform.server.inject({ url: callback.pathname + callback.search, headers: { cookie } });
  return { status: done.statusCode, html: done.payload, ...readPopup(done.payload) };
}

export function readPopup(html: string): Pick<PopupResult, 'oauthReturn' | 'targetOrigin'> {
  const message = /var message = (\{.*\});/.exec(html)?.[1];
  const origin = /postMessage\(message, (".*?")\)/.exec(html)?.[1];
  return {
    oauthReturn: message ? (JSON.parse(message) as { oauthReturn: PopupResult['oauthReturn'] }).oauthReturn : null,
    targetOrigin: origin ? (JSON.parse(origin) as string) : null,
  };
}

function cookiesOf(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
