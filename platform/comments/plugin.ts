import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { addComment, deleteComment } from './service';
import { commentRoutes } from './routes';

declare module '@hapi/hapi' {
  interface PluginProperties {
    comments: typeof api & { addComment: typeof addComment; deleteComment: typeof deleteComment };
  }
}

/** Comment threads: list and seen marks over HTTP; adding and deleting through the realtime hub. */
export const commentsPlugin: Plugin<void> = {
  name: 'comments',
  dependencies: ['boards', 'chat', 'notifications'],
  register(server) {
    exposeApi(server, api);
    server.expose('addComment', addComment);
    server.expose('deleteComment', deleteComment);
    server.route(commentRoutes);
  },
};
