import { PANEL_MESSAGES } from './messages';

/** Default return path after login (panel.md §9). */
export const DEFAULT_RETURN = '/panel';

/**
 * The `ret` query value as a same-origin path (pathname + search + hash), or the default.
 *
 * The check is the browser's own URL parsing, not a look at the first characters: `ret` is
 * resolved against this origin (`new URL(ret, origin)` strips tabs and newlines, treats `\` as
 * `/` and `//host` as another host, exactly as a navigation would), and only a result on the
 * same origin is kept. `/%09/evil.example/x`, `//evil.example`, `/\evil.example`,
 * `https://evil.example` and `javascript:…` all fall back to the default (docs/security.md,
 * "Headers and redirects"; tests/e2e/security-redirect.spec.ts).
 */
export function safeReturn(ret: string | null | undefined, origin: string = currentOrigin()): string {
  if (!ret) return DEFAULT_RETURN;
  let url: URL;
  try {
    url = new URL(ret, origin);
  } catch {
    return DEFAULT_RETURN;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return DEFAULT_RETURN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // a same-origin result always starts with one '/'; never hand back something a second parse could read as a host
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : DEFAULT_RETURN;
}

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
}

/** The message above the login/signup form for a return address (panel.md §2). */
export function retNotice(ret: string | null | undefined): string | null {
  if (!ret) return null;
  if (ret.includes('/subscription') || ret.includes('/invitations/redeem/')) return PANEL_MESSAGES.claimOffer;
  if (ret.includes('/authorize-partner')) return PANEL_MESSAGES.authorizePartner;
  return null;
}

/** `path` with `?ret=` kept (switching login ↔ signup keeps ret). */
export function withRet(path: string, ret: string | null | undefined): string {
  return ret ? `${path}?ret=${encodeURIComponent(ret)}` : path;
}

/** Paths the panel app itself renders (navigated inside the SPA; anything else loads a page). */
export function isAppPath(path: string): boolean {
  return /^\/(panel|accounts|app\/panel|access-denied)(\/|\?|#|$)/.test(path);
}
