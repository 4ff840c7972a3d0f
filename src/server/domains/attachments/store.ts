/**
 * Where the bytes of attachments live (docs/architecture.md "Attachment storage"): one interface
 * for three backends chosen by ATTACHMENTS_URL (create-store.ts) — a folder (default
 * `DATA_DIR/attachments`), an S3-compatible bucket, or the table `attachment_chunks` of the
 * portal's own database. Every node of a cluster must see the same store: a bucket or the database
 * do; a folder only on a shared volume. Bytes stream in and out; none of the backends holds a whole
 * file in memory (S3 buffers one multipart part of 5 MiB).
 */
import type { Readable } from 'node:stream';

/** One stored file as a listing sees it: its key and when it was written. */
export type StoredObject = { key: string; storedAt: Date };

/**
 * A store of files by key (the `storage_key` of `attachments`, a random uuid). Keys are written
 * once: `put` never replaces a file that a row refers to.
 */
export type AttachmentStore = {
  /** Where the files are, for logs and errors: a folder, `s3://bucket/prefix` or the table. */
  readonly description: string;
  /** Streams `body` into the file `key`; on any error (the body's included) nothing is kept. */
  put(key: string, body: Readable): Promise<void>;
  /**
   * A stream of the file `key`, opened before it resolves, so a missing file rejects with
   * {@link StoredFileMissingError} before anything is sent.
   */
  get(key: string): Promise<Readable>;
  /** Deletes the file `key`; a missing file is fine. */
  delete(key: string): Promise<void>;
  /** Whether the file `key` exists. */
  exists(key: string): Promise<boolean>;
  /** Every stored file, in pages the backend reads lazily (the sweep of stray files walks it). */
  list(): AsyncIterable<StoredObject>;
  /** Checks at start that the store can be reached (the folder created, the bucket answering). */
  check(): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
};

/** A file a row refers to is not in the store (deleted by hand, or a store restored from an older backup). */
export class StoredFileMissingError extends Error {
  constructor(
    readonly key: string,
    store: string,
  ) {
    super(`The stored file ${key} is missing from ${store}`);
    this.name = 'StoredFileMissingError';
  }
}

/** The store cannot be used at start (a missing bucket, refused credentials, no answer); the message names ATTACHMENTS_URL. */
export class AttachmentStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AttachmentStoreUnavailableError';
  }
}
