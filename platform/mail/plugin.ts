import type { Plugin } from '@hapi/hapi';
import { closeMailTransport, drainMail } from './service';

/** Mail has no routes: the plugin lets mails still being sent finish before the server stops. */
export const mailPlugin: Plugin<void> = {
  name: 'mail',
  register(server) {
    server.ext('onPreStop', async () => {
      await drainMail(server.app);
      closeMailTransport(server.app);
    });
  },
};
