/**
 * Files on a ticket comment (docs/behaviour.md "Comments"): each must be an upload of the comment's
 * author that nothing refers to yet, at most MAX_ATTACHMENTS_PER_COMMENT; they are linked to the
 * comment (and its ticket) in the comment's insert transaction.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import type { AttachmentRef } from '../../../shared/attachment';
import { MAX_ATTACHMENTS_PER_COMMENT } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { attachments, ticketComments } from '../../db/schema';
import type { AuthUser } from '../role-groups';
import { linkAttachments } from '../submissions';
import { UUID_PATTERN } from '../../lib/uuid';

/**
 * 422 field errors for `ids` (JSON Pointers `/attachmentIds/<index>`, RFC 6901): an unknown id or
 * someone else's file, a file already attached to a submission or comment, the same file twice;
 * `/attachmentIds` for more than {@link MAX_ATTACHMENTS_PER_COMMENT}. Empty when all may be linked.
 */
export async function checkCommentAttachments(
  db: Database,
  user: AuthUser,
  ids: readonly string[],
): Promise<FieldError[]> {
  if (ids.length > MAX_ATTACHMENTS_PER_COMMENT) {
    return [
      { path: '/attachmentIds', message: `A comment may have at most ${MAX_ATTACHMENTS_PER_COMMENT} attachments.` },
    ];
  }
  const valid = ids.filter((id) => UUID_PATTERN.test(id));
  const rows = valid.length ? await db.select().from(attachments).where(inArray(attachments.id, valid)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    const row = byId.get(id);
    const path = `/attachmentIds/${index}`;
    if (!row || row.ownerId !== user.id) errors.push({ path, message: 'must be a file you uploaded' });
    else if (row.submissionId !== null || row.commentId !== null || seen.has(id)) {
      errors.push({ path, message: 'this file is already attached elsewhere; upload it again' });
    } else seen.add(id);
  });
  return errors;
}

/**
 * Links checked files to comment `commentId` of ticket `ticketId` inside the caller's
 * transaction (the ticket id makes them readable by THE ticket visibility rule; the comment id
 * hides an internal comment's files from non-handlers). A file linked concurrently in the
 * meantime → 409 `conflict` and the transaction rolls back.
 */
export async function linkCommentAttachments(
  tx: Database,
  user: AuthUser,
  ids: readonly string[],
  ticketId: string,
  commentId: string,
): Promise<void> {
  await linkAttachments(tx, ids, ticketId, user, commentId);
}

/**
 * SQL column: the files of the comment row in the surrounding query, as a JSON array of
 * {@link AttachmentRef} in upload order (`[]` when none). A correlated subquery on the
 * `attachments_comment_idx` index, so a comment list is one query, not one per comment.
 */
export const commentAttachmentsColumn = sql<AttachmentRef[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${attachments.id}, 'name', ${attachments.fileName}, 'size', ${attachments.sizeBytes}, 'mediaType', ${attachments.mediaType}
  ) order by ${attachments.createdAt}, ${attachments.id})
  from ${attachments} where ${attachments.commentId} = ${ticketComments.id}
), '[]'::json)`;
