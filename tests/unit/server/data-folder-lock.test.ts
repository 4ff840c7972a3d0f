import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, lockDataFolder } from '../../../src/server/db/lock';

const LOCK_MODULE = resolve(import.meta.dirname, '../../../src/server/db/lock.ts');
const hasProc = existsSync('/proc/self/stat');
const ignore = () => {};

let root: string;
let folder: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-lock-'));
  folder = join(root, 'pglite');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** This process's own record, as the lock writes it (taken and released once). */
async function ownRecord(): Promise<Record<string, unknown>> {
  const release = await lockDataFolder(folder, ignore);
  const record = JSON.parse(await readFile(`${folder}.lock/owner.json`, 'utf8')) as Record<string, unknown>;
  await release();
  return record;
}

/** Leaves a lock as another process would have: `record` as owner.json (none: an older portal's lock). */
async function leaveLock(record: Record<string, unknown> | null, ageMs = 0): Promise<void> {
  await mkdir(`${folder}.lock`);
  if (record) await writeFile(`${folder}.lock/owner.json`, JSON.stringify(record));
  const touched = new Date(Date.now() - ageMs);
  await utimes(`${folder}.lock`, touched, touched);
}

function startTicksOf(pid: number): Promise<string> {
  return readFile(`/proc/${pid}/stat`, 'utf8').then(
    (text) => text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? '',
  );
}

/** A real process that takes the lock with the module under test and keeps it until killed. */
async function holderProcess() {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(LOCK_MODULE)}).then(async (m) => { await m.lockDataFolder(${JSON.stringify(folder)}, () => {}); console.log('locked'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  await new Promise<void>((resolveLocked, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolveLocked();
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('the PGlite data folder lock', () => {
  it('refuses a second lock in the same process and is free again after release', async () => {
    const release = await lockDataFolder(folder, ignore);
    await expect(lockDataFolder(folder, ignore)).rejects.toThrow(DataFolderLockedError);
    await release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    const again = await lockDataFolder(folder, ignore);
    await again();
  });

  it('refuses while a live process holds the folder and is taken at once after that process is killed', async () => {
    const holder = await holderProcess();
    try {
      await expect(lockDataFolder(folder, ignore)).rejects.toThrow(
        new RegExp(`in use by another portal process \\(process ${holder.pid},`),
      );
    } finally {
      const exited = once(holder, 'exit');
      holder.kill('SIGKILL');
      await exited;
    }
    // The killed holder's lock is still there, fresh, and is taken without waiting for it to age.
    expect(existsSync(`${folder}.lock/owner.json`)).toBe(true);
    const release = await lockDataFolder(folder, ignore);
    expect(JSON.parse(await readFile(`${folder}.lock/owner.json`, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  }, 30_000);

  it.runIf(hasProc)('tells a live holder from a reused pid by its start time', async () => {
    const record = await ownRecord();
    const parent = process.ppid;
    await leaveLock({ ...record, pid: parent, startTicks: await startTicksOf(parent) });
    await expect(lockDataFolder(folder, ignore)).rejects.toThrow(DataFolderLockedError);
    await rm(`${folder}.lock`, { recursive: true });

    await leaveLock({ ...record, pid: parent, startTicks: '1' });
    const release = await lockDataFolder(folder, ignore);
    await release();
  });

  it('takes a lock left before a reboot, and one of this very pid from an earlier process', async () => {
    const record = await ownRecord();
    await leaveLock({ ...record, pid: process.ppid, bootId: 'an-earlier-boot' });
    await (
      await lockDataFolder(folder, ignore)
    )();
    await leaveLock({ ...record, startTicks: '1' });
    await (
      await lockDataFolder(folder, ignore)
    )();
  });

  it('judges a lock from another host, or with no record, by its age alone (15 s)', async () => {
    const record = await ownRecord();
    await leaveLock({ ...record, hostname: 'another-host' });
    await expect(lockDataFolder(folder, ignore)).rejects.toThrow(/process \d+ on another-host/);
    await rm(`${folder}.lock`, { recursive: true });
    await leaveLock({ ...record, hostname: 'another-host' }, 20_000);
    await (
      await lockDataFolder(folder, ignore)
    )();

    await leaveLock(null);
    await expect(lockDataFolder(folder, ignore)).rejects.toThrow(DataFolderLockedError);
    await rm(`${folder}.lock`, { recursive: true });
    await leaveLock(null, 20_000);
    await (
      await lockDataFolder(folder, ignore)
    )();
  });

  it('tells the holder once when its lock was taken away, and then leaves the new lock alone', async () => {
    let compromised: (error: Error) => void = ignore;
    const told = new Promise<Error>((resolveTold) => (compromised = resolveTold));
    const release = await lockDataFolder(folder, (error) => compromised(error), { refreshMs: 20 });
    await rm(`${folder}.lock`, { recursive: true });
    const other = { pid: 1, hostname: 'another-host', id: 'someone-else', since: new Date().toISOString() };
    await leaveLock(other);
    expect((await told).message).toMatch(/removed or taken by another process/);
    await release();
    expect(JSON.parse(await readFile(`${folder}.lock/owner.json`, 'utf8'))).toEqual(other);
  });
});
