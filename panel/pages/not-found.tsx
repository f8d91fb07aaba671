import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePanelStyles } from '../styles';

function Page({ code, title, text, children }: { code: string; title: string; text: string; children: ReactNode }) {
  usePanelStyles();
  return (
    <div className="x-page">
      <main>
        <p className="x-code" aria-hidden="true">
          {code}
        </p>
        <h1 className="x-title">{title}</h1>
        <p className="x-text">{text}</p>
        <div className="x-actions">{children}</div>
      </main>
    </div>
  );
}

/** Any unknown path (panel.md §2). Inside the shell it renders in the content area. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const body = (
    <>
      <Link className="t-btn t-btn--primary" to="/panel/home">
        Go to home
      </Link>
    </>
  );
  if (embedded) {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }}>
        <p className="x-code" aria-hidden="true">
          404
        </p>
        <h2 className="x-title">Page not found</h2>
        <p className="x-text">The page you are looking for does not exist or has moved.</p>
        <div className="x-actions">{body}</div>
      </div>
    );
  }
  return (
    <Page code="404" title="Page not found" text="The page you are looking for does not exist or has moved.">
      {body}
    </Page>
  );
}

/** /access-denied (panel.md §2): links home and to log in. */
export function AccessDeniedPage() {
  return (
    <Page code="403" title="Access denied" text="You do not have permission to open this page. Log in with an account that has access.">
      <Link className="t-btn t-btn--secondary" to="/panel/home">
        Go to home
      </Link>
      <Link className="t-btn t-btn--primary" to="/accounts/login">
        Log in
      </Link>
    </Page>
  );
}
