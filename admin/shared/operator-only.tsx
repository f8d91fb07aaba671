import type { ReactNode } from 'react';
import { useClaims } from '../../ui';
import { AccessDeniedPage } from '../../ui/status-page';
import { useAdminStyles } from './styles';

/** The platform Admin role (the claim the sidebar reads; the server checks the database on every call). */
export const isOperator = (roles: readonly string[] | undefined): boolean => !!roles?.some((r) => r.toLowerCase() === 'admin');

/**
 * Every admin screen is wrapped in this: a non-operator who opens an admin path sees the
 * access-denied page (the server refuses their calls anyway: docs/backoffice.md).
 */
export function OperatorOnly({ children }: { children: ReactNode }) {
  useAdminStyles();
  const claims = useClaims();
  if (!isOperator(claims?.role)) return <AccessDeniedPage />;
  return <div className="a-page">{children}</div>;
}
