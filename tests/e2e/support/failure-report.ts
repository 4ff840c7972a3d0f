/**
 * Setup file of the e2e project (vitest.config.ts): when a browser test fails, print what every
 * open tab shows (URL, title, visible text) under the test's name, so a failure or a timeout in CI
 * can be read from the log alone.
 */
import { afterEach } from 'vitest';
import { describeOpenPages } from './browser';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const pages = await describeOpenPages();
  process.stdout.write(`\n[e2e failure] ${context.task.name}: open tabs\n${pages}\n`);
});
