import Boom from '@hapi/boom';
import { checkTransition, nextStatuses, PARTNER_MESSAGES, programOf } from '../../shared/partners/programs';
import type { PartnerTypeStatus } from '../../shared/partners/types';
import { setRole } from '../admin/api';
import { fieldError } from '../core/errors';
import type { Db } from '../db/index';
import { findUserByUsername } from '../users/api';
import * as repo from './repo';

/**
 * The operators' partner actions (backoffice.md §2 "Partners", §4; docs/backoffice.md "Partners"):
 * make an account a partner, enroll it in a programme, move a programme's status.
 */
export const PARTNER_ROLE = 'partner';

export const ADMIN_PARTNER_MESSAGES = {
  userNotFound: 'user not found',
  alreadyPartner: 'This account is already a partner.',
  partnerNotFound: 'Partner not found.',
} as const;

/** An existing account (by e-mail) becomes a partner: a partners row and the 'partner' platform role. */
export async function createPartner(db: Db, email: string): Promise<repo.PartnerRow> {
  const user = await findUserByUsername(db, email);
  if (!user) throw fieldError('email', ADMIN_PARTNER_MESSAGES.userNotFound);
  return db.transaction(async (trx) => {
    if (await repo.partnerOfUser(trx, user.id)) throw fieldError('email', ADMIN_PARTNER_MESSAGES.alreadyPartner);
    const partner = await trx('partners').insert({ user_id: user.id }).onConflict('user_id').ignore().returning('*');
    if (partner.length === 0) throw fieldError('email', ADMIN_PARTNER_MESSAGES.alreadyPartner);
    await setRole(trx, user.id, PARTNER_ROLE, true);
    return partner[0] as repo.PartnerRow;
  });
}

export async function partnerOr404(db: Db, id: string): Promise<repo.PartnerRow> {
  const partner = await repo.partnerById(db, id);
  if (!partner) throw Boom.notFound(ADMIN_PARTNER_MESSAGES.partnerNotFound);
  return partner;
}

const answer = (row: repo.ProgramRow): PartnerTypeStatus => ({
  code: row.program,
  status: row.status,
  nextStatuses: nextStatuses(row.program, row.status),
  reason: row.reason,
});

/** Enrolls the partner in a programme (its enroll status); a programme already enrolled is a 400. */
export async function enroll(db: Db, partnerId: string, code: string): Promise<PartnerTypeStatus> {
  const program = programOf(code);
  if (!program) throw fieldError('program', PARTNER_MESSAGES.unknownProgram);
  return db.transaction(async (trx) => {
    await partnerOr404(trx as unknown as Db, partnerId);
    if (await repo.programOfPartner(trx, partnerId, program.code, true)) throw fieldError('program', PARTNER_MESSAGES.alreadyEnrolled);
    return answer(await repo.setProgramStatus(trx, partnerId, program.code, program.enrollStatus, null));
  });
}

/** Moves a programme to one of its next statuses (a reason where the programme asks for one). */
export async function changeStatus(
  db: Db,
  partnerId: string,
  input: { state: string; program: string; reason?: string | null },
): Promise<PartnerTypeStatus> {
  const program = programOf(input.program);
  if (!program) throw fieldError('program', PARTNER_MESSAGES.unknownProgram);
  return db.transaction(async (trx) => {
    await partnerOr404(trx as unknown as Db, partnerId);
    const current = await repo.programOfPartner(trx, partnerId, program.code, true);
    const check = checkTransition(program, current?.status ?? null, input.state, input.reason);
    if (!check.ok) throw fieldError(check.field, check.message);
    const reason = input.reason?.trim() || null;
    return answer(await repo.setProgramStatus(trx, partnerId, program.code, input.state, reason));
  });
}
