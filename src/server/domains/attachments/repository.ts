/** Attachment rows: the API shape, lookups by idempotency key, and the read rule. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Attachment } from '../../../shared/attachment';
import type { Database } from '../../db/client';
import { attachments, submissions, ticketComments } from '../../db/schema';
import { myGroupIdList, ticketRoles, ticketVisibility } from '../submissions';
import type { AuthUser } from '../role-groups';
import { UUID_PATTERN } from '../../lib/uuid';

/** One row of `attachments` (see db/tables/attachments.ts). */
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
 * The attachment `id` when `user` may read it, else null: its owner always; anyone who may read the
 * submission it is linked to by THE ticket visibility rule (domains/submissions/visibility.ts: the
 * requester, `forms:<Area>:read`, the assignee user or a member of the assignee group, admin —
 * lists and reads by id apply the same rule; docs/behaviour.md "Ticket visibility"); a file on an
 * INTERNAL ticket comment only to those who may read that comment, the ticket's handlers
 * (docs/behaviour.md "Comments", "Ticket handlers"). Unknown ids, other people's unlinked files and non-uuids are all
 * null (the route answers 404, never 403; docs/behaviour.md "Attachments").
 */
export async function findReadableAttachment(db: Database, user: AuthUser, id: string): Promise<AttachmentRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [attachment] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  if (!attachment) return null;
  if (attachment.ownerId === user.id) return attachment;
  if (attachment.submissionId === null) return null;
  const [visible] = await db
    .select({
      area: submissions.area,
      requesterId: submissions.requesterId,
      assigneeUserId: submissions.assigneeUserId,
      assigneeGroupId: submissions.assigneeGroupId,
      isInternal: ticketComments.isInternal,
    })
    .from(submissions)
    .leftJoin(ticketComments, eq(ticketComments.id, attachment.commentId ?? sql`null`))
    .where(and(eq(submissions.id, attachment.submissionId), ticketVisibility(user)))
    .limit(1);
  if (!visible) return null;
  // A comment file whose comment is internal (or, impossibly under the FK, missing) needs a handler.
  const isHidden = attachment.commentId !== null && visible.isInternal !== false;
  return isHidden && !ticketRoles(user, visible, await myGroupIdList(db, user)).includes('handler') ? null : attachment;
}

/**
 * The files of submission `submissionId` itself (its form's attachment fields; not those of its
 * comments), oldest first. The caller has already checked that the reader may see the submission.
 */
export async function listSubmissionFiles(db: Database, submissionId: string): Promise<Attachment[]> {
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.submissionId, submissionId), isNull(attachments.commentId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return rows.map(toAttachment);
}
