import type { Platform } from './server';

/**
 * The node's life as a process (docs/operations.md "Stopping a node"):
 * - boot, then listen; a node that cannot listen (EADDRINUSE, EACCES…) says so once and exits 1
 *   instead of staying alive serving nothing;
 * - SIGTERM or SIGINT: stop taking work, drain (platform.stop: /ready answers 503, open requests
 *   and sockets finish), exit 0; a second signal (from 500 ms on: a terminal's Ctrl-C reaches npm
 *   and the node at once) or the SHUTDOWN_TIMEOUT_MS deadline forces exit 1;
 * - an uncaught exception or unhandled rejection is logged once and ends the node (exit 70) so its
 *   supervisor starts a clean one. A bad request or frame never gets here: requests and hub sockets
 *   answer their own errors (docs/security.md "The hub's frames").
 */
export interface ProcessOptions {
  shutdownTimeoutMs: number;
  boot(): Promise<Platform>;
  describe(platform: Platform): Record<string, unknown>;
}

/** Exit codes a supervisor can tell apart. */
export const EXIT = { ok: 0, forced: 1, listen: 1, crash: 70 } as const;

export async function runProcess(options: ProcessOptions): Promise<void> {
  let platform: Platform | undefined;
  let stoppingSince = 0;
  let dying = false;

  /** Logs through the platform's logger once it exists, else as one JSON line on stderr. */
  const log = (level: 'info' | 'warn' | 'fatal', fields: Record<string, unknown>, msg: string) => {
    if (platform) return platform.logger[level](fields, msg);
    const err = fields.err instanceof Error ? { message: fields.err.message, stack: fields.err.stack } : fields.err;
    safeWrite(process.stderr, `${JSON.stringify({ level, time: new Date().toISOString(), name: 'tabula', ...fields, err, msg })}\n`);
  };

  // the log files are written asynchronously: they get 100 ms to flush, never more
  const exit = (code: number) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 100);
  };

  const crash = (origin: string) => (err: unknown) => {
    if (dying) return;
    dying = true;
    try {
      log('fatal', { err, origin }, `${origin}: the node exits so that its supervisor starts a clean one`);
    } finally {
      exit(EXIT.crash);
    }
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));

  const stop = async (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 500) return;
      log('warn', { signal }, 'second signal while draining: forcing exit');
      return exit(EXIT.forced);
    }
    stoppingSince = Date.now();
    if (!platform) return exit(EXIT.ok);
    log('info', { signal, drainMs: options.shutdownTimeoutMs }, 'shutting down: draining');
    setTimeout(() => {
      log('warn', { drainMs: options.shutdownTimeoutMs }, 'drain deadline passed: forcing exit');
      exit(EXIT.forced);
    }, options.shutdownTimeoutMs).unref();
    try {
      await platform.stop();
      log('info', {}, 'stopped');
      exit(EXIT.ok);
    } catch (err) {
      log('fatal', { err }, 'stop failed: forcing exit');
      exit(EXIT.forced);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

  platform = await options.boot();
  if (stoppingSince) return void (await platform.stop().finally(() => exit(EXIT.ok)));
  try {
    await platform.server.start();
  } catch (err) {
    const { host, port } = platform.server.settings;
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const why =
      code === 'EADDRINUSE' ? 'the port is in use by another process' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    log('fatal', { err, host, port }, `cannot listen on ${host}:${port}: ${why}`);
    safeWrite(process.stderr, `Tabula cannot listen on ${host}:${port}: ${why} (${code}).\n`);
    await platform.stop().catch(() => undefined);
    return exit(EXIT.listen);
  }
  log('info', options.describe(platform), 'Tabula platform started');
}

/** A write that never throws and never turns a closed stream into another error. */
function safeWrite(stream: NodeJS.WriteStream, text: string): void {
  try {
    if (!stream.destroyed && stream.writable) stream.write(text, () => undefined);
  } catch {
    /* the stream is gone: nothing else to tell */
  }
}
