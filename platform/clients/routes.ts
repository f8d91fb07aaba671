import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { claimsOf } from '../core/auth';
import { MAX_NAME_LENGTH, UID_PATTERN } from '../../shared/embed';
import * as clients from './service';

const tags = ['api', 'clients'];

const originStat = Joi.object({ origin: Joi.string(), embeds: Joi.number(), refusals: Joi.number(), lastSeen: Joi.string() })
  .prefs({ presence: 'required' })
  .label('EmbedOrigin');

const clientView = Joi.object({
  id: Joi.string().guid(),
  appName: Joi.string(),
  clientId: Joi.string(),
  secret: Joi.string().allow(null).description('shown once: after creation or regeneration, otherwise null'),
  secretHint: Joi.string(),
  allowedOrigins: Joi.array().items(Joi.string()),
  isActive: Joi.boolean(),
  createdAt: Joi.string(),
  lastSession: Joi.string().allow(null),
  origins: Joi.array().items(originStat),
})
  .prefs({ presence: 'required' })
  .label('ClientApp');

const clientPayload = Joi.object({
  appName: Joi.string().allow('').max(1000),
  terms: Joi.boolean(),
  allowedOrigins: Joi.array().items(Joi.string().allow('').max(300)).max(100),
})
  .unknown(true)
  .label('ClientAppInput');

const tokenPayload = Joi.object({
  clientId: Joi.string().max(64).required(),
  clientSecret: Joi.string().max(200).required(),
  uid: Joi.string()
    .pattern(UID_PATTERN)
    .required()
    .messages({ 'string.pattern.base': 'uid must be 1 to 100 letters, digits or _.:@|+=-.' }),
  name: Joi.string().allow('').max(MAX_NAME_LENGTH),
}).label('ParticipantTokenRequest');

const tokenResponse = Joi.object({ token: Joi.string(), expiresIn: Joi.number(), tokenType: Joi.string().valid('Bearer') })
  .prefs({ presence: 'required' })
  .label('ParticipantToken');

const embedCheckResponse = Joi.object({
  appName: Joi.string(),
  clientId: Joi.string(),
  whiteLabel: Joi.boolean(),
  allowedOrigins: Joi.array().items(Joi.string()),
})
  .prefs({ presence: 'required' })
  .label('EmbedCheck');

export const clientRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/clients',
    options: {
      auth: 'jwt',
      tags,
      description: "The signed-in user's developer app (a list of zero or one)",
      notes: 'The secret is never shown here (null); secretHint holds its last characters.',
      response: { schema: Joi.array().items(clientView).label('ClientApps') },
    },
    async handler(request) {
      const { db } = request.server.app;
      return clients.listMyClients(db, await clients.ownerOf(db, claimsOf(request)));
    },
  },
  {
    method: 'POST',
    path: '/api/clients',
    options: {
      auth: 'jwt',
      tags,
      description: "Create the signed-in user's developer app, or edit it",
      notes: `Field errors: appName ('${clients.CLIENT_MESSAGES.appNameRequired}'), terms ('${clients.CLIENT_MESSAGES.termsRequired}'), allowedOrigins. On creation the answer carries the secret, shown this once.`,
      validate: { payload: clientPayload },
      response: { schema: clientView },
    },
    async handler(request) {
      const { db } = request.server.app;
      return clients.saveClient(db, await clients.ownerOf(db, claimsOf(request)), request.payload as clients.ClientInput);
    },
  },
  {
    method: 'POST',
    path: '/api/clients/{id}/regenerate',
    options: {
      auth: 'jwt',
      tags,
      description: 'Regenerate the app secret',
      notes: 'The new secret is in the answer, shown this once; the old secret stops working at once.',
      validate: { params: Joi.object({ id: Joi.string().max(64).required() }) },
      response: { schema: clientView },
    },
    async handler(request) {
      const { db } = request.server.app;
      return clients.regenerateSecret(db, await clients.ownerOf(db, claimsOf(request)), String(request.params.id));
    },
  },
  {
    method: 'POST',
    path: '/api/clients/token',
    options: {
      auth: false,
      tags,
      description: 'Server to server: exchange clientId + clientSecret for a short-lived participant token',
      notes:
        "Call from the host's backend, never from a browser (the secret must stay on the server). Claims: sub 'client:{clientId}:{uid}', client, id = uid, plan of the app owner. Wrong credentials: 401.",
      validate: { payload: tokenPayload },
      response: { schema: tokenResponse },
    },
    async handler(request) {
      const { db, config } = request.server.app;
      return clients.exchangeToken(db, config, request.payload as clients.TokenRequest);
    },
  },
  {
    method: 'GET',
    path: '/api/clients/{clientId}/embed-check',
    options: {
      auth: false,
      tags,
      description: 'May a board of this app be embedded on this origin? (used by the board page)',
      notes:
        "Records the origin for the back-office. 403 'This board cannot be embedded on {origin}.' when the app restricts embedding to an allowlist that does not hold the origin; 404 for an unknown app.",
      validate: {
        params: Joi.object({ clientId: Joi.string().max(64).required() }),
        query: Joi.object({ origin: Joi.string().max(300).required() }).unknown(true),
      },
      response: { schema: embedCheckResponse },
    },
    async handler(request) {
      return clients.checkEmbed(
        request.server.app.db,
        String(request.params.clientId),
        request.query.origin as string,
        request.server.app.config.defaultPlan,
      );
    },
  },
];
