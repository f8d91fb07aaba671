import type { PartnersApi, PartnerDetails, PayoutRow } from '../../admin/partners/partners-api';
import { checkTransition, nextStatuses, partnerStatus, programOf, typesOfStatuses } from './partners.rules';
import { HttpError, type FetchPage, type ListQuery } from '../../ui';

/** An in-memory PartnersApi for the Partners stories (the programme rules of shared/partners, no server). */
const page =
  <Row extends object>(rows: () => Row[]): FetchPage<Row> =>
  async (q: ListQuery) => {
    const text = String(q.Filter ?? '').toLowerCase();
    const kept = rows().filter((r) => !text || JSON.stringify(r).toLowerCase().includes(text));
    return { totalCount: kept.length, data: kept.slice(q.Skip, q.Skip + q.Take) };
  };

/** A 400 in the server's envelope. */
const fieldError = (field: string, message: string) => new HttpError(400, { message, errors: { [field]: [message] } }, message);

export function samplePartnersApi(): PartnersApi {
  const partners: PartnerDetails[] = [
    sample('p1', 'Northwind Resellers', 'north@example.com', { Reseller: 'Active' }),
    sample('p2', null, 'new.partner@example.com', {}),
    sample('p3', 'Contoso Referrals', 'contoso@example.com', { Reseller: 'UnderReview', Referral: 'Rejected' }),
  ];
  const payouts: Record<string, PayoutRow[]> = { p1: [payout('o1', 'PP-000001', 'Paid', 5600), payout('o2', 'PP-000002', 'Open', 1280)] };
  const find = (id: string) => partners.find((p) => p.id === id)!;
  const setStatus = (id: string, code: string, status: string, reason: string | null) => {
    const p = find(id);
    p.types = p.types.map((t) => (t.code === code ? { ...t, status, nextStatuses: nextStatuses(code, status), reason } : t));
    p.status = partnerStatus(p.types.map((t) => t.status));
    return { code, status, nextStatuses: nextStatuses(code, status), reason };
  };
  return {
    partners: page(() => partners.map(({ id, name, email, status, createdDate }) => ({ id, name, email, status, createdDate }))),
    newPartner: async (email) => {
      if (!email.includes('@')) throw fieldError('email', 'user not found');
      const made = sample(`p${partners.length + 1}`, null, email, {});
      partners.unshift(made);
      return made;
    },
    details: async (id) => structuredClone(find(id)),
    customers: (id) =>
      page(() => (id === 'p1' ? [{ customerId: 'c1', email: 'carl@example.com', createdDate: '2026-11-02T09:00:00.000Z' }] : [])),
    payouts: (id) => page(() => payouts[id] ?? []),
    enroll: async (id, program) => setStatus(id, program, programOf(program)!.enrollStatus, null),
    setStatus: async (id, { state, program, reason }) => {
      const current = find(id).types.find((t) => t.code === program)?.status ?? null;
      const check = checkTransition(programOf(program)!, current, state, reason);
      if (!check.ok) throw fieldError(check.field, check.message);
      return setStatus(id, program, state, reason?.trim() || null);
    },
    generateInvoice: async () => ({
      message: 'Partner invoice generated: PP-000003 ($2.40)',
      payouts: [payout('o3', 'PP-000003', 'Open', 240)],
    }),
    pay: async (id, payoutId) => {
      const row = (payouts[id] ?? []).find((o) => o.id === payoutId)!;
      Object.assign(row, { status: 'Paid', paidDate: '2026-11-28T10:00:00.000Z' });
      return { message: `${row.number} paid`, payout: row };
    },
  };
}

function sample(id: string, name: string | null, email: string, statuses: Record<string, string>): PartnerDetails {
  const types = typesOfStatuses(statuses);
  return {
    id,
    partnerId: id,
    name,
    icon: null,
    email,
    status: partnerStatus(types.map((t) => t.status)),
    createdDate: '2026-11-01T09:00:00.000Z',
    types,
    origins: [],
  };
}

function payout(id: string, number: string, status: 'Open' | 'Paid', total: number): PayoutRow {
  const d = '2026-11-20T09:00:00.000Z';
  return {
    id,
    number,
    createdDate: d,
    status,
    program: 'Reseller',
    subtotal: total * 5,
    total,
    currency: 'USD',
    periodStart: d,
    periodEnd: d,
    paidDate: status === 'Paid' ? d : null,
  };
}
