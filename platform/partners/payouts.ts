import Boom from '@hapi/boom';
import { computePayouts, payoutNumber, type CoveredInvoice } from '../../shared/partners/commission';
import { programOf, type Program } from '../../shared/partners/programs';
import { badRequest } from '../core/errors';
import type { Db } from '../db/index';
import * as repo from './repo';

/**
 * Payout invoices (docs/billing.md "Partners"): what the platform owes a partner for its customers'
 * invoices, computed by the commission rule of the partner's Active programme (the highest rate when
 * several are Active). Each customer invoice is covered once: the partner row is locked while a
 * payout is generated, and partner_payout_items.invoice_id is unique.
 */
export const PAYOUT_MESSAGES = {
  noActiveProgram: 'The partner has no active programme: nothing can be paid out.',
  nothingToPay: 'Nothing to pay: no paid customer invoices since the last partner invoice.',
  alreadyPaid: 'This partner invoice is already paid.',
  notFound: 'Partner invoice not found.',
} as const;

/** The Active programme whose commission applies (highest rate first). */
export function payingProgram(rows: readonly repo.ProgramRow[]): Program | undefined {
  return rows
    .filter((r) => r.status === 'Active')
    .map((r) => programOf(r.program))
    .filter((p): p is Program => !!p)
    .sort((a, b) => b.commission.basisPoints - a.commission.basisPoints)[0];
}

/** Generates the partner's payout invoices (one per currency) from the customer invoices not covered yet. */
export async function generatePayouts(db: Db, partnerId: string): Promise<repo.PayoutRow[]> {
  return db.transaction(async (trx) => {
    const partner = await trx('partners').where({ id: partnerId }).forUpdate().first('id');
    if (!partner) throw Boom.notFound('Partner not found.');
    const program = payingProgram(await repo.programsOf(trx, partnerId));
    if (!program) throw badRequest(PAYOUT_MESSAGES.noActiveProgram);
    const rows = (await repo
      .customerInvoicesQuery(trx, partnerId)
      .where(
        (q) =>
          void q
            .where({ 'i.type': 'Charge', 'i.status': 'Paid' })
            .orWhere((w) => void w.where('i.type', 'Credit Note').whereNot('i.status', 'Void')),
      )
      .whereNotExists((q) => void q.select(trx.raw('1')).from('partner_payout_items as it').whereRaw('it.invoice_id = i.id'))
      .orderBy('i.created_at')
      .select('i.id', 'i.number', 'i.type', 'i.currency', 'i.total', 'i.balance', 'i.created_at', 'i.user_id')) as Array<{
      id: string;
      number: string;
      type: 'Charge' | 'Credit Note';
      currency: string;
      total: number;
      balance: number;
      created_at: Date;
      user_id: string;
    }>;
    const invoices: CoveredInvoice[] = rows.map((r) => ({
      id: r.id,
      type: r.type,
      currency: r.currency,
      total: Number(r.total),
      balance: Number(r.balance),
      createdAt: new Date(r.created_at),
    }));
    const figures = computePayouts(invoices, program.commission);
    if (figures.length === 0) throw badRequest(PAYOUT_MESSAGES.nothingToPay);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const saved: repo.PayoutRow[] = [];
    for (const f of figures) {
      const [counter] = await trx('billing_counters').where({ name: 'partner-payout' }).increment('value', 1).returning('value');
      const [payout] = (await trx('partner_payouts')
        .insert({
          number: payoutNumber(Number((counter as { value: number }).value)),
          partner_id: partnerId,
          program: program.code,
          status: 'Open',
          subtotal: f.subtotal,
          total: f.total,
          currency: f.currency,
          period_start: f.periodStart,
          period_end: f.periodEnd,
          created_at: trx.raw('clock_timestamp()'),
        })
        .returning('*')) as repo.PayoutRow[];
      await trx('partner_payout_items').insert(
        f.lines.map((l) => {
          const inv = byId.get(l.invoiceId)!;
          return {
            payout_id: payout!.id,
            invoice_id: inv.id,
            invoice_number: inv.number,
            invoice_type: inv.type,
            customer_id: inv.user_id,
            amount: l.amount,
          };
        }),
      );
      saved.push(payout!);
    }
    return saved;
  });
}

/** Marks an Open payout of this partner Paid (a Paid one is refused: 400). */
export async function payPayout(db: Db, partnerId: string, payoutId: string): Promise<repo.PayoutRow> {
  return db.transaction(async (trx) => {
    const payout = await repo.payoutOf(trx, partnerId, payoutId, true);
    if (!payout) throw Boom.notFound(PAYOUT_MESSAGES.notFound);
    if (payout.status === 'Paid') throw badRequest(PAYOUT_MESSAGES.alreadyPaid);
    const [row] = await trx('partner_payouts').where({ id: payout.id }).update({ status: 'Paid', paid_at: trx.fn.now() }).returning('*');
    return row as repo.PayoutRow;
  });
}
