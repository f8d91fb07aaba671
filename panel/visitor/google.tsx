import { useEffect, useRef, useState } from 'react';
import { Button, GoogleLogo } from '../../ui';
import { accountsApi, type AuthProviders, type SignedIn } from '../api';

export const GOOGLE_CONNECT_URL = '/api/connect/google';

type OAuthReturn = Partial<SignedIn> & { error?: string };

/** Asked once per page load; a failure counts as "none" and is asked again next time. */
let providers: Promise<AuthProviders> | null = null;
function loadProviders(): Promise<AuthProviders> {
  providers ??= accountsApi.providers().then(
    (answer) => ({ google: answer?.google === true }),
    () => {
      providers = null;
      return { google: false };
    },
  );
  return providers;
}

/**
 * Whether the server offers Google sign-in (GET /api/accounts/providers): null while asking.
 * `known` (stories) answers without asking.
 */
export function useGoogleOffered(known?: boolean): boolean | null {
  const [offered, setOffered] = useState<boolean | null>(known ?? null);
  useEffect(() => {
    if (known !== undefined) {
      setOffered(known);
      return;
    }
    let live = true;
    void loadProviders().then((p) => live && setOffered(p.google));
    return () => {
      live = false;
    };
  }, [known]);
  return offered;
}

/**
 * 'Sign in with Google' (panel.md §2, §7): opens GET /api/connect/google in a popup and waits
 * for the page there to post `{ oauthReturn }` back (same origin only).
 */
export function GoogleSignIn({
  onSession,
  onError,
  disabled,
}: {
  onSession: (s: SignedIn) => void;
  onError: (text: string) => void;
  disabled?: boolean;
}) {
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);
  const handlers = useRef({ onSession, onError });
  handlers.current = { onSession, onError };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { oauthReturn?: OAuthReturn } | null;
      const result = data && typeof data === 'object' ? data.oauthReturn : undefined;
      if (!result) return;
      setWaiting(false);
      popup.current = null;
      if (result.accessToken && result.refreshToken && result.id) {
        handlers.current.onSession({ accessToken: result.accessToken, refreshToken: result.refreshToken, id: result.id });
      } else {
        handlers.current.onError(result.error || 'Google sign-in failed. Please try again.');
      }
    };
    window.addEventListener('message', onMessage);
    // the popup closed without answering: stop waiting
    const poll = setInterval(() => {
      if (popup.current?.closed) {
        popup.current = null;
        setWaiting(false);
      }
    }, 500);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, []);

  const open = () => {
    const width = 500;
    const height = 620;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const win = window.open(GOOGLE_CONNECT_URL, 'tabula-google', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!win) {
      handlers.current.onError('Allow pop-ups for this site to sign in with Google.');
      return;
    }
    popup.current = win;
    win.focus();
    setWaiting(true);
  };

  return (
    <Button variant="secondary" block className="v-google" onClick={open} busy={waiting} disabled={disabled} icon={<GoogleLogo />}>
      Sign in with Google
    </Button>
  );
}
