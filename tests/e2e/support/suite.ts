import { test } from '@playwright/test';
import { startServer, type TestServer } from './server';

/**
 * The platform process of a spec file. A playwright worker runs its spec files one after another,
 * so it keeps one server per configuration (`env`) for all of them instead of booting one per
 * file (a boot costs ~2.5 CPU-s, and the browser stage is CPU-bound): started by the first file
 * that asks, started again if a test stopped it and failed before restarting it, and killed when
 * the worker exits (its database, named after the run, is dropped by the global teardown).
 * Every test makes its own users and boards, so files do not see each other's data.
 * The answer stands for that server once it runs, so use it inside tests and hooks.
 */
const kept = new Map<string, Promise<TestServer>>();
const running = new Set<TestServer>();
// 'exit' handlers run synchronously: the servers are killed with a signal, not awaited
process.once('exit', () => {
  for (const server of running) server.killNow();
});

export async function workerServer(env: Record<string, string> = {}): Promise<TestServer> {
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  let pending = kept.get(key);
  if (!pending) {
    pending = startServer(env);
    kept.set(key, pending);
    pending.then(
      (server) => running.add(server),
      () => kept.delete(key),
    );
  }
  const server = await pending;
  if (!server.running()) await server.start();
  return server;
}

export function useServer(env: Record<string, string> = {}): TestServer {
  let started: TestServer | null = null;
  test.beforeAll(async () => {
    started = await workerServer(env);
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!started) throw new Error('The server starts in beforeAll: use it inside tests and hooks.');
      const value = Reflect.get(started, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(started) : value;
    },
  });
}
