/**
 * The attachment stores the attachment tests run against (`describe.each(ATTACHMENT_STORES)`):
 * the folder (default), the database table (on PGlite, or on PostgreSQL with TEST_DATABASE_URL)
 * and S3 (s3rver in this process, helpers/s3-server.ts).
 */
import { startS3TestServer } from './s3-server';

export const ATTACHMENT_STORES = ['folder', 'database', 's3'] as const;
export type AttachmentStoreKind = (typeof ATTACHMENT_STORES)[number];

/** The environment for a test app keeping its attachments in `kind`, and what to stop after its app closed. */
export async function attachmentStoreEnv(
  kind: AttachmentStoreKind,
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (kind === 'folder') return { env: {}, close: async () => {} };
  if (kind === 'database') return { env: { ATTACHMENTS_URL: 'postgres:' }, close: async () => {} };
  const server = await startS3TestServer();
  return { env: server.env, close: server.close };
}
