import { useEffect, useRef, useState } from 'react';
import { auth, Button, errorText, Spinner, toast } from '../../ui';
import { accountsApi } from '../api';
import { integrationsApi, type Integration } from '../notifications/api';
import { GOOGLE_CONNECT_URL } from '../visitor/google';

const OTHER_ACCOUNT = 'This Google account belongs to another Tabula account.';

/**
 * /panel/profile-setting/integrations (panel.md §2, §3 Integration): each integration with its
 * name, description and state. Connect runs the Google sign-in popup (GET /api/connect/google):
 * when it answers this very account, Google is linked (same e-mail) or already was; the popup's
 * extra session is revoked either way. Disconnect: POST /api/intergrations/disconnect.
 * Connect is shown only when the server offers Google sign-in (no dead ends).
 */
export function IntegrationsPage() {
  const [list, setList] = useState<Integration[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);

  const load = () =>
    integrationsApi
      .list()
      .then(setList)
      .catch((e) => setFailed(errorText(e)));

  useEffect(() => {
    void load();
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const result = (event.data as { oauthReturn?: { id?: string; refreshToken?: string; error?: string } } | null)?.oauthReturn;
      if (!result || !popup.current) return;
      popup.current = null;
      setBusy(null);
      if (result.refreshToken) void accountsApi.logout(result.refreshToken).catch(() => undefined);
      if (result.error) toast.error(result.error);
      else if (result.id && result.id !== auth.uid()) toast.error(OTHER_ACCOUNT);
      void load();
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (popup.current?.closed) {
        popup.current = null;
        setBusy(null);
      }
    }, 500);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, []);

  function connect(i: Integration) {
    const win = window.open(GOOGLE_CONNECT_URL, 'tabula-google', 'popup=yes,width=500,height=620');
    if (!win) {
      toast.error('Allow pop-ups for this site to connect Google.');
      return;
    }
    popup.current = win;
    setBusy(i.key);
  }

  async function disconnect(i: Integration) {
    setBusy(i.key);
    try {
      setList(await integrationsApi.disconnect(i.key));
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  if (failed) return <p role="alert">{failed}</p>;
  if (!list) {
    return (
      <div className="p-loading">
        <Spinner label="Loading integrations" /> Loading integrations…
      </div>
    );
  }
  return (
    <ul className="p-extensions" aria-label="Integrations">
      {list.map((i) => (
        <li key={i.key} className="p-extension">
          <div>
            <strong>{i.name}</strong>
            <span className="p-muted p-extension__name">{i.isConnected ? 'Connected' : 'Not connected'}</span>
            <p className="p-extension__text">{i.description}</p>
          </div>
          {i.isConnected ? (
            <Button variant="secondary" busy={busy === i.key} onClick={() => void disconnect(i)}>
              Disconnect
            </Button>
          ) : (
            i.canConnect && (
              <Button busy={busy === i.key} onClick={() => connect(i)}>
                Connect
              </Button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
