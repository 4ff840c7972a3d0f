#!/usr/bin/env node
/**
 * `npm test`: every test, in two streams side by side so that both cores of a small machine work.
 *
 * First Chromium present (installed as root when missing) and the app built, then at the same time:
 * - the JavaScript budget of each page (`npm run size`, scripts/check-size.ts), then the browser
 *   end-to-end suite (vitest project `e2e`), its output shown as it comes, a line per
 *   file, hook and test (scripts/lib/progress-reporter.ts), then the visual regression tests on the
 *   same build (Playwright, playwright.config.ts: screenshots against tests/visual/__screenshots__);
 * - the checks, one after the other: typecheck, lint (`npm run lint`: eslint and knip), the form
 *   areas in schemas/ (`npm run validate:schemas`), the unit and API suites (vitest projects `unit`
 *   and `api`, in one worker: the browser suite has the other core). Each check's output is printed
 *   in one block when it ends, so the two streams do not interleave line by line.
 *
 * The browser suite is the longest step (most of its time is pages and servers working, on one
 * core), so it starts first; the checks end well before it on a quiet machine. No step has an
 * overall time limit: each test and hook has its own (vitest.config.ts), and a browser test that
 * runs into its limit has its browsers closed, so the rest of its file fails at once instead of
 * waiting (tests/e2e/support/failure-report.ts).
 *
 * Vitest's and Playwright's JSON reports are summed and the run ends with one plain line
 * `Tests: N passed, N failed, N skipped`. Before it, every failed test is listed again by step, file
 * and name with the first lines of its error, since a buffered step's output is printed far above
 * the end of a long run. Exit code 0 only when every step passed.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'tm-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Failed tests as `{ step, file, name, message }`, from the JSON reports, listed at the end. */
const failedTests = [];
const FAILURE_MESSAGE_LINES = 6;
const runStarted = Date.now();

/** The steps running now, each in its own process group, so Ctrl+C or CI's SIGTERM reaches them all. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** The first lines of a failure message, without terminal colours. */
function firstLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .slice(0, FAILURE_MESSAGE_LINES)
      .join('\n')
  );
}

/**
 * Failed tests of a vitest JSON report (Jest's shape: `testResults[]` per file, each with
 * `assertionResults[]`); a file that failed outside any test (an import or hook error) counts as one.
 */
function vitestFailures(step, report) {
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failedTests.push({ step, file: file.name, name: test.fullName, message: firstLines(test.failureMessages?.[0]) });
    }
    if (file.status === 'failed' && failed.length === 0) {
      failedTests.push({ step, file: file.name, name: '(the file itself)', message: firstLines(file.message) });
    }
  }
}

/** Failed or flaky tests of a Playwright JSON report (`suites[]` nesting `specs[]` and `suites[]`). */
function playwrightFailures(step, suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = (spec.tests ?? []).flatMap((test) => test.results ?? []);
      const error = results.find((result) => result.error)?.error;
      failedTests.push({
        step,
        file: spec.file,
        name: [...path.slice(1), spec.title].join(' > '),
        message: firstLines(error?.message),
      });
    }
    playwrightFailures(step, suite.suites, path);
  }
}

/**
 * Runs one step and resolves true when it exits 0. With `buffered`, its output (stdout and stderr)
 * is collected and printed in one block when it ends; otherwise it goes straight through.
 */
function step(name, command, args, { buffered = false, env = {} } = {}) {
  console.log(`\n=== ${name}: started at +${seconds(runStarted)} s: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`could not start: ${error.message}\n`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      if (buffered) {
        console.log(`\n=== ${name}: output`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds(started)} s`);
      if (!ok) failedSteps.push(name);
      resolve(ok);
    });
  });
}

async function vitest(name, projects, { extraArgs = [], extraReporters = [], buffered = false } = {}) {
  const outputFile = join(reportDir, `${name}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const reporters = [
    '--reporter=default',
    ...extraReporters.map((reporter) => `--reporter=${reporter}`),
    '--reporter=json',
  ];
  const ok = await step(
    name,
    'vitest',
    ['run', ...projectArgs, ...extraArgs, ...reporters, `--outputFile.json=${outputFile}`],
    {
      buffered,
    },
  );
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    vitestFailures(name, report);
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

/**
 * The visual regression tests (Playwright, playwright.config.ts) on the build made for the browser
 * suite; their JSON report's counts are added to the totals like vitest's.
 */
async function visual() {
  const outputFile = join(reportDir, 'visual.json');
  const ok = await step('visual', 'playwright', ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  if (existsSync(outputFile)) {
    const { stats, suites } = JSON.parse(readFileSync(outputFile, 'utf8'));
    playwrightFailures('visual', suites);
    totals.passed += stats?.expected ?? 0;
    totals.failed += (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
    totals.skipped += stats?.skipped ?? 0;
  } else if (!ok) {
    totals.failed += 1;
  }
}

async function browserStream() {
  const hasChromium = await step('chromium', 'node', ['scripts/ensure-chromium.mjs']);
  if (hasChromium && (await step('build', 'npm', ['run', 'build']))) {
    await step('size', 'npm', ['run', '--silent', 'size'], { buffered: true });
    await vitest('e2e', ['e2e'], { extraReporters: ['./scripts/lib/progress-reporter.ts'] });
    await visual();
  } else {
    totals.failed += 1;
  }
}

async function checkStream() {
  await step('typecheck', 'tsc', ['--noEmit', '-p', '.'], { buffered: true });
  await step('lint', 'npm', ['run', '--silent', 'lint'], { buffered: true });
  await step('validate-schemas', 'npm', ['run', '--silent', 'validate:schemas'], { buffered: true });
  await vitest('unit-and-api', ['unit', 'api'], { extraArgs: ['--maxWorkers=1'], buffered: true });
}

await Promise.all([browserStream(), checkStream()]);

if (failedTests.length) {
  console.log(`\nFailed tests (${failedTests.length}):`);
  for (const { step, file, name, message } of failedTests) {
    console.log(`\n- [${step}] ${file} > ${name}`);
    if (message) console.log(message.replace(/^/gm, '    '));
  }
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
console.log(`Run took ${seconds(runStarted)} s.`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
