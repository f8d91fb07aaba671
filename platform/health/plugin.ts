import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';

/** GET /health: liveness and database reachability, for load balancers and operators. */
export const healthPlugin: Plugin<void> = {
  name: 'health',
  register(server) {
    server.route({
      method: 'GET',
      path: '/health',
      options: {
        auth: false,
        tags: ['api', 'health'],
        description: 'Liveness and database check',
        response: { schema: Joi.object({ status: Joi.string(), database: Joi.string(), uptime: Joi.number() }).label('Health') },
      },
      async handler(request, h) {
        try {
          await request.server.app.db.raw('select 1');
          return { status: 'ok', database: 'ok', uptime: process.uptime() };
        } catch {
          return h.response({ status: 'degraded', database: 'unreachable', uptime: process.uptime() }).code(503);
        }
      },
    });
  },
};
