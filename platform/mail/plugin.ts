import type { Plugin } from '@hapi/hapi';
import { exposeApi } from '../core/plugin-api';
import * as api from './api';
import { closeMailTransport, drainMail } from './service';

declare module '@hapi/hapi' {
  interface PluginProperties {
    mail: typeof api;
  }
}

/** Mail has no routes: the plugin lets mails still being sent finish before the server stops. */
export const mailPlugin: Plugin<void> = {
  name: 'mail',
  register(server) {
    exposeApi(server, api);
    server.ext('onPreStop', async () => {
      await drainMail(server.app);
      closeMailTransport(server.app);
    });
  },
};
