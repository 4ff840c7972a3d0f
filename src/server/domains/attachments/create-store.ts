/** Opens the attachment store that ATTACHMENTS_URL names (store.ts has the interface). */
import type { AttachmentStoreConfig } from '../../config';
import type { Database } from '../../db/client';
import { createDatabaseStore } from './database-store';
import { createFolderStore } from './folder-store';
import { createS3Store } from './s3-store';
import type { AttachmentStore } from './store';

/**
 * The store `config` names; `db` is used by the `database` kind only. Nothing is contacted until
 * `check`; the AWS SDK is loaded for the `s3` kind only.
 */
export async function createAttachmentStore(config: AttachmentStoreConfig, db: Database): Promise<AttachmentStore> {
  switch (config.kind) {
    case 'folder':
      return createFolderStore(config.dir);
    case 'database':
      return createDatabaseStore(db);
    case 's3':
      return createS3Store(config);
  }
}
