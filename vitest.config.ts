import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure logic (unit), HTTP routes and hub methods against a real database
 * (api: TEST_DB=pglite or pg, see tests/helpers/platform.ts; it also runs the attack suite
 * under tests/security/, docs/security.md), and Storybook stories rendered
 * in jsdom (stories).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      // whole screens rendered in jsdom with many interactions: more than the default 5 s on a busy machine
      { test: { name: 'stories', include: ['tests/stories/**/*.test.tsx'], environment: 'jsdom', testTimeout: 20_000 } },
    ],
  },
});
