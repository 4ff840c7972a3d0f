/**
 * Attachments contract shared by client, server and scripts (docs/behaviour.md "Attachments").
 * A form stores a reference to an uploaded file — never its bytes — in its data:
 * `{ id, name, size, mediaType }`, in an array field whose UI schema says
 * `"ui:widget": "attachments"`.
 */
import { escapePointerToken } from './json-pointer';
import { isJsonObject, type JsonObject, type JsonValue } from './json';

/** Registry key of the file widget in UI schemas. */
export const ATTACHMENTS_WIDGET = 'attachments';

/** Largest accepted file: 10 MiB (bytes). Larger uploads answer 413 `file_too_large`. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Most files one submission may refer to; more answer 422 on submit. */
export const MAX_ATTACHMENTS_PER_SUBMISSION = 20;

/**
 * Media types accepted, decided by the file's content (magic bytes), never by its name or the
 * browser's claim. Plain text and CSV have no magic bytes: they are accepted only under a
 * `.txt`/`.csv` name and only when the content is UTF-8 text (see the server's sniffer).
 */
export const ALLOWED_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
] as const;

/**
 * Plain text and CSV by name (they have no magic bytes): the media type a `.txt`/`.csv` file is
 * accepted as when its content is UTF-8 text ({@link looksLikeUtf8Text} on its first
 * {@link TEXT_SNIFF_BYTES} bytes).
 */
export const TEXT_ATTACHMENT_TYPES: Readonly<Record<string, string>> = { txt: 'text/plain', csv: 'text/csv' };

/** How many bytes of a `.txt`/`.csv` file's start are checked for UTF-8 text. */
export const TEXT_SNIFF_BYTES = 8192;

/** The accepted kinds in words, for messages and help text. */
export const ACCEPTED_ATTACHMENTS_IN_WORDS =
  'images (PNG, JPEG, GIF, WebP, BMP), PDF, Word (.docx), Excel (.xlsx), text or CSV';

/** True when `head` (the start of a file) decodes as UTF-8 text without NUL or other binary control bytes. */
export function looksLikeUtf8Text(head: Uint8Array): boolean {
  try {
    // `stream: true`: the head may end inside a multi-byte character.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    // eslint-disable-next-line no-control-regex
    return !/[\u0000-\u0008\u000E-\u001F\u007F]/.test(text);
  } catch {
    return false;
  }
}

/**
 * The media type a file is accepted as, or null when it is refused — the one rule the server
 * applies on upload and the attachments widget applies when a file is picked. `detected` is
 * file-type's magic-byte result for the content (undefined when it found none); only without one,
 * a `.txt`/`.csv` `fileName` whose first bytes (`readHead`, at most TEXT_SNIFF_BYTES) are UTF-8 text
 * is text/plain or text/csv. Anything not in ALLOWED_ATTACHMENT_TYPES is null.
 */
export async function acceptedAttachmentType(
  detected: string | undefined,
  fileName: string,
  readHead: () => Promise<Uint8Array>,
): Promise<string | null> {
  const allowed = ALLOWED_ATTACHMENT_TYPES as readonly string[];
  if (detected) return allowed.includes(detected) ? detected : null;
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const textType = TEXT_ATTACHMENT_TYPES[extension];
  if (!textType) return null;
  return looksLikeUtf8Text(await readHead()) ? textType : null;
}

/** Machine codes of attachment refusals (the `error` of the API error body). */
export const ATTACHMENT_ERRORS = {
  tooLarge: 'file_too_large',
  typeNotAllowed: 'file_type_not_allowed',
  noFile: 'file_missing',
} as const;

/** What form data stores for one uploaded file. `size` in bytes. */
export type AttachmentRef = { id: string; name: string; size: number; mediaType: string };

/** `POST /api/attachments` answer: the reference plus checksum, time and link. */
export type Attachment = AttachmentRef & { sha256: string; createdAt: string; submissionId: string | null };

/** JSON Schema of an attachments field, for schema authors: `{ "$ref"-free copy into schema.json }`. */
export const ATTACHMENT_REF_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'size', 'mediaType'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
    mediaType: { type: 'string' },
  },
} as const;

