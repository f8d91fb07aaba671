import { createContext, useContext } from 'react';
import type * as Wire from '../../shared/wire';
import { http, listFetcher, type FetchPage } from '../../ui';

/**
 * The operators' subscription and invoice calls (backoffice.md §7 "Subscriptions and invoices";
 * server: platform/admin/subscriptions, docs/backoffice.md "Subscriptions"). Screens reach them
 * through `useSubscriptionsApi()`, so a story can hand sample data instead of a server.
 */
export type SubscriptionRow = Wire.AdminSubscriptionRow;
export type AdminSubscription = Wire.AdminSubscription;
export type InvoiceRow = Wire.AdminInvoiceRow;
export type Invoice = Wire.Invoice;
export type UserWorkspaces = Wire.AdminUserWorkspaces;
export type BillingCycle = 'Monthly' | 'Quarterly' | 'Semiannually';

/** What the subscription form edits (POST /api/subscriptions/{id} takes any of it). */
export interface SubscriptionChange {
  autoRenew?: boolean;
  quantity?: number;
  addons?: string[];
  plan?: string;
  billingCycle?: BillingCycle;
  promo?: string;
  userId?: string;
}

export interface NewSubscription {
  plan: string;
  quantity: number;
  addons: string[];
  billingCycle: BillingCycle;
  autoRenew: boolean;
  promo?: string;
  userId: string;
  currency: string;
  workspaces: string[];
}

export interface SubscriptionsApi {
  subscriptions: FetchPage<SubscriptionRow>;
  subscription(id: string): Promise<AdminSubscription>;
  userWorkspaces(username: string): Promise<UserWorkspaces>;
  create(input: NewSubscription): Promise<Wire.AdminSubscriptionCreated>;
  change(id: string, input: SubscriptionChange): Promise<Wire.AdminSubscriptionChanged>;
  addPromo(id: string, promoName: string): Promise<AdminSubscription>;
  removePromo(id: string, promoId: string): Promise<AdminSubscription>;
  addCredit(userId: string, subscription: string, credit: number): Promise<Wire.AdminCreditAdded>;
  invoices(subscriptionId: string): FetchPage<InvoiceRow>;
  invoice(id: string): Promise<Invoice>;
}

const enc = encodeURIComponent;

export const httpSubscriptionsApi: SubscriptionsApi = {
  subscriptions: listFetcher<SubscriptionRow>('/api/admin/subscriptions'),
  subscription: (id) => http.get(`/api/admin/subscriptions/${enc(id)}`),
  userWorkspaces: (username) => http.get('/api/admin/subscriptions/user-workspaces', { username }),
  create: (input) => http.post('/api/subscriptions', input),
  change: (id, input) => http.post(`/api/subscriptions/${enc(id)}`, input),
  addPromo: (id, promoName) => http.post(`/api/admin/subscriptions/${enc(id)}/promos`, { promoName }),
  removePromo: (id, promoId) => http.delete(`/api/admin/subscriptions/${enc(id)}/promos/${enc(promoId)}`),
  addCredit: (userId, subscription, credit) => http.post(`/api/admin/users/${enc(userId)}/credit`, { credit, subscription }),
  invoices: (subscriptionId) => listFetcher<InvoiceRow>(`/api/admin/subscriptions/${enc(subscriptionId)}/invoices`),
  invoice: (id) => http.get(`/api/subscriptions/invoices/${enc(id)}`),
};

export const SubscriptionsApiContext = createContext<SubscriptionsApi>(httpSubscriptionsApi);
export const useSubscriptionsApi = (): SubscriptionsApi => useContext(SubscriptionsApiContext);

/** backoffice.md §2, §4, §5, §8, §9: the screens' fixed texts and choices. */
export const SUBSCRIPTION_TEXTS = {
  creditAdded: 'creadit addedd',
  saved: 'data successfully saved.',
  userNotFound: 'user not found',
  /** the View dialog could not read the subscription (not in the spec) */
  loadFailed: 'The subscription could not be loaded.',
  validGrace: 'and valid (grace)',
  invalidGrace: 'but invalid (grace)',
} as const;
export const STATUS_FILTERS = ['all', 'Active', 'Expired', 'Pending', 'Paused', 'Canceled', 'Suspended'] as const;
export const PLANS = [
  { value: 'team', label: 'Team' },
  { value: 'teamplus', label: 'Team Plus' },
] as const;
export const ADDONS = [{ value: 'white-label-api', label: 'White-label API' }] as const;
export const CYCLES: BillingCycle[] = ['Monthly', 'Quarterly', 'Semiannually'];
/** New subscription defaults (backoffice.md §5, §9). */
export const NEW_DEFAULTS = { plan: 'team', billingCycle: 'Monthly' as BillingCycle, quantity: 1, autoRenew: true, currency: 'USD' };

/** '12.50' → 1250 minor units; null when it is not an amount with at most 2 decimals above 0. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
