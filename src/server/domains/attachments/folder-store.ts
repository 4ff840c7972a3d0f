/**
 * The folder store (the default, `DATA_DIR/attachments`, or `ATTACHMENTS_URL=file:///folder`): one
 * file per key. A file streams into `.upload-<key>` beside its final name and is renamed into place
 * only when complete, so a key never names half a file; a temp file left by a crash is listed like
 * any other file and removed by the sweep of stray files.
 */
import { createReadStream, createWriteStream, type Dir } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StoredFileMissingError, type AttachmentStore, type StoredObject } from './store';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/** A store of the files in `dir` (created at start by `check`). */
export function createFolderStore(dir: string): AttachmentStore {
  const path = (key: string) => join(dir, key);
  return {
    description: `the folder ${dir}`,
    async put(key, body) {
      const temp = path(`.upload-${key}`);
      await mkdir(dir, { recursive: true });
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, path(key));
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(key) {
      // opened first, so a missing file is an error before the answer starts
      const handle = await open(path(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new StoredFileMissingError(key, dir) : error;
      });
      return createReadStream('', { fd: handle });
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
    async exists(key) {
      try {
        await stat(path(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    list: () => listFolder(dir),
    async check() {
      await mkdir(dir, { recursive: true });
    },
    async close() {},
  };
}

async function* listFolder(dir: string): AsyncGenerator<StoredObject> {
  let entries: Dir;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    if (!entry.isFile()) continue;
    // a file removed meanwhile (an upload's temp file renamed) is skipped
    const info = await stat(join(dir, entry.name)).catch(() => null);
    if (info) yield { key: entry.name, storedAt: info.mtime };
  }
}
