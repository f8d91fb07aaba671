/**
 * The partner API's response shapes (panel.md §3, backoffice.md §3 field names). Shared by the
 * operators' routes (/api/admin/partners/*), the partner's own (/api/partners/*) and both screens.
 * Money in minor units with its currency.
 */

/** A partner's standing in one programme; status null = not enrolled (the operator may enroll). */
export interface PartnerType {
  code: string;
  name: string;
  status: string | null;
  nextStatuses: string[];
  /** the reason given with the last status change (a rejection's reason) */
  reason: string | null;
}

export interface Partner {
  /** partners.id */
  id: string;
  /** the id a partner's site sends as `partnerId` to /invitations/authorize-partner (= id) */
  partnerId: string;
  name: string | null;
  /** the logo's public address, or null */
  icon: string | null;
  /** the partner account's e-mail (username) */
  email: string;
  /** the most advanced programme status (shared/partners/programs partnerStatus), 'None' when none */
  status: string;
  createdDate: string;
  types: PartnerType[];
  /** the origins an authorize-partner returnUrl may use */
  origins: string[];
}

/** A row of the operators' partner grid. */
export type PartnerRow = Pick<Partner, 'id' | 'name' | 'email' | 'status' | 'createdDate'>;

/** The answer of enroll and of a status change: replaces the tab's status and nextStatuses. */
export interface PartnerTypeStatus {
  code: string;
  status: string;
  nextStatuses: string[];
  reason: string | null;
}

export interface PartnerCustomer {
  /** the customer's user id */
  customerId: string;
  email: string;
  createdDate: string;
}

/** A customer's invoice or credit note as a partner sees it. */
export interface PartnerInvoice {
  id: string;
  number: string;
  createdAt: string;
  /** 'Charge' or 'Credit Note' */
  type: string;
  userEmail: string;
  status: string;
  subtotal: number;
  discount: number;
  total: number;
  currency: string;
}

/** A payout invoice: what the platform owes the partner (Open until paid). */
export interface PayoutInvoice {
  id: string;
  number: string;
  createdDate: string;
  /** Open, Paid */
  status: string;
  program: string;
  /** the commission basis (customers' invoices net of credit notes) */
  subtotal: number;
  /** the commission */
  total: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  paidDate: string | null;
}

export interface PayoutInvoiceItem {
  invoiceNumber: string;
  type: string;
  customerEmail: string | null;
  amount: number;
}

export interface PayoutInvoiceDetail extends PayoutInvoice {
  items: PayoutInvoiceItem[];
}
