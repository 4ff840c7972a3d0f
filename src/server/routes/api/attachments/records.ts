/** Attachment rows: the API shape, lookups by idempotency key, and the read rule. */
import { and, eq } from 'drizzle-orm';
import type { Attachment } from '../../../../shared/attachment';
import { canReadAllOfArea } from '../../../../shared/scopes';
import type { Database } from '../../../db/client';
import { attachments, submissions } from '../../../db/schema';
import type { AuthUser } from '../../../plugins/auth';
import { UUID_PATTERN } from '../submissions/records';

export type AttachmentRow = typeof attachments.$inferSelect;

/** Maps a row to the API's {@link Attachment} (ISO 8601 UTC time). */
export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.fileName,
    size: row.sizeBytes,
    mediaType: row.mediaType,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    submissionId: row.submissionId,
  };
}

/** The user's attachment uploaded with Idempotency-Key `key`, or null. */
export async function findByIdempotencyKey(db: Database, user: AuthUser, key: string): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerId, user.id), eq(attachments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * The attachment `id` when `user` may read it, else null: its owner always; anyone who may read
 * the submission it is linked to (the requester, or `forms:<Area>:read`). Unknown ids, other
 * people's unlinked files and non-uuids are all null (the route answers 404, never 403).
 */
export async function findReadableAttachment(db: Database, user: AuthUser, id: string): Promise<AttachmentRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [found] = await db
    .select({ attachment: attachments, area: submissions.area, requesterId: submissions.requesterId })
    .from(attachments)
    .leftJoin(submissions, eq(submissions.id, attachments.submissionId))
    .where(eq(attachments.id, id))
    .limit(1);
  if (!found) return null;
  const { attachment, area, requesterId } = found;
  if (attachment.ownerId === user.id) return attachment;
  if (area === null || requesterId === null) return null;
  return requesterId === user.id || canReadAllOfArea(user, area) ? attachment : null;
}
