import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** Thrown when another process holds the data folder; `message` is one line for the console. */
export class DataFolderLockedError extends Error {
  constructor(folder: string) {
    super(
      `The data folder ${folder} is in use by another portal process. Stop that process or set DATA_DIR to another folder (after a crash, the lock expires within 15 seconds).`,
    );
    this.name = 'DataFolderLockedError';
  }
}

/**
 * Takes the one-process-per-folder lock PGlite needs (two processes on one PGlite folder corrupt
 * it; docs/architecture.md "Database"). The lock is `<folder>.lock`, refreshed every 5 s and considered
 * stale after 15 s, so a killed process does not block the folder for ever. Returns the release
 * function. Throws {@link DataFolderLockedError} when the lock is held.
 */
export async function lockDataFolder(
  folder: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dirname(folder), { recursive: true });
  try {
    return await lockfile.lock(folder, {
      realpath: false,
      lockfilePath: `${folder}.lock`,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') throw new DataFolderLockedError(folder);
    throw error;
  }
}
