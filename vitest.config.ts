import { defineConfig } from 'vitest/config';

/**
 * Projects: pure logic (unit), HTTP routes and hub methods against a real database (api: the whole
 * suite, on PostgreSQL in CI — TEST_DB=pg — or on the embedded PGlite; it also runs the attack suite
 * under tests/security/, docs/security.md), the part of it that tells the embedded database apart
 * (api-embedded: run on PGlite next to the full suite on PostgreSQL), and Storybook stories rendered
 * in jsdom (stories). Every API test file starts from a copy of the run's migrated database
 * (tests/helpers/template.ts), not from an empty one.
 */

/**
 * What the embedded mode changes: one connection (transactions, caps, group commit), snapshots,
 * bytea as Uint8Array (library), the data directory and boot (health, admin command line), and the
 * main paths of a board (join, commands, catch-up, undo, hub) — docs/testing.md.
 */
const EMBEDDED_SUITE = [
  'health',
  'migrate',
  'admin-cli',
  'commands',
  'commands-group-commit',
  'commands-snapshots',
  'catchup',
  'idempotency',
  'undo-answer',
  'hub',
  'boards',
  'library-backup',
  'library-actions',
  'accounts',
  'workspaces',
  'comments',
  'chat',
].map((name) => `tests/api/${name}.test.ts`);

/**
 * Files that replace a module (vi.mock) need a module cache of their own; every other API file shares
 * its worker's (isolate: false), so the platform's modules are loaded once per worker, not once per file
 * (that loading was most of the suite's time).
 */
const MOCKING = ['tests/api/accounts-login-cost.test.ts'];

const api = {
  environment: 'node' as const,
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  maxWorkers: 2,
  globalSetup: ['tests/helpers/global-setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      // pure logic: the files share their worker's module cache (no file replaces a module)
      // (20 s, not 5: the log reader's chunked reads took over 5 s once with three stages side by side)
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 20_000 } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'], exclude: MOCKING, ...api } },
      { test: { name: 'api-mocking', include: MOCKING, ...api, isolate: true } },
      // the built server as a process (signals, exit codes, logs): scripts/test.mjs builds first
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      { test: { name: 'api-embedded', include: EMBEDDED_SUITE, ...api, env: { TEST_DB: 'pglite' } } },
      // whole screens rendered in jsdom with many interactions: more than the default 5 s on a busy machine
      { test: { name: 'stories', include: ['tests/stories/**/*.test.tsx'], environment: 'jsdom', testTimeout: 20_000 } },
    ],
  },
});
