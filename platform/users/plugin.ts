import type { Plugin } from '@hapi/hapi';
import { userRoutes } from './routes';

/** Users: the signed-in user's profile, profile images and security stamp. */
export const usersPlugin: Plugin<void> = {
  name: 'users',
  register(server) {
    server.route(userRoutes);
  },
};
