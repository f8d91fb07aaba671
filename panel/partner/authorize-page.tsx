import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, errorText, HttpError, Spinner, useSession } from '../../ui';
import { loginFor } from '../guard';
import { PANEL_MESSAGES } from '../messages';
import { withRet } from '../ret';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';
import { partnerApi, type PublicPartner } from './api';
import { usePartnerStyles } from './styles';

export const AUTHORIZE_PATH = '/invitations/authorize-partner';
export const AUTHORIZE_TEXTS = {
  title: 'Authorize your partner',
  invalid: 'This partner link is not valid. Ask your partner for a new one.',
  ask: (name: string) => `${name} will manage your Tabula subscription: your plan, seats and invoices.`,
  authorize: 'Authorize',
} as const;

/**
 * /invitations/authorize-partner?state=…&returnUrl=…&partnerId=… (panel.md §2 "Integration
 * document"; docs/embedding.md "Integrate with Your Website"): shows the partner (name, logo),
 * asks a visitor to log in or sign up (ret brings them back here, with the same query), then
 * Authorize makes them the partner's customer and the browser goes to the address the server
 * answers: the partner's returnUrl with state, customer and customerId (or the panel's home).
 */
export function AuthorizePartnerPage() {
  usePanelStyles();
  usePartnerStyles();
  useDocumentTitle(AUTHORIZE_TEXTS.title);
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { accessToken } = useSession();
  const partnerId = query.get('partnerId') ?? '';
  const [partner, setPartner] = useState<PublicPartner | null | 'invalid'>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `${AUTHORIZE_PATH}?${query.toString()}`;

  useEffect(() => {
    if (!partnerId) return setPartner('invalid');
    let live = true;
    partnerApi.publicPartner(partnerId).then(
      (p) => live && setPartner(p),
      () => live && setPartner('invalid'),
    );
    return () => {
      live = false;
    };
  }, [partnerId]);

  const authorize = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { redirect } = await partnerApi.authorize(partnerId, {
        returnUrl: query.get('returnUrl') ?? '',
        state: query.get('state') ?? '',
      });
      // the server answers either the partner's registered site or our own home page
      if (redirect.startsWith('/')) navigate(redirect);
      else window.location.assign(redirect);
    } catch (err) {
      const fields = err instanceof HttpError ? Object.values(err.errors ?? {}).flat() : [];
      setError(fields[0] ?? errorText(err));
      setBusy(false);
    }
  };

  return (
    <div className="x-page">
      <main className="p-authorize" aria-live="polite">
        <h1 className="x-title">{AUTHORIZE_TEXTS.title}</h1>
        {partner === null && <Spinner label="Loading the partner" />}
        {partner === 'invalid' && <p className="x-text">{AUTHORIZE_TEXTS.invalid}</p>}
        {partner && partner !== 'invalid' && (
          <>
            {partner.icon && <img src={partner.icon} alt={`${partner.name} logo`} />}
            <p className="x-title">{partner.name}</p>
            {accessToken ? (
              <>
                <p className="x-text">{AUTHORIZE_TEXTS.ask(partner.name)}</p>
                {error && (
                  <p className="x-text p-authorize__error" role="alert">
                    {error}
                  </p>
                )}
                <div className="x-actions">
                  <Button busy={busy} onClick={() => void authorize()}>
                    {AUTHORIZE_TEXTS.authorize}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <p className="x-text">{PANEL_MESSAGES.authorizePartner}</p>
                <div className="x-actions">
                  <Link className="t-btn t-btn--secondary" to={withRet('/accounts/signup', here)}>
                    Sign up
                  </Link>
                  <Link className="t-btn t-btn--primary" to={loginFor(here)}>
                    Log in
                  </Link>
                </div>
              </>
            )}
          </>
        )}
      </main>
    </div>
  );
}
