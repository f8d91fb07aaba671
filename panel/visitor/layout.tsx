import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../ui';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';

/** The frame of every visitor screen: brand on top, one centred card. */
export function VisitorLayout() {
  usePanelStyles();
  return (
    <div className="v-page">
      <Link to="/accounts/login" className="v-brand" aria-label="Tabula">
        <Logo size={34} />
        <span>Tabula</span>
      </Link>
      <Outlet />
    </div>
  );
}

export function VisitorCard({
  title,
  subtitle,
  children,
  footer,
  documentTitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  documentTitle?: string;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <>
      <main className="v-card">
        <h1 className="v-title">{title}</h1>
        {subtitle && <p className="v-subtitle">{subtitle}</p>}
        {children}
      </main>
      {footer && <div className="v-footer">{footer}</div>}
    </>
  );
}
