import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { RESELLER } from '../../shared/partners/programs';
import { Alert, HttpError, Spinner } from '../../ui';
import { useBillingStyles } from '../billing/styles';
import { partnerApi, type Partner } from './api';
import { usePartnerStyles } from './styles';

export const PARTNER_PATH = '/panel/partner';
export const PARTNER_TEXTS = {
  notPartner: 'The partner area is for partners. Ask the Tabula team to make your account a partner.',
  resellerOnly: 'Customers, invoices and payouts open once your Reseller programme is Active.',
  beta: 'BETA',
} as const;

/** What the area's tabs share: the partner, and a way to replace it after a save. */
export interface PartnerContext {
  partner: Partner;
  setPartner(partner: Partner): void;
}
export const usePartner = () => useOutletContext<PartnerContext>();

/** panel.md §4: a partner type counts as active when its status is Active; the Reseller one opens the rest. */
export const isReseller = (p: Partner) => p.types.some((t) => t.code === RESELLER && t.status === 'Active');

const TABS = [
  { to: 'profile', label: 'Partner Profile', reseller: false },
  { to: 'customers', label: 'Customers', reseller: true },
  { to: 'invoices', label: 'Invoices', reseller: true },
  { to: 'payout', label: 'Payout & Invoices', reseller: true },
] as const;

/**
 * /panel/partner (panel.md §2 Partner area, BETA): Partner Profile for every partner; Customers,
 * Invoices and Payout & Invoices only with an Active Reseller programme (a direct address to them
 * otherwise says so). Anyone who is no partner reads that the area is for partners.
 */
export function PartnerPage() {
  usePartnerStyles();
  // the invoice tables (p-preview) are the billing screens'
  useBillingStyles();
  const { pathname } = useLocation();
  const [partner, setPartner] = useState<Partner | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(() => {
    partnerApi
      .me()
      .then(setPartner)
      .catch((err) => setFailure(err instanceof HttpError && err.status === 403 ? PARTNER_TEXTS.notPartner : String(err?.message ?? err)));
  }, []);
  useEffect(load, [load]);

  if (failure) return <Alert type="info">{failure}</Alert>;
  if (!partner)
    return (
      <div className="p-loading">
        <Spinner label="Loading the partner area" /> Loading…
      </div>
    );
  const reseller = isReseller(partner);
  const tab = TABS.find((t) => pathname.startsWith(`${PARTNER_PATH}/${t.to}`));
  return (
    <div className="p-card">
      <nav className="p-tabs" aria-label="Partner area">
        {TABS.filter((t) => reseller || !t.reseller).map((t) => (
          <NavLink key={t.to} to={`${PARTNER_PATH}/${t.to}`} className="p-tab">
            {t.label}
          </NavLink>
        ))}
        <span className="p-badge p-partner__beta" title="This area is new: tell us what you miss.">
          {PARTNER_TEXTS.beta}
        </span>
      </nav>
      <div className="p-card__body">
        {tab?.reseller && !reseller ? (
          <Alert type="info">{PARTNER_TEXTS.resellerOnly}</Alert>
        ) : (
          <Outlet context={{ partner, setPartner }} />
        )}
      </div>
    </div>
  );
}
