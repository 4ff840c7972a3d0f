/**
 * Attachment references in submitted form data (docs/behaviour.md "Attachments"): each must name an
 * uploaded file of the submitter that no other submission uses yet, of a type its field accepts; at most
 * MAX_ATTACHMENTS_PER_SUBMISSION. The references are rewritten with the stored name, size and media
 * type (the client's copy is not trusted), and linked to the new submission in its insert
 * transaction.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import {
  acceptInWords,
  acceptsMediaType,
  findAttachmentRefs,
  MAX_ATTACHMENTS_PER_SUBMISSION,
} from '../../../shared/attachment';
import type { JsonObject, JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../role-groups';
import { UUID_PATTERN } from '../../lib/uuid';

/** What {@link checkAttachmentRefs} found: per-field errors, and the ids to link when there are none. */
export type AttachmentCheck = { errors: FieldError[]; ids: string[] };

/**
 * Checks (and normalises in place) every attachment reference in `data`. Errors are 422 field
 * errors whose `path` is the reference's JSON Pointer: unknown id, someone else's file, a file
 * already on another submission, the same file twice, a stored type its field's
 * `ui:options.accept` does not take ("must be a PDF or an image"), or too many files.
 */
export async function checkAttachmentRefs(
  db: Database,
  uiSchema: JsonObject,
  user: AuthUser,
  data: JsonValue,
): Promise<AttachmentCheck> {
  const found = findAttachmentRefs(uiSchema, data);
  if (!found.length) return { errors: [], ids: [] };
  if (found.length > MAX_ATTACHMENTS_PER_SUBMISSION) {
    return {
      errors: [{ path: '', message: `A submission may have at most ${MAX_ATTACHMENTS_PER_SUBMISSION} attachments.` }],
      ids: [],
    };
  }
  const wanted = found.map(({ ref }) => (typeof ref.id === 'string' && UUID_PATTERN.test(ref.id) ? ref.id : null));
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length ? await db.select().from(attachments).where(inArray(attachments.id, valid)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  found.forEach(({ pointer, ref, accept }, index) => {
    const id = wanted[index];
    const row = id ? byId.get(id) : undefined;
    if (!id || !row || row.ownerId !== user.id) {
      errors.push({ path: pointer, message: 'must be a file you uploaded' });
    } else if (row.submissionId !== null || row.commentId !== null || seen.has(id)) {
      errors.push({ path: pointer, message: 'this file is already attached elsewhere; upload it again' });
    } else if (!acceptsMediaType(accept, row.mediaType)) {
      errors.push({ path: pointer, message: `must be ${acceptInWords(accept)}` });
    } else {
      seen.add(id);
      ref.name = row.fileName;
      ref.size = row.sizeBytes;
      ref.mediaType = row.mediaType;
    }
  });
  return { errors, ids: errors.length ? [] : [...seen] };
}

/**
 * The update that links the checked files `ids` to the submission `submissionId` names (a value or
 * an expression of the statement it is part of) and to ticket comment `commentId` when given,
 * only while each is still `userId`'s and unlinked, returning the id of each file it linked. The
 * ids are a list of parameters (`id in ($1, $2)`), not one array: PostgreSQL then plans a look-up
 * by primary key even before it has statistics of the table (with an array parameter it chose to
 * scan the owner's and the unlinked files' indexes, 22 ms at 100,000 files, docs/performance.md
 * "Submission throughput").
 */
export function linkingUpdate(ids: readonly string[], userId: string, submissionId: SQL, commentId?: string): SQL {
  const comment = commentId === undefined ? sql`` : sql`, "comment_id" = ${commentId}::uuid`;
  return sql`update ${attachments} set "submission_id" = ${submissionId}${comment}
    where ${inArray(attachments.id, [...ids])}
      and "owner_id" = ${userId}::uuid and "submission_id" is null and "comment_id" is null
    returning "id"`;
}

/** 409 `conflict`: a checked file was linked by a concurrent request (or deleted by the orphan sweep) first. */
export function attachedMeanwhile(toComment: boolean): HttpError {
  const where = toComment ? 'elsewhere' : 'to another submission';
  return new HttpError(409, 'conflict', `An attached file was attached ${where} at the same time.`);
}

/**
 * Links the checked files to `submissionId` (and to ticket comment `commentId` when given) inside
 * the caller's transaction, only while each is still the user's and unlinked. A file linked by a
 * concurrent request (or deleted by the orphan sweep) in the meantime makes it throw 409
 * `conflict` (the transaction rolls back). A new submission's files are linked by its creating
 * statement instead (create.ts), with the same update.
 */
export async function linkAttachments(
  tx: Database,
  ids: readonly string[],
  submissionId: string,
  user: AuthUser,
  commentId?: string,
): Promise<void> {
  if (!ids.length) return;
  const result = await tx.execute(linkingUpdate(ids, user.id, sql`${submissionId}::uuid`, commentId));
  if ((result as { rows: unknown[] }).rows.length !== ids.length) throw attachedMeanwhile(commentId !== undefined);
}
