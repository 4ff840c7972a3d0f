/**
 * Attachments: uploaded files kept in the attachment store (a folder, an S3 bucket or a database
 * table; store.ts), their rows, who may read them, and the sweep of uploads never linked to a
 * submission or comment.
 */
export { findReadableAttachment, listSubmissionFiles, toAttachment } from './repository';
export { openStoredFile } from './storage';
export { createAttachmentStore } from './create-store';
export {
  AttachmentStoreUnavailableError,
  StoredFileMissingError,
  type AttachmentStore,
  type StoredObject,
} from './store';
export { sweepOrphanAttachments, type SweepResult } from './sweep';
export { findReplayedUpload, saveUpload } from './upload';