/** Media types of the file-name extensions a field's `accept` may list (`.pdf`, `.docx`…). */
const ACCEPT_EXTENSIONS: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
};

/** The entries of an `accept` list (the HTML `accept` attribute's syntax), as media types or `type/*`. */
function acceptEntries(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .map((entry) => (entry.startsWith('.') ? (ACCEPT_EXTENSIONS[entry] ?? '') : entry))
    .filter((entry) => /^[a-z0-9.+-]+\/(\*|[a-z0-9.+-]+)$/.test(entry));
}

/**
 * True when a file of `mediaType` fits a field's `ui:options.accept` (the HTML `accept` syntax:
 * media types, `type/*`, `.ext` of an accepted kind, comma-separated). No accept, `*\/*` or no
 * entry understood: any accepted type fits. The server applies it to the type it read from the
 * content; the widget when a file is picked.
 */
export function acceptsMediaType(accept: string | undefined, mediaType: string): boolean {
  const entries = acceptEntries(accept);
  if (!entries.length || entries.includes('*/*')) return true;
  const type = mediaType.toLowerCase();
  return entries.some((entry) => (entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : entry === type));
}

const ACCEPT_WORDS: Readonly<Record<string, string>> = {
  'image/*': 'an image',
  'application/pdf': 'a PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document (.docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook (.xlsx)',
  'text/plain': 'a text file',
  'text/csv': 'a CSV file',
};

/** A field's `accept` in words: `a PDF or an image`. */
export function acceptInWords(accept: string | undefined): string {
  const words = [...new Set(acceptEntries(accept).map((entry) => ACCEPT_WORDS[entry] ?? entry))];
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`
    : (words[0] ?? 'any accepted file');
}

/**
 * True for the JSON Schema of a file field: an array whose items require `id`, `name`, `size` and
 * `mediaType` (the shape of {@link ATTACHMENT_REF_SCHEMA}).
 */
export function isAttachmentArraySchema(schema: JsonValue | object | undefined): boolean {
  const items = isJsonObject(schema) ? schema.items : undefined;
  const required = isJsonObject(items) ? items.required : undefined;
  return Array.isArray(required) && ATTACHMENT_REF_SCHEMA.required.every((name) => required.includes(name));
}

/**
 * One reference found in form data, the JSON Pointer (RFC 6901) of the object holding it, and its
 * field's `ui:options.accept` (undefined when the field has none).
 */
export type FoundAttachmentRef = { pointer: string; ref: JsonObject; accept?: string };

function widgetOf(ui: JsonObject): JsonValue | undefined {
  const options = ui['ui:options'];
  return ui['ui:widget'] ?? (isJsonObject(options) ? options.widget : undefined);
}

function collect(
  ui: JsonValue | undefined,
  value: JsonValue | undefined,
  pointer: string,
  out: FoundAttachmentRef[],
): void {
  if (!isJsonObject(ui) || value === undefined || value === null) return;
  if (widgetOf(ui) === ATTACHMENTS_WIDGET) {
    const options = ui['ui:options'];
    const accept = isJsonObject(options) && typeof options.accept === 'string' ? options.accept : undefined;
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => {
      if (!isJsonObject(item)) return;
      const found: FoundAttachmentRef = { pointer: Array.isArray(value) ? `${pointer}/${index}` : pointer, ref: item };
      out.push(accept === undefined ? found : { ...found, accept });
    });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collect(ui.items, item, `${pointer}/${index}`, out));
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, child] of Object.entries(ui)) {
    if (!key.startsWith('ui:')) collect(child, value[key], `${pointer}/${escapePointerToken(key)}`, out);
  }
}

/**
 * Every attachment reference in `data`, found by walking `uiSchema` (fields whose widget is
 * {@link ATTACHMENTS_WIDGET}, at any depth, inside objects and arrays' `items`; also the form's
 * root itself, for a form of one field).
 */
export function findAttachmentRefs(uiSchema: JsonObject, data: JsonValue): FoundAttachmentRef[] {
  const out: FoundAttachmentRef[] = [];
  collect(uiSchema, data, '', out);
  return out;
}

/** Human size: `532 B`, `12.3 KB`, `4.1 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
