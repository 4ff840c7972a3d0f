import { defineConfig } from 'vitest/config';

/**
 * Three projects (house style: tests/ mirrors src/):
 * - unit: pure logic in src/shared, src/server and src/client helpers;
 * - api: the real Fastify app through app.inject on PGlite (or PostgreSQL when TEST_DATABASE_URL is set);
 * - e2e: the built app in Debian's Chromium through the real built-in identity provider.
 */
export default defineConfig({
  test: {
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
          setupFiles: ['tests/e2e/support/failure-report.ts'],
          environment: 'node',
          // the slowest browser test takes ~15 s on a quiet machine, ~40 s under load: 90 s bounds a hung one
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
