import { loadConfig } from './config';
import { createPlatform } from './server';

/** `npm start`: boot the platform and stop it gracefully on SIGINT/SIGTERM. */
const config = loadConfig();
const platform = await createPlatform(config);
await platform.server.start();
platform.logger.info({ url: platform.server.info.uri, publicUrl: config.publicUrl }, 'Tabula platform started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    platform.logger.info({ signal }, 'shutting down');
    try {
      await platform.stop();
    } finally {
      process.exit(0);
    }
  });
}
