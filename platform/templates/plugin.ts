import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { templateRoutes } from './routes';
import { installLibrary } from './service';

declare module '@hapi/hapi' {
  interface PluginProperties {
    templates: typeof api;
  }
}

/**
 * Templates (docs/templates.md): the built-in library (installed at start when its content
 * changed), custom templates, thumbnails, insertion into boards (the hub's addTemplate, through
 * `server.plugins.templates`) and what the back-office's rebuild and install actions run
 * (platform/admin/jobs).
 *
 * The install at start runs in the background after the node listens: one read when the library
 * is unchanged; otherwise one transaction under an advisory lock, so nodes starting together
 * install it once (platform/templates/repo.ts installTemplates). The node's stop waits for it.
 */
export const templatesPlugin: Plugin<void> = {
  name: 'templates',
  dependencies: ['admin', 'boards', 'workspaces'],
  register(server) {
    exposeApi(server, api);
    server.route(templateRoutes);
    const app = server.app;
    let installing: Promise<unknown> = Promise.resolve();
    server.ext('onPostStart', () => {
      installing = installLibrary(app)
        .then((result) => {
          if (!result.unchanged) app.logger.info({ ...result }, 'templates: library installed');
        })
        .catch((err: unknown) => app.logger.warn({ err }, 'templates: the library was not installed at start'));
    });
    server.ext('onPreStop', async () => {
      await installing;
    });
  },
};
