import { defineConfig } from 'vitest/config';

/**
 * Three projects (tests/ mirrors src/):
 * - unit: pure logic in src/shared, src/server and src/client helpers;
 * - api: the real Fastify app through app.inject on PGlite (or PostgreSQL when TEST_DATABASE_URL is
 *   set), each app on its own database (tests/api/helpers/app.ts), so files run side by side;
 * - e2e: the built app in Debian's Chromium through the real built-in identity provider, one file
 *   at a time (each starts its own portal and browser).
 *
 * Test files run in up to two worker processes (vitest's default is one less than the CPUs: one on
 * a two-core machine); `--maxWorkers` on the command line overrides it (scripts/run-tests.mjs runs
 * the unit and API files in one worker while the browser suite runs beside them).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          setupFiles: ['tests/e2e/support/failure-report.ts'],
          environment: 'node',
          // the slowest browser test takes ~15 s on a quiet machine, ~40 s under load: 90 s bounds a
          // stuck one, and a test that times out has its browsers closed so the next ones fail at once
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // web-first assertions: expect.poll retries for up to 15 s, as long as a page action waits
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
