import { Link } from 'react-router';
import { AccessDeniedPage as AccessDenied, StatusPage } from '../../ui/status-page';
import { usePanelStyles } from '../styles';

/** Any unknown path (panel.md §2). Inside the shell it renders in the content area. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  usePanelStyles();
  return (
    <StatusPage code="404" title="Page not found" text="The page you are looking for does not exist or has moved." embedded={embedded}>
      <Link className="t-btn t-btn--primary" to="/panel/home">
        Go to home
      </Link>
    </StatusPage>
  );
}

/** /access-denied (panel.md §2) as a page of its own: the panel's stylesheet, then ui/'s page. */
export function AccessDeniedPage() {
  usePanelStyles();
  return <AccessDenied />;
}
