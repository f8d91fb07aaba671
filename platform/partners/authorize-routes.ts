import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import { requestActor } from '../core/actor';
import { optionalAuth } from '../core/route-pieces';
import { isUuid } from '../users/api';
import { authorizePartner, publicPartner } from './authorize';
import { handledSubscription } from './authorize-claim';
import { partnerIcon } from './repo';
import * as s from './self-schemas';

/**
 * The authorize-partner flow's calls (docs/embedding.md "Integrate with Your Website"), the
 * partner's public logo, and the subscription a partner handles as its customer reads it.
 */
const tags = ['api', 'partners'];
const app = (request: Request) => request.server.app;
const partnerId = (request: Request) => String(request.params.partnerId);

export const partnerAuthorizeRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/{partnerId}/public',
    options: {
      auth: optionalAuth,
      tags,
      description: 'What the authorize-partner page shows of a partner: name and logo',
      notes: 'Open to visitors. 404 for an unknown partner, one without a name, or one without an Active programme.',
      validate: { params: s.partnerIdParams },
      response: { schema: s.publicPartnerSchema },
    },
    handler: (request) => publicPartner(app(request), partnerId(request)),
  },
  {
    method: 'GET',
    path: '/api/partners/{partnerId}/icon',
    options: {
      auth: false,
      tags,
      description: "A partner's logo (public, for <img> tags); 404 when none",
      validate: { params: s.partnerIdParams },
    },
    async handler(request, h) {
      const icon = isUuid(partnerId(request)) ? await partnerIcon(app(request).db, partnerId(request)) : undefined;
      if (!icon) throw Boom.notFound('No image.');
      return h
        .response(Buffer.from(icon.bytes))
        .type(icon.content_type)
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'");
    },
  },
  {
    method: 'POST',
    path: '/api/partners/{partnerId}/authorize',
    options: {
      auth: 'jwt',
      tags,
      description: "Become the partner's customer; answers the partner site's address to go back to",
      notes:
        "Any signed-in account (401 otherwise). 404 'Partner not found.' for an unknown or inactive partner. 400 under returnUrl unless it is https (or http on localhost) on one of the partner's registered origins — never an open redirect; 400 under partnerId for an account that is another partner's customer, or the partner itself. redirect = returnUrl with state, customer (e-mail) and customerId.",
      validate: { params: s.partnerIdParams, payload: s.authorizeInput },
      response: { schema: s.authorizeAnswer },
    },
    handler: (request) =>
      authorizePartner(app(request), requestActor(request), partnerId(request), request.payload as { returnUrl?: string; state: string }),
  },
  {
    method: 'GET',
    path: '/api/partners/customer/subscription',
    options: {
      auth: 'jwt',
      tags,
      description: 'The subscription a partner handles, as its customer reads it (read-only), with the partner',
      notes: '401 without a token; 404 when no partner with an Active Reseller programme handles the caller.',
      response: { schema: s.handledSubscriptionSchema },
    },
    handler: (request) => handledSubscription(app(request), requestActor(request)),
  },
];
