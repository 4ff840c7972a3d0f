/**
 * Column types shared by the tables. Timestamps are `timestamptz(3)`: millisecond precision, so a
 * JavaScript Date round-trips exactly and keyset cursors compare equal to what is stored.
 */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz(3)` column read and written as a JavaScript Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** PostgreSQL's `tsvector` (full-text search document), read as its text form. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * PostgreSQL's `bytea`, written from a Buffer or Uint8Array and read as a Buffer (node-postgres gives
 * a Buffer, PGlite a Uint8Array).
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
