import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseStartGarbage } from '../../../src/server/lib/start-garbage';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * Runs in a child Node with `npm start`'s flags: allocates short-lived objects until the young
 * generation has grown, then prints its committed size before and after `releaseStartGarbage`.
 */
const CHILD = `
import v8 from 'node:v8';
import { releaseStartGarbage } from './src/server/lib/start-garbage.ts';
const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
let keep = 0;
for (let round = 0; round < 400 && newSpace() < 32 * 1024 * 1024; round++) {
  const garbage = [];
  for (let i = 0; i < 20000; i++) garbage.push({ i, text: 'x' + i });
  keep += garbage.length;
}
const before = newSpace();
const ms = releaseStartGarbage();
console.log(JSON.stringify({ before, after: newSpace(), ms, keep }));
`;

function runChild(flags: string[]): { before: number; after: number; ms: number | null } {
  const result = spawnSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '--eval', CHILD], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { before: number; after: number; ms: number | null };
}

describe('releaseStartGarbage', () => {
  it('shrinks a grown young generation when gc is exposed', () => {
    const { before, after, ms } = runChild(['--max-semi-space-size=64', '--expose-gc']);
    expect(before).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(ms).not.toBeNull();
    // An ordinary full collection leaves new_space at its grown size; the last-resort one shrinks it.
    expect(after).toBeLessThan(before / 4);
  });

  it('does nothing without --expose-gc', () => {
    expect(runChild(['--max-semi-space-size=64']).ms).toBeNull();
    if (typeof (globalThis as { gc?: unknown }).gc !== 'function') expect(releaseStartGarbage()).toBeNull();
  });
});
