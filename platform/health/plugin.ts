import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';

/**
 * GET /health: liveness and database reachability, for load balancers and operators.
 * GET /ready: readiness (docs/operations.md "Health and readiness"): 200 { status: 'ready', database,
 * redis: 'ok' | 'off', migrations: 'done' } when this node can take work; 503 naming the failing
 * part otherwise, and 503 { status: 'draining' } from the moment the node begins to stop.
 */
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

    server.route({
      method: 'GET',
      path: '/ready',
      options: {
        auth: false,
        tags: ['api', 'health'],
        description: 'Readiness: database, Redis (when configured) and migrations; 503 while the node is stopping',
        response: { schema: readiness, status: { 503: readiness } },
      },
      async handler(request, h) {
        const app = request.server.app;
        if (app.draining) return h.response({ status: 'draining' }).code(503);
        const [database, redis] = await Promise.all([
          within(READY_TIMEOUT_MS, app.db.raw('select 1')).then(
            () => 'ok',
            () => 'unreachable',
          ),
          app.bus.ping().then(
            (state) => state,
            () => 'unreachable',
          ),
        ]);
        const migrations = app.migrated ? 'done' : 'pending';
        // a stop may have begun while the checks ran
        if (app.draining) return h.response({ status: 'draining' }).code(503);
        const ready = database === 'ok' && redis !== 'unreachable' && migrations === 'done';
        return h.response({ status: ready ? 'ready' : 'unready', database, redis, migrations }).code(ready ? 200 : 503);
      },
    });
  },
};

const readiness = Joi.object({
  status: Joi.string().valid('ready', 'unready', 'draining'),
  database: Joi.string().valid('ok', 'unreachable'),
  redis: Joi.string().valid('ok', 'off', 'unreachable'),
  migrations: Joi.string().valid('done', 'pending'),
}).label('Readiness');

/** How long a readiness check waits for the database (a pool waiting for a connection would wait a minute). */
const READY_TIMEOUT_MS = 3_000;

function within<T>(ms: number, work: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref();
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}
