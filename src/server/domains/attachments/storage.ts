/**
 * An upload's bytes on their way into the attachment store (store.ts; docs/behaviour.md
 * "Attachments"). They stream through a meter into the store under a fresh random key; on the way
 * their sha256 and size are computed, their first bytes kept for the text check, and the same
 * bytes fed to file-type's detection, so the media type is judged from the content without a
 * second read and without the file in memory. A file over the limit or of a refused type is
 * deleted from the store again before the error is answered; a refused or aborted upload leaves
 * nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import {
  acceptedAttachmentType,
  ALLOWED_ATTACHMENT_TYPES,
  ATTACHMENT_ERRORS,
  MAX_ATTACHMENT_BYTES,
  TEXT_SNIFF_BYTES,
} from '../../../shared/attachment';
import { HttpError } from '../../lib/errors';
import type { AttachmentStore } from './store';

/** A stored file: its storage key, size in bytes, sha256 hex and sniffed media type. */
export type StoredFile = { storageKey: string; sizeBytes: number; sha256: string; mediaType: string };

/** What the meter learnt of the bytes that went through it. */
type Inspection = { sizeBytes: number; sha256: string; detected: string | undefined; head: Uint8Array };

/**
 * A pass-through stream that measures what goes through it, and a promise of the result once the
 * stream has ended. file-type reads a copy of the bytes as a web stream and stops when it has
 * decided; it sees at most the whole file, which the multipart limit bounds.
 */
function createMeter(): { meter: Transform; inspection: Promise<Inspection> } {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  let sniffer: ReadableStreamDefaultController<Uint8Array> | null = null;
  const sniffed = new ReadableStream<Uint8Array>({
    start(controller) {
      sniffer = controller;
    },
    cancel() {
      sniffer = null;
    },
  });
  const stopSniffing = (error?: unknown) => {
    try {
      if (error) sniffer?.error(error);
      else sniffer?.close();
    } catch {
      // already closed by file-type
    }
    sniffer = null;
  };
  const detection = fileTypeFromStream(sniffed).then((result) => result?.mime);
  // once file-type has decided, the rest of the file is not copied to it
  detection.then(
    () => stopSniffing(),
    () => stopSniffing(),
  );
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (headBytes < TEXT_SNIFF_BYTES) {
        head.push(chunk.subarray(0, TEXT_SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, TEXT_SNIFF_BYTES - headBytes);
      }
      try {
        sniffer?.enqueue(chunk);
      } catch {
        sniffer = null;
      }
      callback(null, chunk);
    },
    flush(callback) {
      stopSniffing();
      callback();
    },
    destroy(error, callback) {
      stopSniffing(error ?? new Error('upload aborted'));
      callback(error);
    },
  });
  const inspection = new Promise<Inspection>((resolve, reject) => {
    meter.once('finish', () => {
      detection.then(
        (detected) => resolve({ sizeBytes, sha256: hash.digest('hex'), detected, head: Buffer.concat(head) }),
        reject,
      );
    });
    meter.once('error', reject);
  });
  inspection.catch(() => undefined);
  return { meter, inspection };
}

/**
 * Streams `source` into `store` under a new random key. Errors (HttpError, nothing kept): 413
 * `file_too_large` past MAX_ATTACHMENT_BYTES (the multipart limit truncates the stream;
 * `isTruncated` reports it), 415 `file_type_not_allowed` when the content is not an allowed type
 * (file-type's magic bytes, or UTF-8 text under a .txt/.csv name; `acceptedAttachmentType`).
 */
export async function storeUpload(
  store: AttachmentStore,
  source: Readable,
  fileName: string,
  isTruncated: () => boolean,
): Promise<StoredFile> {
  const storageKey = randomUUID();
  const { meter, inspection } = createMeter();
  let hitLimit = false;
  source.once('error', (error: unknown) => {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') hitLimit = true;
  });
  // errors of the source destroy the meter, so the store's put fails with them
  pipeline(source, meter, () => undefined);
  try {
    try {
      await store.put(storageKey, meter);
    } catch (error) {
      // a store that gave up before the end must not leave the request's stream waiting
      meter.destroy();
      throw hitLimit ? tooLarge() : error;
    }
    const { sizeBytes, sha256, detected, head } = await inspection;
    if (hitLimit || isTruncated() || sizeBytes > MAX_ATTACHMENT_BYTES) throw tooLarge();
    const mediaType = await acceptedAttachmentType(detected, fileName, () => Promise.resolve(head));
    if (!mediaType) {
      throw new HttpError(
        415,
        ATTACHMENT_ERRORS.typeNotAllowed,
        `The content of "${fileName}" is not an accepted file type (${ALLOWED_ATTACHMENT_TYPES.join(', ')}); the type is read from the content, not the name.`,
      );
    }
    return { storageKey, sizeBytes, sha256, mediaType };
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

function tooLarge(): HttpError {
  return new HttpError(
    413,
    ATTACHMENT_ERRORS.tooLarge,
    `The file is larger than the limit of ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MiB.`,
  );
}

/** Removes a stored file (after a failed insert); missing files are fine. */
export async function removeStoredFile(store: AttachmentStore, storageKey: string): Promise<void> {
  await store.delete(storageKey);
}

/** A stream of a stored file; rejects with StoredFileMissingError (store.ts) before anything is read when it is gone. */
export function openStoredFile(store: AttachmentStore, storageKey: string): Promise<Readable> {
  return store.get(storageKey);
}
