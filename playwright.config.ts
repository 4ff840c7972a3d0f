import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/e2e/support/browser';

/**
 * Visual regression tests (tests/visual, `*.visual.ts`): screenshots of the built portal compared
 * with the baselines committed beside them (docs/testing.md). Debian's Chromium, as in the e2e
 * suite, never a browser Playwright downloads. One worker: the suite shares one portal.
 */
export default defineConfig({
  testDir: 'tests/visual',
  testMatch: '**/*.visual.ts',
  // no platform suffix: CI and developers run the same kind of Linux machine
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // CI never writes a baseline: a missing one fails; locally a missing one is written (and fails once)
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-results/visual',
  expect: {
    // a page's content and two equal screenshots in a row, on a starved CPU too
    timeout: 20_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      maxDiffPixelRatio: 0.01,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
