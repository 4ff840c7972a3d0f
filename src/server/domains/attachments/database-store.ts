/**
 * The database store (`ATTACHMENTS_URL=postgres:` or `database:`): files are rows of
 * `attachment_chunks` (db/tables/attachment-chunks.ts) in the portal's own database, PostgreSQL or
 * PGlite, in chunks of 256 KiB. Chunks travel as base64 text, decoded and encoded by the database:
 * PGlite's binary parameters and results took 4 to 12 times as long for the same bytes. Each chunk is its own statement, never one transaction around a
 * whole upload: an upload from a slow browser must not hold a pooled connection, nor PGlite's
 * single one, for its duration. Chunk 0 is written first, so a file whose later chunks are missing
 * (a crash mid-upload) has no `attachments` row and is removed by the sweep of stray files.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachmentChunks } from '../../db/schema';
import { StoredFileMissingError, type AttachmentStore, type StoredObject } from './store';

/** Bytes per row: 256 KiB. */
export const CHUNK_BYTES = 256 * 1024;
const LIST_PAGE = 1000;

/** A store of files in the table `attachment_chunks` of `db`. */
export function createDatabaseStore(db: Database): AttachmentStore {
  const description = 'the database table attachment_chunks';
  const readChunk = async (key: string, seq: number) => {
    const [row] = await db
      .select({ data: sql<string>`encode(${attachmentChunks.data}, 'base64')` })
      .from(attachmentChunks)
      .where(and(eq(attachmentChunks.storageKey, key), eq(attachmentChunks.seq, seq)));
    return row ? Buffer.from(row.data, 'base64') : null;
  };
  const remove = async (key: string) => {
    await db.delete(attachmentChunks).where(eq(attachmentChunks.storageKey, key));
  };
  return {
    description,
    async put(key, body) {
      let seq = 0;
      const write = async (data: Buffer) => {
        await db
          .insert(attachmentChunks)
          .values({ storageKey: key, seq, data: sql`decode(${data.toString('base64')}, 'base64')` });
        seq += 1;
      };
      try {
        for await (const piece of rechunk(body as AsyncIterable<Buffer>)) await write(piece);
        if (seq === 0) await write(Buffer.alloc(0));
      } catch (error) {
        await remove(key);
        throw error;
      }
    },
    async get(key) {
      const first = await readChunk(key, 0);
      if (!first) throw new StoredFileMissingError(key, description);
      return Readable.from(
        (async function* () {
          yield first;
          for (let seq = 1; ; seq += 1) {
            const data = await readChunk(key, seq);
            if (!data) return;
            yield data;
          }
        })(),
        { objectMode: false },
      );
    },
    delete: remove,
    async exists(key) {
      return (await readChunk(key, 0)) !== null;
    },
    list: () => listChunks(db),
    async check() {
      await db.execute(sql`select 1 from ${attachmentChunks} limit 1`);
    },
    async close() {},
  };
}

/** Re-cuts a stream of buffers of any size into CHUNK_BYTES pieces (the last may be shorter). */
async function* rechunk(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, CHUNK_BYTES);
      pending = [joined.subarray(CHUNK_BYTES)];
      pendingBytes -= CHUNK_BYTES;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

async function* listChunks(db: Database): AsyncGenerator<StoredObject> {
  let after = '';
  for (;;) {
    const page = await db
      .select({ key: attachmentChunks.storageKey, storedAt: attachmentChunks.createdAt })
      .from(attachmentChunks)
      .where(and(eq(attachmentChunks.seq, 0), gt(attachmentChunks.storageKey, after)))
      .orderBy(asc(attachmentChunks.storageKey))
      .limit(LIST_PAGE);
    for (const row of page) yield { key: row.key, storedAt: row.storedAt };
    const last = page.at(-1);
    if (!last || page.length < LIST_PAGE) return;
    after = last.key;
  }
}
