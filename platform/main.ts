import { loadConfig } from './config';
import { createPlatform } from './server';

/** `npm start`: boot the platform and stop it gracefully on SIGINT/SIGTERM. */
const config = loadConfig();
const platform = await createPlatform(config);

// An error that escapes one request, socket or timer must not end the process and everyone's
// sessions with it (docs/security.md "The hub's frames"): it is logged at 'fatal' with its stack,
// and the node keeps serving. Every known path answers its own errors; these are the last net.
process.on('uncaughtException', (err, origin) => {
  platform.logger.fatal({ err, origin }, 'uncaught exception: logged, the node keeps serving');
});
process.on('unhandledRejection', (reason) => {
  platform.logger.fatal({ err: reason }, 'unhandled rejection: logged, the node keeps serving');
});
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
