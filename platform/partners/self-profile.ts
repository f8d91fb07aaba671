import Boom from '@hapi/boom';
import type { Partner } from '../../shared/partners/types';
import type { Actor } from '../core/actor';
import { fieldError } from '../core/errors';
import { parseAvatarDataUrl } from '../users/api';
import { isRegistrableOrigin } from './authorize-url';
import { deletePartnerIcon, partnerView, savePartnerIcon, updatePartner } from './repo';
import { partnerOf, type App } from './self-access';

/**
 * The partner's own profile (panel.md §2 Partner area, §7 GET /api/partners/, POST
 * /api/partners/profile): name, logo (the profile-image rules) and — ours — the origins of the
 * partner's site an authorize-partner returnUrl may use (docs/embedding.md).
 */
export interface ProfileInput {
  name: string;
  /** a data URL replaces the logo; null or '' removes it; anything else (the address it was given) keeps it */
  icon?: string | null;
  /** omitted keeps them */
  origins?: string[];
}

/** The logo's public address; the version query changes with every upload. */
export const iconUrl = (app: App, partnerId: string) =>
  `${app.config.publicUrl}/api/partners/${partnerId}/icon?v=${Date.now().toString(36)}`;

export async function ownPartner(app: App, actor: Actor | null): Promise<Partner> {
  return partnerView(app.db, await partnerOf(app, actor));
}

export async function saveProfile(app: App, actor: Actor | null, input: ProfileInput): Promise<Partner> {
  const partner = await partnerOf(app, actor);
  const origins = input.origins?.map((o) => o.trim().replace(/\/$/, ''));
  const bad = origins?.findIndex((o) => !isRegistrableOrigin(o)) ?? -1;
  if (origins && bad >= 0)
    throw fieldError('origins', `${origins[bad] || '(empty)'} is not an origin: use https://host[:port] (or http://localhost:port).`);
  let icon: string | null | undefined;
  if (input.icon === null || input.icon === '') icon = null;
  else if (typeof input.icon === 'string' && input.icon.trim().startsWith('data:')) {
    let image;
    try {
      image = parseAvatarDataUrl(input.icon);
    } catch (err) {
      // the profile-image rules answer under `avatar`: here the field is `icon`
      const text = Boom.isBoom(err) ? String((err.output.payload as { message?: string }).message) : 'The image could not be read.';
      throw fieldError('icon', text);
    }
    await savePartnerIcon(app.db, partner.id, image);
    icon = iconUrl(app, partner.id);
  }
  if (icon === null) await deletePartnerIcon(app.db, partner.id);
  const saved = await updatePartner(app.db, partner.id, {
    name: input.name.trim(),
    icon,
    origins: origins ? [...new Set(origins)] : undefined,
  });
  app.logger.info({ partnerId: partner.id }, 'partner profile saved');
  return partnerView(app.db, saved);
}
