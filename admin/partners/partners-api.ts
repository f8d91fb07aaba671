import { createContext, useContext } from 'react';
import type * as Wire from '../../shared/wire';
import { http, listFetcher, type FetchPage } from '../../ui';

/**
 * The operators' partner calls (backoffice.md §7 "Partners"; server: platform/partners/admin-routes.ts,
 * docs/backoffice.md "Partners"). Answers are the server's response schemas (shared/wire.ts).
 * The screen reaches them through `usePartnersApi()`, so a story or a test can hand it sample data.
 */
export type PartnerRow = Wire.AdminPartnerRow;
export type PartnerDetails = Wire.Partner;
export type PartnerType = Wire.PartnerType;
export type PartnerTypeStatus = Wire.PartnerTypeStatus;
export type PartnerCustomerRow = Wire.PartnerCustomer;
export type PayoutRow = Wire.PayoutInvoice;

export interface PartnersApi {
  partners: FetchPage<PartnerRow>;
  newPartner(email: string): Promise<PartnerDetails>;
  details(id: string): Promise<PartnerDetails>;
  customers(id: string): FetchPage<PartnerCustomerRow>;
  payouts(id: string): FetchPage<PayoutRow>;
  enroll(id: string, program: string): Promise<PartnerTypeStatus>;
  setStatus(id: string, body: { state: string; program: string; reason?: string }): Promise<PartnerTypeStatus>;
  generateInvoice(id: string): Promise<Wire.PartnerInvoicesGenerated>;
  pay(id: string, payoutId: string): Promise<Wire.PartnerPayoutPaid>;
}

const enc = encodeURIComponent;
const base = (id: string) => `/api/admin/partners/${enc(id)}`;

export const httpPartnersApi: PartnersApi = {
  partners: listFetcher<PartnerRow>('/api/admin/partners'),
  newPartner: (email) => http.post('/api/admin/partners/', { email }),
  details: (id) => http.get(`${base(id)}/details`),
  customers: (id) => listFetcher<PartnerCustomerRow>(`${base(id)}/customers`),
  payouts: (id) => listFetcher<PayoutRow>(`${base(id)}/payouts`),
  enroll: (id, program) => http.post(`${base(id)}/enrolls`, { program }),
  setStatus: (id, body) => http.post(`${base(id)}/statuses`, body),
  generateInvoice: (id) => http.post(`${base(id)}/generate-invoice`, {}),
  pay: (id, payoutId) => http.post(`${base(id)}/payouts/${enc(payoutId)}`, {}),
};

export const PartnersApiContext = createContext<PartnersApi>(httpPartnersApi);
export const usePartnersApi = (): PartnersApi => useContext(PartnersApiContext);

/** The spec's texts (backoffice.md §2 "Partners", §8). */
export const PARTNER_TEXTS = {
  confirmPayout: 'Partner payout',
  confirmGenerate: 'Generate Partner Invoice',
  generate: 'Generate Partner Invoice',
  enroll: 'Enroll the program',
  newPartner: 'New Partner',
  details: 'Partner Details',
  customers: 'Partner Customers',
  payouts: 'Partner Payouts',
  partnerCreated: 'partner created',
  statusChanged: 'status changed',
  enrolled: 'enrolled',
  rejectReason: 'Reject reason',
} as const;
