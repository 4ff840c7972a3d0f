/**
 * Attachment references in submitted form data (docs/behaviour.md "Attachments"): each must name an
 * uploaded file of the submitter that no other submission uses yet, of a type its field accepts; at most
 * MAX_ATTACHMENTS_PER_SUBMISSION. The references are rewritten with the stored name, size and media
 * type (the client's copy is not trusted), and linked to the new submission in its insert
 * transaction.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
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
 * Links the checked files to `submissionId` (and to ticket comment `commentId` when given) inside
 * the caller's transaction, only while each is still the user's and unlinked. A file linked by a
 * concurrent request (or deleted by the orphan sweep) in the meantime makes it throw 409
 * `conflict` (the transaction rolls back).
 */
export async function linkAttachments(
  tx: Database,
  ids: readonly string[],
  submissionId: string,
  user: AuthUser,
  commentId?: string,
): Promise<void> {
  if (!ids.length) return;
  const linked = await tx
    .update(attachments)
    .set({ submissionId, ...(commentId === undefined ? {} : { commentId }) })
    .where(
      and(
        inArray(attachments.id, [...ids]),
        eq(attachments.ownerId, user.id),
        isNull(attachments.submissionId),
        isNull(attachments.commentId),
      ),
    )
    .returning({ id: attachments.id });
  if (linked.length !== ids.length) {
    const where = commentId === undefined ? 'to another submission' : 'elsewhere';
    throw new HttpError(409, 'conflict', `An attached file was attached ${where} at the same time.`);
  }
}
