import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText, http, Spinner, useSession } from '../../ui';
import { loginFor } from '../guard';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';

/**
 * /panel/invitation#token=… — the link of a workspace invitation e-mail (platform/workspaces,
 * docs/architecture.md "Workspaces"). The token rides in the fragment, so no server or Referer
 * sees it; it is kept in this tab's sessionStorage while the person logs in or signs up (the
 * login's ret brings them back here), then POST /api/workspaces/invitations/accept joins them.
 * The account must use the invited address; the server says so otherwise.
 */
export const INVITATION_TOKEN_KEY = 'tabula.invitation';
export const INVITATION_PATH = '/panel/invitation';

type State =
  | { kind: 'missing' }
  | { kind: 'signed-out' }
  | { kind: 'accepting' }
  | { kind: 'joined'; name: string }
  | { kind: 'failed'; text: string };

function takeToken(): string | null {
  const fromLink = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromLink) {
    sessionStorage.setItem(INVITATION_TOKEN_KEY, fromLink);
    // the token leaves the address bar (and the history entry) at once
    history.replaceState(history.state, '', location.pathname + location.search);
    return fromLink;
  }
  return sessionStorage.getItem(INVITATION_TOKEN_KEY);
}

function HomeAction() {
  return (
    <div className="x-actions">
      <Link className="t-btn t-btn--primary" to="/panel/home">
        Go to home
      </Link>
    </div>
  );
}

export function InvitationPage() {
  usePanelStyles();
  useDocumentTitle('Workspace invitation');
  const { accessToken } = useSession();
  const [state, setState] = useState<State>({ kind: 'accepting' });

  useEffect(() => {
    const token = takeToken();
    if (!token) return setState({ kind: 'missing' });
    if (!accessToken) return setState({ kind: 'signed-out' });
    let live = true;
    setState({ kind: 'accepting' });
    http
      .post<{ name: string }>('/api/workspaces/invitations/accept', { token }, { silent: true })
      .then((workspace) => {
        sessionStorage.removeItem(INVITATION_TOKEN_KEY);
        if (live) setState({ kind: 'joined', name: workspace.name });
      })
      .catch((err) => {
        // a link that cannot work any more is forgotten; a wrong account may log out and retry
        if ((err as { status?: number }).status === 400) sessionStorage.removeItem(INVITATION_TOKEN_KEY);
        if (live) setState({ kind: 'failed', text: errorText(err) });
      });
    return () => {
      live = false;
    };
  }, [accessToken]);

  return (
    <div className="x-page">
      <main aria-live="polite">
        <h1 className="x-title">Workspace invitation</h1>
        {state.kind === 'accepting' && (
          <p className="x-text">
            <Spinner /> Accepting the invitation…
          </p>
        )}
        {state.kind === 'joined' && (
          <>
            <p className="x-text">You joined the workspace {state.name}.</p>
            <HomeAction />
          </>
        )}
        {state.kind === 'signed-out' && (
          <>
            <p className="x-text">
              You have been invited to a Tabula workspace. Log in, or create an account, with the e-mail address the invitation was sent to.
            </p>
            <div className="x-actions">
              <Link className="t-btn t-btn--secondary" to={`/accounts/signup?ret=${encodeURIComponent(INVITATION_PATH)}`}>
                Create an account
              </Link>
              <Link className="t-btn t-btn--primary" to={loginFor(INVITATION_PATH)}>
                Log in
              </Link>
            </div>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <p className="x-text" role="alert">
              {state.text}
            </p>
            <HomeAction />
          </>
        )}
        {state.kind === 'missing' && (
          <>
            <p className="x-text">This invitation link is not complete. Open the link from the invitation e-mail again.</p>
            <HomeAction />
          </>
        )}
      </main>
    </div>
  );
}
