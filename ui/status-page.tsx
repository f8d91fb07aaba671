import { useInsertionEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ensureUiStyles, injectStyles } from './styles';
import statuspageCssText from './status-page.css?raw';

/**
 * The stand-alone status pages both apps show (404 not found, 403 access denied; panel.md §2):
 * a big code, a title, a line of text and the actions (links, passed in as children). Moved here
 * from panel/pages/not-found.tsx so admin/ (OperatorOnly) and panel/ share them without importing
 * each other (docs/architecture.md, "Layer rules"). Not exported from ui/index.ts: the board's
 * bundle, which imports that index, has no router.
 */
export const STATUS_PAGE_CSS = statuspageCssText;

/** Injects the widgets' stylesheet and the status pages' rules (the `x-` classes) once. */
export function ensureStatusPageStyles(): void {
  ensureUiStyles();
  injectStyles('tabula-status-page-styles', STATUS_PAGE_CSS);
}

/** Hook form of ensureStatusPageStyles, for components. */
export function useStatusPageStyles(): void {
  useInsertionEffect(ensureStatusPageStyles, []);
}

export interface StatusPageProps {
  /** the big code above the title ('404', '403') */
  code: string;
  title: string;
  text: string;
  /** the actions: the app's links (e.g. react-router's <Link className="t-btn …">) */
  children?: ReactNode;
  /** inside an app's shell: rendered in the content area instead of filling the window */
  embedded?: boolean;
}

export function StatusPage({ code, title, text, children, embedded = false }: StatusPageProps) {
  useStatusPageStyles();
  if (embedded) {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }}>
        <p className="x-code" aria-hidden="true">
          {code}
        </p>
        <h2 className="x-title">{title}</h2>
        <p className="x-text">{text}</p>
        <div className="x-actions">{children}</div>
      </div>
    );
  }
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

/** /access-denied (panel.md §2), and what an admin screen shows a non-operator: links home and to log in. */
export function AccessDeniedPage() {
  return (
    <StatusPage
      code="403"
      title="Access denied"
      text="You do not have permission to open this page. Log in with an account that has access."
    >
      <Link className="t-btn t-btn--secondary" to="/panel/home">
        Go to home
      </Link>
      <Link className="t-btn t-btn--primary" to="/accounts/login">
        Log in
      </Link>
    </StatusPage>
  );
}
