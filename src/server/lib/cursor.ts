/**
 * Opaque keyset-pagination cursors: base64url (RFC 4648 section 5) of a small JSON array
 * `[sort, key, id]`, where `key` is the last row's sort value (ISO time or sequence number) and
 * `id` its uuid tiebreak. The sort is embedded so a cursor from another sort order is refused.
 */
import { isStorableText } from './storable-input';

/** A decoded cursor: the sort order, the last row's sort key and its id. */
export type Cursor = { sort: string; key: string | number; id: string };

/** Encodes a cursor; the output contains only `A–Z a–z 0–9 - _`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id]), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by {@link encodeCursor}; returns `null` for anything malformed
 * (wrong alphabet, not JSON, wrong shape, text the database would refuse) so the caller answers
 * 400 rather than 500.
 */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, key, id] = parsed as unknown[];
  if (typeof sort !== 'string' || typeof id !== 'string' || !isStorableText(id)) return null;
  if (typeof key === 'string' && isStorableText(key)) return { sort, key, id };
  if (typeof key === 'number' && Number.isSafeInteger(key)) return { sort, key, id };
  return null;
}
