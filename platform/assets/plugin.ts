import type { Plugin } from '@hapi/hapi';
import { registerJob } from '../core/jobs/index';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { fileStorage } from './fs-storage';
import { assetRoutes } from './routes';
import { s3Storage } from './s3-storage';
import { scriptMediaRoutes } from './scripts-media';
import type { AssetStorage } from './storage';
import { sweepOrphanedAssets, SWEEP_INTERVAL_MS } from './sweep';

declare module '@hapi/hapi' {
  interface PluginProperties {
    assets: { storage: AssetStorage } & typeof api;
  }
}

/**
 * Assets (docs/assets.md): the pictures uploaded to boards. The storage is an S3-compatible
 * bucket when S3_BUCKET is set, else files under DATA_DIR/assets. Other domains reach it through
 * what this plugin exposes (`server.plugins.assets.storage`), never by building their own.
 * The sweep of removed boards' assets runs every 5 minutes (./sweep.ts; platform/core/jobs: on the
 * nodes with `config.jobs`, once across them).
 */
export const assetsPlugin: Plugin<void> = {
  name: 'assets',
  dependencies: ['boards'],
  register(server) {
    exposeApi(server, api);
    const { config } = server.app;
    const storage = config.assets.s3 ? s3Storage(config.assets.s3) : fileStorage(config.assets.dir);
    server.expose('storage', storage);
    server.route(assetRoutes((request) => ({ ...request.server.app, assets: storage })));
    server.route(scriptMediaRoutes((request) => ({ ...request.server.app, assets: storage })));
    registerJob(server, {
      name: 'asset-sweep',
      everyMs: SWEEP_INTERVAL_MS,
      run: async ({ db }) => ({ removed: await sweepOrphanedAssets(db, storage) }),
    });
  },
};
