import { PANEL_MESSAGES } from './messages';

/** Default return path after login (panel.md §9). */
export const DEFAULT_RETURN = '/panel';

/** The `ret` query value when it is a same-site path; otherwise the default. */
export function safeReturn(ret: string | null | undefined): string {
  if (!ret || !ret.startsWith('/') || ret.startsWith('//') || ret.startsWith('/\\')) return DEFAULT_RETURN;
  return ret;
}

/** The message above the login/signup form for a return address (panel.md §2). */
export function retNotice(ret: string | null | undefined): string | null {
  if (!ret) return null;
  if (ret.includes('/subscription')) return PANEL_MESSAGES.claimOffer;
  if (ret.includes('/authorize-partner')) return PANEL_MESSAGES.authorizePartner;
  return null;
}

/** `path` with `?ret=` kept (switching login ↔ signup keeps ret). */
export function withRet(path: string, ret: string | null | undefined): string {
  return ret ? `${path}?ret=${encodeURIComponent(ret)}` : path;
}

/** Paths the panel app itself renders (navigated inside the SPA; anything else loads a page). */
export function isAppPath(path: string): boolean {
  return /^\/(panel|accounts|app\/panel|access-denied)(\/|\?|$)/.test(path);
}
