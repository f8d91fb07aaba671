import { ConfigError, loadConfig, type Config } from './config';
import { createPlatform, type Platform } from './server';
import { runProcess } from './process';

/**
 * `npm start` (node build/main.js): boot the platform and own the process's life
 * (platform/process.ts): a bad configuration or a port that cannot be listened on ends the boot
 * with a clear message and a non-zero exit; SIGTERM/SIGINT drain and exit 0 within
 * SHUTDOWN_TIMEOUT_MS; an uncaught error is logged once and ends the node for its supervisor.
 */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`Tabula cannot start: the configuration is not valid.\n${err.message}\n`);
  process.exit(78); // EX_CONFIG
}

await runProcess({
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  boot: (): Promise<Platform> => createPlatform(config),
  describe: (platform) => ({ url: platform.server.info.uri, publicUrl: config.publicUrl }),
});
