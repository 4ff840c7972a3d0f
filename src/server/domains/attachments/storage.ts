/**
 * The bytes of attachments on disk: `DATA_DIR/attachments/<storage key>`
 * (docs/behaviour.md "Attachments"). An upload streams to a temp file in the same folder while its
 * sha256 is computed, its media type is then sniffed from the content with file-type, and it is
 * renamed into place only when accepted; a refused or aborted upload leaves nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import {
  acceptedAttachmentType,
  ALLOWED_ATTACHMENT_TYPES,
  ATTACHMENT_ERRORS,
  MAX_ATTACHMENT_BYTES,
  TEXT_SNIFF_BYTES,
} from '../../../shared/attachment';
import { HttpError } from '../../lib/errors';

/** A stored file: its storage key (file name in the folder), size in bytes, sha256 hex and sniffed media type. */
export type StoredFile = { storageKey: string; sizeBytes: number; sha256: string; mediaType: string };

/** The folder of stored attachments under `dataDir`. */
export function attachmentsFolder(dataDir: string): string {
  return join(dataDir, 'attachments');
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The media type of the file at `path`, decided by its content: file-type's magic-byte
 * detection, or — only for a `.txt`/`.csv` name whose content has no magic bytes and is UTF-8
 * text — text/plain or text/csv. Null when the type is not in ALLOWED_ATTACHMENT_TYPES.
 */
export async function sniffMediaType(path: string, fileName: string): Promise<string | null> {
  const detected = await fileTypeFromFile(path);
  return acceptedAttachmentType(detected?.mime, fileName, () => readHead(path));
}

/**
 * Streams `source` into the store. Errors (HttpError, nothing kept): 413 `file_too_large` past
 * MAX_ATTACHMENT_BYTES (the multipart limit truncates the stream; `isTruncated` reports it),
 * 415 `file_type_not_allowed` when the content is not an allowed type.
 */
export async function storeUpload(
  dataDir: string,
  source: Readable,
  fileName: string,
  isTruncated: () => boolean,
): Promise<StoredFile> {
  const folder = attachmentsFolder(dataDir);
  await mkdir(folder, { recursive: true });
  const storageKey = randomUUID();
  const temp = join(folder, `.upload-${storageKey}`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (isTruncated() || sizeBytes > MAX_ATTACHMENT_BYTES) throw tooLarge();
    const mediaType = await sniffMediaType(temp, fileName);
    if (!mediaType) {
      throw new HttpError(
        415,
        ATTACHMENT_ERRORS.typeNotAllowed,
        `The content of "${fileName}" is not an accepted file type (${ALLOWED_ATTACHMENT_TYPES.join(', ')}); the type is read from the content, not the name.`,
      );
    }
    await rename(temp, join(folder, storageKey));
    return { storageKey, sizeBytes, sha256: hash.digest('hex'), mediaType };
  } finally {
    await rm(temp, { force: true });
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
export async function removeStoredFile(dataDir: string, storageKey: string): Promise<void> {
  await rm(join(attachmentsFolder(dataDir), storageKey), { force: true });
}

/** A read stream of a stored file. */
export function openStoredFile(dataDir: string, storageKey: string): ReadStream {
  return createReadStream(join(attachmentsFolder(dataDir), storageKey));
}
