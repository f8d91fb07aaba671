import Boom from '@hapi/boom';
import { isActiveStatus } from '../../shared/partners/programs';
import type { Actor } from '../core/actor';
import { fieldError } from '../core/errors';
import { findUserById, isUuid } from '../users/api';
import { authorizeRedirect } from './authorize-url';
import { addCustomer, partnerById, partnerOfCustomer, programsOf, type PartnerRow } from './repo';
import type { App } from './self-access';

/**
 * The authorize-partner flow (panel.md §2 "Integration document"; docs/embedding.md "Integrate
 * with Your Website"): the partner's site sends a person to /invitations/authorize-partner with
 * state, returnUrl and partnerId; signed in, they choose Authorize, which makes them the partner's
 * customer, and the browser goes back to returnUrl with state, customer (e-mail) and customerId.
 */
export const AUTHORIZE_MESSAGES = {
  partnerNotFound: 'Partner not found.',
  returnUrl: "This return address is not one of the partner's registered sites.",
  otherPartner: 'Your account is already the customer of another partner.',
  ownPartner: 'A partner cannot be its own customer.',
} as const;

/** A partner a visitor may authorize: it exists, has a name and an Active programme; 404 otherwise. */
async function authorizablePartner(app: App, partnerId: string): Promise<PartnerRow> {
  const partner = isUuid(partnerId) ? await partnerById(app.db, partnerId) : undefined;
  const active = partner ? (await programsOf(app.db, partner.id)).some((p) => isActiveStatus(p.status)) : false;
  if (!partner || !partner.name || !active) throw Boom.notFound(AUTHORIZE_MESSAGES.partnerNotFound);
  return partner;
}

/** GET /api/partners/{partnerId}/public: what the authorize page shows (name, logo). */
export async function publicPartner(app: App, partnerId: string) {
  const partner = await authorizablePartner(app, partnerId);
  return { partnerId: partner.id, name: partner.name!, icon: partner.icon };
}

/** Where a person goes after authorizing from a link without returnUrl. */
const HOME = '/panel/home';

/** POST /api/partners/{partnerId}/authorize {returnUrl, state}: answers `{ redirect, customerId, customer }`. */

export async function authorizePartner(app: App, actor: Actor | null, partnerId: string, input: { returnUrl?: string; state: string }) {
  if (!actor?.userId) throw Boom.unauthorized();
  const partner = await authorizablePartner(app, partnerId);
  const user = await findUserById(app.db, actor.userId);
  if (!user) throw Boom.unauthorized();
  const values = { state: input.state, customer: user.username, customerId: user.id };
  // without a returnUrl (the invitation link copied from the partner area) the person stays here
  const redirect = input.returnUrl ? authorizeRedirect(input.returnUrl, partner.origins ?? [], values) : HOME;
  if (!redirect) throw fieldError('returnUrl', AUTHORIZE_MESSAGES.returnUrl);
  if (partner.user_id === user.id) throw fieldError('partnerId', AUTHORIZE_MESSAGES.ownPartner);
  const current = await partnerOfCustomer(app.db, user.id);
  if (current && current.id !== partner.id) throw fieldError('partnerId', AUTHORIZE_MESSAGES.otherPartner);
  // false: another request made them a customer meanwhile (this partner's: fine; another's: refused)
  if (!current && !(await addCustomer(app.db, partner.id, user.id)) && (await partnerOfCustomer(app.db, user.id))?.id !== partner.id)
    throw fieldError('partnerId', AUTHORIZE_MESSAGES.otherPartner);
  app.logger.info({ partnerId: partner.id, customerId: user.id, again: !!current }, 'partner authorized');
  return { redirect, customerId: user.id, customer: user.username };
}
