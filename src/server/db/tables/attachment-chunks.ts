/**
 * The bytes of attachments when ATTACHMENTS_URL=postgres: (domains/attachments/database-store.ts):
 * each stored file is rows `seq` 0, 1, 2… of at most 256 KiB each, so a file is written and read a
 * chunk at a time, never held whole in memory. Chunk 0 always exists (empty for an empty file); its
 * `created_at` is the file's age for the sweep of stray bytes. No foreign key to `attachments`: the
 * bytes are written before the row that refers to them (docs/architecture.md "Attachment storage").
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';

/** One chunk of a stored file: `storageKey` is `attachments.storage_key`, `seq` counts from 0. */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    storageKey: text('storage_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.seq] })],
);
