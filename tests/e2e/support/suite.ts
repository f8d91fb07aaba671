import { test } from '@playwright/test';
import { startServer, type TestServer } from './server';

/**
 * The platform process of a spec file: started before its tests (with `env`), stopped after them.
 * The answer stands for that server once it runs, so use it inside tests and hooks.
 */
export function useServer(env: Record<string, string> = {}): TestServer {
  let started: TestServer | null = null;
  test.beforeAll(async () => {
    started = await startServer(env);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!started) throw new Error('The server starts in beforeAll: use it inside tests and hooks.');
      const value = Reflect.get(started, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(started) : value;
    },
  });
}
