import type { Plugin } from '@hapi/hapi';
import { libraryRoutes } from './routes';
import { startThumbnails, stopThumbnails, thumbnailsIdle } from './thumbnails';

/**
 * The library: the panel's board list and its actions (tags, move, duplicate), backup and restore
 * (.wtb), server-rendered thumbnails, the panel home's data and user tags (docs/panel.md "Board
 * list, backup and thumbnails").
 */
export const libraryPlugin: Plugin<void> = {
  name: 'library',
  dependencies: ['admin', 'assets', 'billing', 'boards', 'users', 'workspaces'],
  register(server) {
    server.route(libraryRoutes);
    const app = server.app;
    startThumbnails(app, () => server.plugins.assets?.storage);
    server.ext('onPreStop', async () => {
      stopThumbnails(app);
      await thumbnailsIdle(app);
    });
  },
};
