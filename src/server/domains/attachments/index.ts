/**
 * Attachments: uploaded files stored on disk under the data folder, their rows, who may read
 * them, and the sweep of uploads never linked to a submission or comment.
 */
export { findReadableAttachment, toAttachment } from './repository';
export { openStoredFile } from './storage';
export { sweepOrphanAttachments } from './sweep';
export { findReplayedUpload, saveUpload } from './upload';
