/**
 * Setup file of the e2e project (vitest.config.ts): when a browser test fails, print what every
 * open tab shows (URL, title, visible text) under the test's name, so a failure or a timeout in CI
 * can be read from the log alone.
 *
 * A test that ran into its time limit has usually left its browser stuck (a page that no longer
 * answers): then every open browser is closed as well, so the file's later tests fail at once
 * ("Target page, context or browser has been closed") instead of each waiting out its own limit.
 * Any browser a file leaves open is closed after it, within a bounded time.
 */
import { afterAll, afterEach } from 'vitest';
import { closeAllBrowsers, describeOpenPages } from './browser';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const pages = await describeOpenPages();
  process.stdout.write(`\n[e2e failure] ${context.task.name}: open tabs\n${pages}\n`);
  const timedOut = (context.task.result.errors ?? []).some((error) =>
    /^(Test|Hook) timed out in \d+ms/.test(String(error.message)),
  );
  if (timedOut) {
    const closed = await closeAllBrowsers();
    process.stdout.write(
      `[e2e failure] ${context.task.name} timed out: closed ${closed} browser(s) it may have left stuck\n`,
    );
  }
});

afterAll(async () => {
  await closeAllBrowsers();
});
