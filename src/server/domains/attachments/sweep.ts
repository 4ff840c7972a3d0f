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
 */
import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema';
import { removeStoredFile } from './storage';

/**
 * Deletes the orphan attachments created before `now - maxAgeMs` (rows, then stored files) and
 * returns how many were deleted. `now` is injectable for tests. A stored file that cannot be
 * removed is left on disk (its row is gone; the error is thrown after the other files are removed).
 */
export async function sweepOrphanAttachments(
  db: Database,
  dataDir: string,
  options: { maxAgeMs: number; now?: Date },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.maxAgeMs);
  const deleted = await db
    .delete(attachments)
    .where(and(isNull(attachments.submissionId), isNull(attachments.commentId), lt(attachments.createdAt, cutoff)))
    .returning({ storageKey: attachments.storageKey });
  const removals = await Promise.allSettled(deleted.map((row) => removeStoredFile(dataDir, row.storageKey)));
  const failed = removals.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return deleted.length;
}
