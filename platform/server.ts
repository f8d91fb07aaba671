import Hapi from '@hapi/hapi';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import type { Logger } from 'pino';
import type { Config } from './config';
import { registerAuth } from './core/auth';
import './core/context';
import { failAction, registerErrorEnvelope } from './core/errors';
import { createLogger } from './core/logger';
import { registerInputGuard } from './core/input-guard';
import { isEmbedded, migrate, openDb, type Db } from './db/index';
import { healthPlugin } from './health/plugin';
import { webPlugin } from './web/plugin';
import { domainPlugins } from './plugins';
import { createLocalBus, createRedisBus, type Bus } from './realtime/bus';
import path from 'node:path';

export interface Platform {
  server: Hapi.Server;
  db: Db;
  logger: Logger;
  config: Config;
  stop(): Promise<void>;
}

/**
 * Composes the platform: one hapi plugin per domain (ARCHITECTURE.md), joi validation with
 * the one error envelope, bearer auth, the OpenAPI document at /documents/api.
 */
export async function createPlatform(config: Config, options: { db?: Db; logger?: Logger; bus?: Bus } = {}): Promise<Platform> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, dir: config.logDir });
  const db = options.db ?? openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
  await migrate(db);
  logger.info({ database: isEmbedded(db) ? 'embedded (PGlite)' : 'postgresql', redis: Boolean(config.redisUrl) }, 'database ready');

  const server = Hapi.server({
    port: config.port,
    host: config.host,
    routes: {
      validate: { failAction, options: { abortEarly: false, errors: { wrap: { label: false } } } },
      security: { hsts: { maxAge: 15768000, includeSubDomains: true }, xss: 'enabled', noSniff: true, referrer: 'strict-origin-when-cross-origin', xframe: 'sameorigin' },
      response: { emptyStatusCode: 204 },
    },
    router: { stripTrailingSlash: true },
  });
  server.app.config = config;
  server.app.db = db;
  server.app.logger = logger;
  // with REDIS_URL every node's hub hears every board message (platform/realtime/bus.ts)
  server.app.bus = options.bus ?? (config.redisUrl ? createRedisBus(config.redisUrl, { logger }) : createLocalBus());

  registerErrorEnvelope(server);
  registerInputGuard(server);
  await registerAuth(server, config);
  await server.register([
    Vision,
    {
      plugin: HapiSwagger,
      options: {
        info: { title: 'Tabula API', version: '1.0.0', description: 'The Tabula platform REST API. Errors answer { message, errors: { field: [text] } }.' },
        documentationPath: '/documents/api',
        jsonPath: '/documents/api/openapi.json',
        swaggerUIPath: '/documents/api/ui/',
        grouping: 'tags',
        securityDefinitions: { jwt: { type: 'apiKey', name: 'Authorization', in: 'header' } },
        security: [{ jwt: [] }],
      },
    },
  ]);
  await server.register({ plugin: healthPlugin });
  for (const plugin of domainPlugins) await server.register(plugin);
  await server.register({ plugin: webPlugin, options: { distDir: config.distDir } });

  let stopped = false;
  return {
    server,
    db,
    logger,
    config,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop({ timeout: 5000 });
      await server.app.bus.close();
      await db.destroy();
    },
  };
}
