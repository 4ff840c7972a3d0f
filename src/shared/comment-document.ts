/**
 * Reading a stored ticket comment's body. Kept apart from shared/tickets.ts so that pages which
 * only need the ticket types and statuses do not load the rich-text reader.
 */
import type { JsonValue } from './json';
import { readRichText, type RichTextReading } from './rich-text';

/**
 * The document of a stored comment body: an array of blocks read with the rich-text allow-list
 * (`readRichText`), a string as `readRichText` reads a stored field value (a plain-text reading
 * of an HTML string is the caller's to convert). Never throws; an unreadable body is `ok: false`.
 */
export function readCommentDocument(body: JsonValue): RichTextReading {
  return readRichText(Array.isArray(body) ? JSON.stringify(body) : body);
}
