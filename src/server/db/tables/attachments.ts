/**
 * Uploaded files: one row per file, the bytes in the attachment store under `storage_key` (a folder,
 * an S3 bucket or `attachment_chunks`; domains/attachments/store.ts; docs/behaviour.md
 * "Attachments"). Several API nodes on one PostgreSQL need a store they share.
 */
import { bigint, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { submissions } from './submissions';
import { ticketComments } from './ticket-comments';
import { users } from './users';

/**
 * `mediaType` is what the content is (sniffed with file-type), never what the name or the
 * browser claims; `sha256` is lowercase hex of the bytes; `sizeBytes` their count.
 * `submissionId` / `commentId` are null until a submission (or comment) refers to the file.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    submissionId: uuid('submission_id').references(() => submissions.id),
    /** The ticket comment the file is attached to (docs/behaviour.md "Comments"). */
    commentId: uuid('comment_id').references(() => ticketComments.id),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    unique('attachments_owner_idempotency_key').on(t.ownerId, t.idempotencyKey),
    index('attachments_submission_idx').on(t.submissionId),
    index('attachments_owner_idx').on(t.ownerId),
    index('attachments_comment_idx').on(t.commentId),
  ],
);
