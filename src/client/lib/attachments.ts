/**
 * Attachment calls: upload with progress (`POST /api/attachments`, multipart, XMLHttpRequest
 * because it reports upload progress) and authenticated download (`GET /api/attachments/:id`
 * fetched as a blob with the Bearer token, then saved under the stored file name).
 */
import type { ApiError } from '../../shared/api-error';
import type { Attachment, AttachmentRef } from '../../shared/attachment';
import { API_PREFIX } from '../config/env';
import { getValidAccessToken } from './auth';
import { api } from './http';
import { createIdempotencyKey } from './idempotency-key';
import { saveBlob } from './save-file';

let activeUploads = 0;

/**
 * True from the moment a file is picked ({@link beginUpload}) until its upload ended, so a submit
 * in between waits instead of sending the form without that file.
 */
export function hasActiveUploads(): boolean {
  return activeUploads > 0;
}

/**
 * Counts one upload as running until the returned release is called (calling it again does
 * nothing). Call it synchronously where the file is picked, before any `await` (the pick-time
 * check reads the file, the token may be refreshed): a submit clicked during those awaits would
 * otherwise find no upload running and submit the form without the file.
 */
export function beginUpload(): () => void {
  activeUploads += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    activeUploads -= 1;
  };
}

/** An upload the server refused or that never reached it; `code` is the API's machine code (`file_too_large`…). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function parseError(xhr: XMLHttpRequest): UploadError {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<ApiError>;
    if (typeof body.message === 'string') return new UploadError(body.message, xhr.status, body.error ?? null);
  } catch {
    // not JSON: fall through to the status line
  }
  return new UploadError(`The server answered ${xhr.status} ${xhr.statusText}`.trim(), xhr.status, null);
}

/**
 * Uploads `file`; `onProgress` gets the fraction sent (0–1). Resolves with the reference to store
 * in form data; rejects with {@link UploadError}. One Idempotency-Key per call, so a network retry
 * of the same call cannot store the file twice.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AttachmentRef> {
  const release = beginUpload();
  let token: string | null;
  try {
    token = await getValidAccessToken();
  } catch (error) {
    release();
    throw error;
  }
  const body = new FormData();
  body.append('file', file, file.name);
  return new Promise<AttachmentRef>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.onloadend = release;
    xhr.open('POST', `${API_PREFIX.replace(/\/$/, '')}/attachments`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Idempotency-Key', createIdempotencyKey());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 200 && xhr.status !== 201) {
        reject(parseError(xhr));
        return;
      }
      const { id, name, size, mediaType } = JSON.parse(xhr.responseText) as Attachment;
      onProgress(1);
      resolve({ id, name, size, mediaType });
    };
    xhr.onerror = () => reject(new UploadError('The server could not be reached. Try again.', 0, null));
    xhr.onabort = () => reject(new UploadError('Upload cancelled.', 0, null));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/** Downloads the attachment with the access token and hands it to the browser as a file named `ref.name`. */
export async function downloadAttachment(ref: AttachmentRef): Promise<void> {
  const blob = await api.get(`attachments/${encodeURIComponent(ref.id)}`).blob();
  saveBlob(blob, ref.name);
}
