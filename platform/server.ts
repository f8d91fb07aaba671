import Hapi from '@hapi/hapi';
import type { Logger } from 'pino';
import type { Config } from './config';
import { registerAccessLog } from './core/access-log';
import { registerAuth } from './core/auth';
import './core/context';
import { failAction, registerErrorEnvelope, responseFailAction } from './core/errors';
import { createLogger } from './core/logger';
import { registerInputGuard } from './core/input-guard';
import { isEmbedded, migrate, openDb, type Db } from './db/index';
import { healthPlugin } from './health/plugin';
import { metricsPlugin } from './metrics/plugin';
import { createMetrics } from './metrics/registry';
import { webPlugin } from './web/plugin';
import { openapiPlugin } from './openapi/plugin';
import { domainPlugins } from './plugins';
import { busChannel, createLocalBus, createRedisBus, type Bus } from './realtime/bus';
import path from 'node:path';

export interface Platform {
  server: Hapi.Server;
  db: Db;
  logger: Logger;
  config: Config;
  /** Marks the node as stopping: GET /ready answers 503 { status: 'draining' } from now on (stop() does this first). */
  drain(): void;
  stop(): Promise<void>;
}

/**
 * Composes the platform: one hapi plugin per domain (ARCHITECTURE.md), joi validation with
 * the one error envelope, bearer auth, the OpenAPI document at /documents/api.
 */
export async function createPlatform(
  config: Config,
  options: {
    db?: Db;
    logger?: Logger;
    bus?: Bus;
    /** false: the route table only, no database reached (scripts/wire-types.ts) */
    migrate?: boolean;
  } = {},
): Promise<Platform> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, dir: config.logDir });
  const db = options.db ?? openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
  if (options.migrate !== false) await migrate(db);
  const migrated = true;
  logger.info({ database: isEmbedded(db) ? 'embedded (PGlite)' : 'postgresql', redis: Boolean(config.redisUrl) }, 'database ready');

  const server = Hapi.server({
    port: config.port,
    host: config.host,
    routes: {
      validate: { failAction, options: { abortEarly: false, errors: { wrap: { label: false } } } },
      security: {
        hsts: { maxAge: 15768000, includeSubDomains: true },
        xss: 'enabled',
        noSniff: true,
        referrer: 'strict-origin-when-cross-origin',
        xframe: 'sameorigin',
      },
      // an answer is checked against its route's response schema (docs/api.md "Wire types"):
      // unknown keys refused; off the schema a 500 under test, a logged warning in production
      response: { emptyStatusCode: 204, failAction: responseFailAction(config.responseCheck) },
    },
    router: { stripTrailingSlash: true },
  });
  server.app.config = config;
  server.app.db = db;
  server.app.logger = logger;
  // readiness (GET /ready, platform/health): false until stop() begins; migrations done above
  server.app.draining = false;
  server.app.migrated = migrated;
  // Prometheus metrics of this platform (GET /metrics, platform/metrics): domains record through server.app.metrics
  const metrics = createMetrics({ db });
  server.app.metrics = metrics;
  // with REDIS_URL every node's hub hears every board message (platform/realtime/bus.ts), on the
  // deployment's channel under REDIS_PREFIX
  server.app.bus =
    options.bus ??
    (config.redisUrl
      ? createRedisBus(config.redisUrl, {
          logger,
          channel: busChannel(config.redisPrefix),
          onDelivered: (seconds) => metrics.fanoutDelivered(seconds),
        })
      : createLocalBus());

  registerErrorEnvelope(server);
  // request ids and the access log (after the envelope: its onPreResponse sees the shaped answer)
  registerAccessLog(server);
  registerInputGuard(server);
  await registerAuth(server, config);
  await server.register({
    plugin: openapiPlugin,
    options: {
      info: {
        title: 'Tabula API',
        version: '1.0.0',
        description: 'The Tabula platform REST API. Errors answer { message, errors: { field: [text] } }.',
      },
    },
  });
  await server.register({ plugin: healthPlugin });
  await server.register({ plugin: metricsPlugin });
  for (const plugin of domainPlugins) await server.register(plugin);
  await server.register({ plugin: webPlugin, options: { distDir: config.distDir } });

  let stopped = false;
  const drain = () => {
    server.app.draining = true;
  };
  // running requests get up to 5 s, less when SHUTDOWN_TIMEOUT_MS is short (Redis and the database close after them)
  const requestGraceMs = Number.isFinite(config.shutdownTimeoutMs) ? Math.min(5000, Math.max(500, config.shutdownTimeoutMs - 2000)) : 5000;
  return {
    server,
    db,
    logger,
    config,
    drain,
    async stop() {
      // before anything else: /ready answers 503 'draining' so balancers stop sending work here
      drain();
      if (stopped) return;
      stopped = true;
      await server.stop({ timeout: requestGraceMs });
      await server.app.bus.close();
      await db.destroy();
    },
  };
}
