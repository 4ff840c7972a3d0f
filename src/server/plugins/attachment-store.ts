/**
 * Opens the attachment store ATTACHMENTS_URL names (domains/attachments `createAttachmentStore`: a
 * folder, an S3 bucket or the database table) and checks it once, so a bucket that does not exist
 * or refuses the credentials stops the start with a message naming the variable, instead of failing
 * the first upload. Decorates `app.attachmentStore`; closes it when the app closes (after the
 * sweep has stopped, before the database). Needs `app.db`.
 */
import { createAttachmentStore } from '../domains/attachments';
import { sharedPlugin } from '../lib/shared-plugin';

/** See the module comment. */
export const attachmentStorePlugin = sharedPlugin(async (app) => {
  const store = await createAttachmentStore(app.config.attachments, app.db);
  try {
    await store.check();
  } catch (error) {
    await store.close();
    throw error;
  }
  app.decorate('attachmentStore', store);
  app.addHook('onClose', () => store.close());
  app.log.info({ attachments: store.description }, 'attachment store ready');
});
