/**
 * The body of a ticket comment (docs/behaviour.md "Comments"): read against the same allow-list,
 * caps and address rules as a rich-text form field (src/shared/rich-text.ts `readRichText`,
 * lib/rich-text-sanitiser; docs/behaviour.md "Rich text"). Stored in the jsonb column as the
 * document itself (an array of blocks), not its JSON text: a JSON-looking string in jsonb is read
 * back as a string by one driver and as the parsed array by another (PGlite), an array is the same
 * on every driver.
 */
import type { JsonValue } from '../../../shared/json';
import {
  isDocumentEmpty,
  isDocumentString,
  looksLikeHtml,
  readRichText,
  type RichTextDocument,
} from '../../../shared/rich-text';
import { sanitiseRichTextValue } from '../../lib/rich-text-sanitiser';

/** Largest stored comment body, in characters of its JSON text. */
export const MAX_COMMENT_CHARS = 100_000;

/** What {@link readCommentBody} made of a body: the value to store and whether it holds nothing. */
export type CommentBody = { value: JsonValue; isEmpty: boolean } | { message: string };

/** A plain string as a document: one paragraph per line. */
function plainTextToDocument(text: string): RichTextDocument {
  return text.split(/\r?\n/).map((line) => ({ type: 'paragraph', children: [{ text: line }] }));
}

function fromDocumentString(serialised: string): CommentBody {
  const reading = readRichText(serialised);
  if (!reading.ok) return { message: reading.message };
  return { value: reading.doc, isEmpty: isDocumentEmpty(reading.doc) };
}

/**
 * Reads a posted comment body:
 * - a document (array of blocks) or its JSON string → checked by `readRichText` (node types,
 *   attributes, marks, depth and node caps refused with a message; link and image addresses
 *   failing the scheme rules blanked) and stored as the clean document;
 * - any other string → a plain-text document, one paragraph per line; a string holding HTML
 *   markup (older clients) is kept as HTML, cleaned by sanitize-html with the rich-text policy,
 *   exactly as a form field's older HTML value is;
 * - anything else → `{ message }`.
 * `isEmpty`: no text and no image. Over {@link MAX_COMMENT_CHARS} → `{ message }`.
 */
export function readCommentBody(body: JsonValue): CommentBody {
  let read: CommentBody;
  if (Array.isArray(body)) read = fromDocumentString(JSON.stringify(body));
  else if (typeof body !== 'string')
    read = { message: 'must be a rich-text document (an array of blocks) or a string' };
  else if (isDocumentString(body)) read = fromDocumentString(body);
  else if (looksLikeHtml(body)) {
    const clean = sanitiseRichTextValue(body);
    const html = 'value' in clean && typeof clean.value === 'string' ? clean.value : '';
    read =
      'message' in clean
        ? clean
        : { value: html, isEmpty: !html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html) };
  } else {
    const doc = plainTextToDocument(body);
    read = { value: doc, isEmpty: isDocumentEmpty(doc) };
  }
  if ('value' in read && JSON.stringify(read.value).length > MAX_COMMENT_CHARS) {
    return { message: `must be at most ${MAX_COMMENT_CHARS} characters` };
  }
  return read;
}
