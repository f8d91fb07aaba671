import { defineConfig } from '@playwright/test';

/**
 * Browser tests in real Chromium (Debian's /usr/bin/chromium; `npx playwright install`
 * cannot work here). Each worker keeps one platform per configuration for the spec files it runs
 * (tests/e2e/support/suite.ts useServer; files that need a server of their own start one) — the
 * built server, from a migrated template (tests/e2e/global-setup.ts, tests/e2e/support/server.ts) —
 * so files run side by side, two at a time (E2E_WORKERS), each file's tests in order.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // never retried: a test that fails once is a failure to fix, not a flake to label (docs/testing.md)
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
