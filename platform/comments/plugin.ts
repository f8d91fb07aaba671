import type { Plugin } from '@hapi/hapi';
import { commentRoutes } from './routes';

/** Comment threads: list and seen marks over HTTP; adding and deleting through the realtime hub. */
export const commentsPlugin: Plugin<void> = {
  name: 'comments',
  register(server) {
    server.route(commentRoutes);
  },
};
