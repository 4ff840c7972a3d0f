/**
 * Saving an upload: the bytes are streamed into the attachment store (storage.ts: size limit,
 * sniffed media type, sha256) and then one row is inserted. A retried upload with the same Idempotency-Key answers
 * with the first one's row; when two retries race, the loser's file is removed and the winner's
 * row returned, so one key never stores two files.
 */
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema';
import { isUniqueViolation } from '../../lib/errors';
import type { AuthUser } from '../role-groups';
import { findByIdempotencyKey, type AttachmentRow } from './repository';
import { removeStoredFile, storeUpload } from './storage';
import type { AttachmentStore } from './store';

/**
 * What a client sent: the file's stream and name, whether the parser cut it at the size limit, its
 * Idempotency-Key; `afterStored` runs once the bytes are stored and before the row is inserted
 * (what it throws is the answer, and the stored file is removed).
 */
export type UploadInput = {
  file: Readable;
  fileName: string;
  isTruncated: () => boolean;
  idempotencyKey: string | undefined;
  afterStored?: () => Promise<void>;
};

/** The stored row; `replayed` when an earlier upload with the same key made it. */
export type UploadResult = { row: AttachmentRow; replayed: boolean };

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;

/** File names are kept as given but bounded and stripped of path parts and control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 255);
  return cleaned || 'file';
}

/** The user's earlier upload with Idempotency-Key `key`, or null (looked up before reading any bytes). */
export async function findReplayedUpload(db: Database, user: AuthUser, key: string | undefined) {
  return key === undefined ? null : findByIdempotencyKey(db, user, key);
}

/**
 * Stores `input` for `user` in `store` and inserts its row. Errors: those of storeUpload
 * (413 `file_too_large`, 415 `file_type_not_allowed`); a database error after the file was
 * written removes the file first.
 */
export async function saveUpload(
  db: Database,
  store: AttachmentStore,
  user: AuthUser,
  input: UploadInput,
): Promise<UploadResult> {
  const key = input.idempotencyKey;
  const fileName = cleanFileName(input.fileName);
  const stored = await storeUpload(store, input.file, fileName, input.isTruncated);
  try {
    await input.afterStored?.();
    const [row] = await db
      .insert(attachments)
      .values({
        ownerId: user.id,
        fileName,
        mediaType: stored.mediaType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        storageKey: stored.storageKey,
        idempotencyKey: key ?? null,
      })
      .returning();
    if (!row) throw new Error('attachment insert returned no row');
    return { row, replayed: false };
  } catch (error) {
    await removeStoredFile(store, stored.storageKey);
    // Two concurrent retries with one key: answer with the winner's row.
    const winner = key !== undefined && isUniqueViolation(error) ? await findByIdempotencyKey(db, user, key) : null;
    if (!winner) throw error;
    return { row: winner, replayed: true };
  }
}
