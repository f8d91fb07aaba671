import { useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Button, refreshTokens, useSession } from '../../ui';
import { loginFor } from '../guard';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';
import { billingApi, type BillingCalls, type RedeemResult } from './api';
import { useBillingStyles } from './styles';

/** The path of a promo's redeem link (backoffice.md §2: an invitations/redeem path followed by the code). */
export const REDEEM_LINK_PATH = '/invitations/redeem/:code';

/**
 * /invitations/redeem/{code}: the link an operator copies from the promo grid. A signed-out
 * visitor goes to the login (ret = this link; the login says 'Log in or sign up to claim your
 * offer.' and its sign-up link keeps ret), and comes back here signed in. Redeeming takes one
 * click (a link never spends a code by itself) and uses the default workspace, as /panel/redeem
 * does; the server's result is shown in red (panel.md §2 Redeem code).
 */
export function RedeemLinkPage({ api = billingApi }: { api?: Pick<BillingCalls, 'redeem'> }) {
  usePanelStyles();
  useBillingStyles();
  useDocumentTitle('Redeem code');
  const { accessToken } = useSession();
  const { code = '' } = useParams();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedeemResult | null>(null);
  if (!accessToken) return <Navigate to={loginFor(location.pathname)} replace />;

  async function redeem() {
    setBusy(true);
    try {
      const answer = await api.redeem(code.trim());
      setResult(answer);
      if (answer.succeed) await refreshTokens().catch(() => false); // a granted plan's policies come with the new token
    } catch (error) {
      setResult({ result: error instanceof Error ? error.message : String(error), succeed: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="x-page">
      <main>
        <h1 className="x-title">Redeem code</h1>
        <p className="x-text">
          Redeem the promo code <strong>{code}</strong> for your workspace.
        </p>
        {result && (
          <p className="x-text p-bill__red" role="status">
            {result.result}
          </p>
        )}
        <div className="x-actions">
          {result?.succeed ? (
            <Link className="t-btn t-btn--primary" to="/panel/subscription">
              Go to your subscription
            </Link>
          ) : (
            <>
              <Link className="t-btn t-btn--secondary" to="/panel/home">
                Go to home
              </Link>
              <Button busy={busy} onClick={() => void redeem()}>
                Redeem
              </Button>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
