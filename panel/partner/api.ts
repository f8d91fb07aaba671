import type { Partner, PartnerCustomer, PartnerInvoice, PayoutInvoice, PayoutInvoiceDetail } from '../../shared/partners/types';
import type * as Wire from '../../shared/wire';
import { http, listFetcher, type FetchPage } from '../../ui';

/**
 * The partner area's calls (panel.md §7, /api/partners/*; platform/partners/self-routes.ts) and
 * the authorize-partner page's (platform/partners/authorize-routes.ts). Answers typed by
 * shared/partners/types.ts and the billing wire types.
 */
export type { Partner, PartnerCustomer, PartnerInvoice, PayoutInvoice, PayoutInvoiceDetail };
export type CustomerSubscription = Wire.Subscription;
export type PartnerInvoiceDetail = Wire.Invoice & { userEmail: string };

export interface ProfileSave {
  name: string;
  /** a data URL replaces the logo, null removes it, the address it was given keeps it */
  icon: string | null;
  origins: string[];
}

export interface SubscriptionChange {
  plan: string;
  quantity: number;
  billingCycle: 'Monthly';
  addons: string[];
  autoRenew: boolean;
}

export interface PublicPartner {
  partnerId: string;
  name: string;
  icon: string | null;
}

const sub = (customerId: string) => `/api/partners/customers/${encodeURIComponent(customerId)}/subscriptions`;

export const partnerApi = {
  /** silent: the area says itself that it is for partners */
  me: () => http.get<Partner>('/api/partners', undefined, { silent: true }),
  saveProfile: (body: ProfileSave) => http.post<Partner>('/api/partners/profile', body),
  customers: (): FetchPage<PartnerCustomer> => listFetcher<PartnerCustomer>('/api/partners/customers'),
  subscription: (customerId: string) => http.get<CustomerSubscription>(sub(customerId)),
  /** silent: field errors are shown on the dialog's fields */
  changeSubscription: (customerId: string, body: SubscriptionChange) =>
    http.post<CustomerSubscription>(sub(customerId), body, { silent: true }),
  cancel: (customerId: string, id: string) => http.post<CustomerSubscription>(`${sub(customerId)}/${id}/cancel`, {}),
  pause: (customerId: string, id: string, pause: boolean) => http.post<CustomerSubscription>(`${sub(customerId)}/${id}/pause`, { pause }),
  renew: (customerId: string) => http.post<CustomerSubscription>(`${sub(customerId)}/renew`, {}),
  invoices: (filters: { email?: string; from?: string; to?: string }): FetchPage<PartnerInvoice> =>
    listFetcher<PartnerInvoice>('/api/partners/invoices', Object.fromEntries(Object.entries(filters).filter(([, v]) => v))),
  invoice: (id: string) => http.get<PartnerInvoiceDetail>(`/api/partners/invoices/${encodeURIComponent(id)}`),
  payouts: (): FetchPage<PayoutInvoice> => listFetcher<PayoutInvoice>('/api/partners/partner-invoices'),
  payout: (id: string) => http.get<PayoutInvoiceDetail>(`/api/partners/partner-invoices/${encodeURIComponent(id)}`),
  /** the authorize-partner page */
  publicPartner: (partnerId: string) =>
    http.get<PublicPartner>(`/api/partners/${encodeURIComponent(partnerId)}/public`, undefined, { silent: true }),
  authorize: (partnerId: string, body: { returnUrl?: string; state: string }) =>
    http.post<{ redirect: string; customerId: string; customer: string }>(
      `/api/partners/${encodeURIComponent(partnerId)}/authorize`,
      body,
      {
        silent: true,
      },
    ),
  /** a partner's customer: the subscription the partner handles */
  handledSubscription: () =>
    http.get<CustomerSubscription & { partner: { type: string; name: string; email: string } }>(
      '/api/partners/customer/subscription',
      undefined,
      {
        silent: true,
      },
    ),
};
