import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, confirm, Spinner, toast } from '../../ui';
import { clientsApi, DEVELOPER_TEXTS as T, type ClientApp } from './api';
import { useDeveloperStyles } from './styles';

export interface DevelopersPageProps {
  /** start from this state instead of loading it (stories): null = no app */
  app?: ClientApp | null;
}

function copy(text: string) {
  navigator.clipboard?.writeText(text).then(
    () => toast.success(T.copied),
    () => undefined,
  );
}

function Row({ label, value, mono, children }: { label: string; value?: string; mono?: boolean; children?: ReactNode }) {
  return (
    <div className="p-dev__row">
      <dt>{label}</dt>
      <dd className={mono ? 'p-dev__mono' : undefined}>{children ?? value}</dd>
    </div>
  );
}

/** The app's details: appName, clientId, secret (once, or masked), origins; Edit and Regenerate. */
export function AppDetails({ app, onRegenerate, regenerating }: { app: ClientApp; onRegenerate: () => void; regenerating?: boolean }) {
  return (
    <div className="p-card">
      <div className="p-card__body">
        <dl className="p-dev">
          <Row label="App name" value={app.appName} />
          <Row label="Client ID" mono>
            <span data-testid="client-id">{app.clientId}</span>{' '}
            <Button variant="link" size="sm" onClick={() => copy(app.clientId)}>
              Copy
            </Button>
          </Row>
          <Row label="Secret" mono>
            {app.secret ? (
              <>
                <span data-testid="client-secret">{app.secret}</span>{' '}
                <Button variant="link" size="sm" onClick={() => copy(app.secret!)}>
                  Copy
                </Button>
              </>
            ) : (
              <span data-testid="client-secret-masked">{`••••••••${app.secretHint}`}</span>
            )}
          </Row>
          <Row label="Allowed origins">{app.allowedOrigins.length ? app.allowedOrigins.join(', ') : T.anyOrigin}</Row>
        </dl>
        {app.secret && <Alert type="warning">{T.secretOnce}</Alert>}
        <div className="p-form-actions">
          <Link className="t-btn t-btn--secondary" to="/panel/apps">
            Edit
          </Link>
          <Button variant="danger" busy={regenerating} onClick={onRegenerate}>
            Regenerate
          </Button>
        </div>
        <hr className="p-separator" />
        <h3 className="p-section-title">Embedded from</h3>
        {app.origins.length === 0 ? (
          <p className="p-dev__muted">{T.noOrigins}</p>
        ) : (
          <ul className="p-dev__origins">
            {app.origins.map((o) => (
              <li key={o.origin}>
                <span className="p-dev__mono">{o.origin}</span> — {o.embeds} embed{o.embeds === 1 ? '' : 's'}
                {o.refusals ? `, ${o.refusals} refused` : ''}
              </li>
            ))}
          </ul>
        )}
        <p className="p-dev__muted">
          How to embed a board: <a href="/documents/api">API reference</a> and the embedding guide (docs/embedding.md).
        </p>
      </div>
    </div>
  );
}

/**
 * /panel/developers (panel.md §2 "Developers and apps"): with no app a prompt to create one;
 * with an app its details (appName, clientId, secret) with Edit and Regenerate. A secret
 * handed over by /panel/apps (creation) shows once, then the page forgets it.
 */
export function DevelopersPage({ app: given }: DevelopersPageProps) {
  useDeveloperStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const [app, setApp] = useState<ClientApp | null | undefined>(given);
  const [regenerating, setRegenerating] = useState(false);

  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    const handed = (location.state as { created?: ClientApp } | null)?.created;
    if (handed) navigate(location.pathname, { replace: true, state: null });
    clientsApi
      .list()
      .then((list) => live && setApp(list[0] ? { ...list[0], secret: handed?.id === list[0].id ? handed.secret : null } : null))
      .catch(() => live && setApp(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const regenerate = useCallback(async () => {
    if (!app) return;
    const ok = await confirm({ title: T.regenerateTitle, message: T.regenerateMessage, confirmText: 'Regenerate', danger: true });
    if (!ok) return;
    setRegenerating(true);
    try {
      setApp(await clientsApi.regenerate(app.id));
      toast.success(T.regenerated);
    } catch {
      /* the HTTP layer showed the error */
    } finally {
      setRegenerating(false);
    }
  }, [app]);

  if (app === undefined) {
    return (
      <div className="p-loading">
        <Spinner label="Loading" /> Loading…
      </div>
    );
  }
  if (app === null) {
    return (
      <div className="p-card">
        <div className="p-card__body p-dev__empty">
          <p>{T.noApp}</p>
          <Link className="t-btn t-btn--primary" to="/panel/apps">
            {T.createApp}
          </Link>
        </div>
      </div>
    );
  }
  return <AppDetails app={app} onRegenerate={regenerate} regenerating={regenerating} />;
}
