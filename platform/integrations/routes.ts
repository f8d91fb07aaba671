import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { uidFields } from '../core/route-pieces';
import { requestActor } from '../core/actor';
import * as service from './service';

const tags = ['api', 'integrations'];
const integration = Joi.object({
  key: Joi.string(),
  name: Joi.string(),
  description: Joi.string(),
  isConnected: Joi.boolean(),
  canConnect: Joi.boolean().description('whether this server offers connecting it (Google: GOOGLE_CLIENT_ID set)'),
})
  .prefs({ presence: 'required' })
  .label('Integration');
const list = Joi.array().items(integration).label('Integrations');

/** panel.md §7: GET /api/integrations; POST /api/intergrations/disconnect (the path as the spec spells it). Connect is GET /api/connect/google. */
export const integrationRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/integrations',
    options: {
      auth: 'jwt',
      tags,
      description: "The integrations and whether the caller's account is connected to each",
      response: { schema: list },
    },
    handler: (request: Request) => service.listIntegrations(request.server.app, requestActor(request)),
  },
  {
    method: 'POST',
    path: '/api/intergrations/disconnect',
    options: {
      auth: 'jwt',
      tags,
      description: 'Disconnect an integration {key} (path spelled as in the spec)',
      notes: `400 under key: '${service.NOT_CONNECTED}'; '${service.SET_PASSWORD_FIRST}' when Google is the account's only way in. Answers the integrations.`,
      validate: {
        payload: Joi.object({
          key: Joi.string()
            .valid(...service.INTEGRATIONS.map((i) => i.key))
            .required(),
          ...uidFields,
        }).label('DisconnectIntegration'),
      },
      response: { schema: list },
    },
    handler: (request: Request) =>
      service.disconnect(request.server.app, requestActor(request), (request.payload as { key: service.IntegrationKey }).key),
  },
];
