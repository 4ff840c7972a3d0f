/**
 * A vitest reporter that prints one timestamped line when a test file, hook or test starts and
 * ends, as it happens. Vitest's default reporter prints a file only once it is finished, so a run
 * that hangs inside its first browser file printed nothing for 35 minutes in CI (2026-11-23);
 * with this reporter the last line names the file, hook or test that never ended.
 *
 * Used by scripts/run-tests.mjs for the e2e step (`--reporter=./scripts/lib/progress-reporter.ts`).
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';

type HookContext = Parameters<NonNullable<Reporter['onHookStart']>>[0];

const started = Date.now();

/** `+123.4s` since the run started, then the message. */
function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(7);
  process.stdout.write(`[progress +${seconds}s] ${message}\n`);
}

function hookOwner(hook: HookContext): string {
  const entity = hook.entity;
  if (entity.type === 'module') return entity.relativeModuleId;
  return entity.fullName;
}

export default class ProgressReporter implements Reporter {
  onTestModuleStart(module: TestModule): void {
    log(`file start ${module.relativeModuleId}`);
  }

  onTestModuleEnd(module: TestModule): void {
    log(`file end   ${module.relativeModuleId} (${module.state()})`);
  }

  onHookStart(hook: HookContext): void {
    log(`hook start ${hook.name} of ${hookOwner(hook)}`);
  }

  onHookEnd(hook: HookContext): void {
    log(`hook end   ${hook.name} of ${hookOwner(hook)}`);
  }

  onTestCaseReady(test: TestCase): void {
    log(`test start ${test.fullName}`);
  }

  onTestCaseResult(test: TestCase): void {
    const duration = test.diagnostic()?.duration;
    log(`test end   ${test.fullName}: ${test.result().state}${duration === undefined ? '' : ` in ${Math.round(duration)} ms`}`);
  }
}
