/**
 * Sweep of orphan attachments (docs/behaviour.md "Orphan sweep"): a file uploaded with
 * `POST /api/attachments` but never linked to a submission or a ticket comment is deleted — its row
 * and its stored bytes — once it is older than `config.attachmentSweep.maxAgeMs` (default 24 h,
 * ORPHAN_ATTACHMENT_MAX_AGE_HOURS), checked every `intervalMs` (default 1 h,
 * ATTACHMENT_SWEEP_INTERVAL_MINUTES). The timer starts with the app and stops when it closes.
 *
 * A file being linked at the same moment is never deleted: the delete is one statement whose
 * `WHERE` requires `submission_id IS NULL AND comment_id IS NULL`, so PostgreSQL re-checks it
 * against a row a concurrent link has updated (READ COMMITTED re-evaluation after the row lock),
 * and a link that comes second finds no orphan row to update (linkAttachments answers 409). Bytes
 * are removed only for the rows the statement returned.
 *
 * Then stray files: stored files that no row refers to (a node stopped between storing the bytes
 * and inserting the row, or a removal that failed) are deleted once older than the same age, and
 * never younger than STRAY_MIN_AGE_MS, since an upload in flight has its bytes before its row. Only
 * names shaped like storage keys are touched, so a shared bucket prefix or folder keeps other files.
 */
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema';
import { removeStoredFile } from './storage';
import type { AttachmentStore, StoredObject } from './store';

/** The youngest a stray file may be to be deleted, whatever the orphan age: 1 hour. */
export const STRAY_MIN_AGE_MS = 60 * 60 * 1000;
/** A storage key (a uuid), or the folder store's temp file of one. */
const STORAGE_KEY_SHAPE = /^(\.upload-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BATCH = 500;

/** What one sweep deleted: orphan attachments (row and bytes) and stray files (bytes without a row). */
export type SweepResult = { orphans: number; strays: number };

/**
 * Deletes the orphan attachments created before `now - maxAgeMs` (rows, then stored files), then
 * the stray files stored before `now - max(maxAgeMs, STRAY_MIN_AGE_MS)`. `now` is injectable for
 * tests. A stored file that cannot be removed stays (its row is gone; it is a stray for the next
 * sweep); the first such error is thrown after the others were removed.
 */
export async function sweepOrphanAttachments(
  db: Database,
  store: AttachmentStore,
  options: { maxAgeMs: number; now?: Date },
): Promise<SweepResult> {
  const now = (options.now ?? new Date()).getTime();
  const deleted = await db
    .delete(attachments)
    .where(
      and(
        isNull(attachments.submissionId),
        isNull(attachments.commentId),
        lt(attachments.createdAt, new Date(now - options.maxAgeMs)),
      ),
    )
    .returning({ storageKey: attachments.storageKey });
  const removals = await Promise.allSettled(deleted.map((row) => removeStoredFile(store, row.storageKey)));
  const failed = removals.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  const strays = await sweepStrayFiles(db, store, new Date(now - Math.max(options.maxAgeMs, STRAY_MIN_AGE_MS)));
  return { orphans: deleted.length, strays };
}

async function sweepStrayFiles(db: Database, store: AttachmentStore, cutoff: Date): Promise<number> {
  let removed = 0;
  let batch: StoredObject[] = [];
  const flush = async () => {
    const storageKey = (object: StoredObject) => object.key.replace(/^\.upload-/, '');
    const known = await db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(inArray(attachments.storageKey, batch.map(storageKey)));
    const referenced = new Set(known.map((row) => row.key));
    for (const object of batch) {
      if (referenced.has(storageKey(object))) continue;
      await store.delete(object.key);
      removed += 1;
    }
    batch = [];
  };
  for await (const object of store.list()) {
    if (!STORAGE_KEY_SHAPE.test(object.key) || object.storedAt >= cutoff) continue;
    batch.push(object);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return removed;
}
