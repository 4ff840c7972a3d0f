/**
 * The one-process-per-folder lock PGlite needs: two processes on one PGlite folder corrupt it
 * (docs/architecture.md "Database"). The lock is the directory `<folder>.lock` (created with
 * `mkdir`, which is atomic) holding `owner.json`: the holder's pid, host name, boot id, pid
 * namespace and process start time, and a random id. A lock whose holder is gone is taken at once,
 * so a portal killed with SIGKILL restarts without waiting; only a live holder refuses.
 *
 * proper-lockfile (used before) judges a lock by its age alone, so a crash blocked the folder for
 * up to 15 s; its lock directory must stay empty, so it cannot carry the holder's record.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readlink, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/** How often the holder touches its lock, and after how long without a touch a lock counts as left. */
const REFRESH_MS = 5_000;
const STALE_MS = 15_000;

/** Thrown when another process holds the data folder; `message` is one line for the console. */
export class DataFolderLockedError extends Error {
  constructor(folder: string, holder?: string) {
    super(
      `The data folder ${folder} is in use by another portal process${holder ? ` (${holder})` : ''}. Stop that process or set DATA_DIR to another folder.`,
    );
    this.name = 'DataFolderLockedError';
  }
}

/** What `owner.json` records about the holder. */
type Owner = {
  pid: number;
  hostname: string;
  /** Linux: /proc/sys/kernel/random/boot_id (a reboot ends every holder). */
  bootId?: string;
  /** Linux: the pid namespace (/proc/self/ns/pid); a pid means something only in its own namespace. */
  pidNamespace?: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  startTicks?: string;
  /** Random per lock: tells this lock from a later one at the same path. */
  id: string;
  since: string;
};

type Seen = { owner: Owner | null; mtimeMs: number; ino: number };

/** Lock paths this process holds: a second lock of the same folder in one process is refused too. */
const held = new Set<string>();

async function readText(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').then(
    (text) => text,
    () => undefined,
  );
}

/** The state and start time of a process from /proc (Linux); undefined where /proc cannot tell. */
async function procStat(pid: number | 'self'): Promise<{ state: string; startTicks: string } | undefined> {
  const text = await readText(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startTicks] = [fields[0], fields[19]];
  return state && startTicks ? { state, startTicks } : undefined;
}

/** `kill(pid, 0)`: ESRCH means no such process; EPERM means one exists that we may not signal. */
function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

type Identity = Pick<Owner, 'bootId' | 'pidNamespace' | 'startTicks'>;

async function ownIdentity(): Promise<Identity> {
  return {
    bootId: (await readText('/proc/sys/kernel/random/boot_id'))?.trim() || undefined,
    pidNamespace: await readlink('/proc/self/ns/pid').catch(() => undefined),
    startTicks: (await procStat('self'))?.startTicks,
  };
}

