import type { Plugin } from '@hapi/hapi';
import { userConfigRoutes } from './configs';
import { userRoutes } from './routes';

/** Users: the signed-in user's profile, profile images, security stamp and board preferences (configs). */
export const usersPlugin: Plugin<void> = {
  name: 'users',
  register(server) {
    server.route(userRoutes);
    server.route(userConfigRoutes);
  },
};
