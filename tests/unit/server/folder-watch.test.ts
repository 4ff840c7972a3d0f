import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchFolder, type FolderWatch } from '../../../src/server/lib/folder-watch';

let root: string;
let watch: FolderWatch | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-folder-watch-'));
});
afterEach(async () => {
  await watch?.close();
  await rm(root, { recursive: true, force: true });
});

describe('watchFolder', () => {
  it('calls back after a burst of changes in a new subfolder, debounced into few calls', async () => {
    const reasons: string[] = [];
    watch = watchFolder(root, {
      debounceMs: 300,
      intervalMs: 60_000,
      onChange: (reason) => {
        reasons.push(reason);
        return Promise.resolve();
      },
      onError: (error) => {
        throw error;
      },
    });
    await mkdir(join(root, 'Area'));
    for (const name of ['schema.json', 'ui.json', 'area.json']) await writeFile(join(root, 'Area', name), '{}');
    await expect.poll(() => reasons.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(reasons.every((reason) => reason === 'event')).toBe(true);
    expect(reasons.length).toBeLessThanOrEqual(2);
  });

  it('also calls back every interval, never overlapping itself, and close waits for a running call', async () => {
    let running = 0;
    let overlapped = false;
    let calls = 0;
    let finished = 0;
    watch = watchFolder(root, {
      debounceMs: 10,
      intervalMs: 20,
      onChange: async () => {
        calls += 1;
        running += 1;
        overlapped ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        finished += 1;
      },
      onError: () => undefined,
    });
    await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await watch.close();
    expect(finished).toBe(calls);
    expect(overlapped).toBe(false);
  });
});
