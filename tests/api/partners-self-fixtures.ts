import { openSession } from '../../platform/accounts/tokens';
import { verifyAccessToken } from '../../platform/core/auth';
import { insertPartner, setProgramStatus, updatePartner, type PartnerRow } from '../../platform/partners/repo';
import { findUserById } from '../../platform/users/repo';
import type { TestPlatform } from '../helpers/platform';
import { signedIn, type Who } from './boards-fixtures';

/** A partner account (the 'partner' role and a partners row), optionally with an Active Reseller programme and origins. */
export async function makePartner(
  p: TestPlatform,
  opts: { name?: string | null; reseller?: string | null; origins?: string[] } = {},
): Promise<Who & { partner: PartnerRow }> {
  const who = await signedIn(p, { name: 'Pat Partner' });
  await p
    .db('users')
    .where({ id: who.user!.id })
    .update({ roles: ['partner'] });
  let partner = await insertPartner(p.db, who.user!.id, opts.name === undefined ? 'Acme Resale' : opts.name);
  if (opts.reseller !== null) await setProgramStatus(p.db, partner.id, 'Reseller', opts.reseller ?? 'Active', null);
  partner = await updatePartner(p.db, partner.id, { origins: opts.origins ?? ['https://shop.example'] });
  return { ...who, partner };
}

/** A fresh session token of a user, with every claim the issuer sets (customer-plan included). */
export async function freshClaims(p: TestPlatform, userId: string) {
  const session = await openSession(p.db, p.config, (await findUserById(p.db, userId))!);
  return { token: session.accessToken, claims: verifyAccessToken(p.config, session.accessToken) as unknown as Record<string, unknown> };
}