async function inspect(lockPath: string): Promise<Seen | null> {
  try {
    const { mtimeMs, ino } = await stat(lockPath);
    const text = await readText(`${lockPath}/owner.json`);
    let owner: Owner | null = null;
    try {
      owner = text ? (JSON.parse(text) as Owner) : null;
    } catch {
      owner = null; // half written: judged by its age like a lock without a record
    }
    return { owner, mtimeMs, ino };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Whether the holder of a seen lock is gone. Same host and pid namespace: a boot since, a pid that
 * no longer exists (`kill(pid, 0)` fails with ESRCH), a zombie, or a pid now used by a process
 * started at another time. Otherwise (another host or container, no readable record, or a live pid
 * whose start time cannot be read, as on macOS and Windows) only a lock not touched for
 * {@link STALE_MS} counts as left. A live holder whose start time matches is never taken over.
 */
async function isHolderGone(seen: Seen, lockPath: string, self: Identity): Promise<boolean> {
  const stale = Date.now() - seen.mtimeMs > STALE_MS;
  const { owner } = seen;
  if (!owner || owner.hostname !== hostname() || !Number.isInteger(owner.pid) || owner.pid <= 0) return stale;
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return true;
  if (owner.pidNamespace !== self.pidNamespace) return stale;
  if (owner.pid === process.pid) return !held.has(lockPath);
  if (!pidExists(owner.pid)) return true;
  const proc = await procStat(owner.pid);
  if (!proc || !owner.startTicks) return stale;
  return proc.state === 'Z' || proc.state === 'X' || proc.startTicks !== owner.startTicks;
}

function describeHolder(owner: Owner | null): string | undefined {
  if (!owner) return undefined;
  const where = owner.hostname === hostname() ? '' : ` on ${owner.hostname}`;
  return `process ${owner.pid}${where}, since ${owner.since}`;
}

/**
 * Moves a lock judged left out of the way and deletes it. The lock is first renamed to a name of
 * our own, which only one starting process can do, and deleted only if it is still the lock that
 * was judged (same directory and record): a lock another process took meanwhile is put back.
 */
async function removeLeftLock(lockPath: string, seen: Seen): Promise<void> {
  const aside = `${lockPath}.left-${process.pid}-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw error;
  }
  const moved = await inspect(aside);
  if (moved && moved.ino === seen.ino && moved.mtimeMs === seen.mtimeMs && moved.owner?.id === seen.owner?.id) {
    await rm(aside, { recursive: true, force: true });
  } else {
    await rename(aside, lockPath).catch(() => undefined);
  }
}

/** Options for tests: how often the holder touches and checks its lock (default 5 s). */
export type LockOptions = { refreshMs?: number };

/**
 * Takes the lock of the PGlite folder `folder` (the lock is `<folder>.lock`; its parent is created
 * when missing) and keeps it fresh every 5 s, checking it is still ours; `onCompromised` is told
 * once if the lock was removed or replaced meanwhile. Returns the release function, which removes
 * the lock if it is still ours. Throws {@link DataFolderLockedError} when a live process holds it.
 */
export async function lockDataFolder(
  folder: string,
  onCompromised: (error: Error) => void,
  options: LockOptions = {},
): Promise<() => Promise<void>> {
  const lockPath = `${resolve(folder)}.lock`;
  await mkdir(dirname(lockPath), { recursive: true });
  const self = await ownIdentity();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await mkdir(lockPath);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const seen = await inspect(lockPath);
      if (!seen) continue;
      if (!(await isHolderGone(seen, lockPath, self))) {
        throw new DataFolderLockedError(folder, describeHolder(seen.owner));
      }
      await removeLeftLock(lockPath, seen);
      continue;
    }
    const owner: Owner = {
      pid: process.pid,
      hostname: hostname(),
      ...self,
      id: randomUUID(),
      since: new Date().toISOString(),
    };
    try {
      await writeFile(`${lockPath}/owner.json`, JSON.stringify(owner), { flag: 'wx' });
    } catch (error) {
      // ENOENT: another starting process moved the new directory away; look again.
      if ((error as { code?: unknown }).code === 'ENOENT') continue;
      await rm(lockPath, { recursive: true, force: true });
      throw error;
    }
    held.add(lockPath);
    return keepFresh(lockPath, owner, onCompromised, options.refreshMs ?? REFRESH_MS);
  }
  throw new DataFolderLockedError(folder);
}

function keepFresh(
  lockPath: string,
  owner: Owner,
  onCompromised: (error: Error) => void,
  refreshMs: number,
): () => Promise<void> {
  let released = false;
  // An unreadable lock (a passing I/O error) is not taken for a lost one: only a missing or foreign record is.
  const isOurs = async () => {
    const seen = await inspect(lockPath).catch(() => undefined);
    return seen === undefined || seen?.owner?.id === owner.id;
  };
  const timer = setInterval(() => {
    void (async () => {
      if (released) return;
      if (await isOurs()) {
        const now = new Date();
        await utimes(lockPath, now, now).catch(() => undefined);
      } else if (!released) {
        released = true;
        clearInterval(timer);
        held.delete(lockPath);
        onCompromised(new Error(`The lock ${lockPath} was removed or taken by another process.`));
      }
    })();
  }, refreshMs);
  timer.unref();
  return async () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    held.delete(lockPath);
    if (await isOurs()) await rm(lockPath, { recursive: true, force: true });
  };
}
