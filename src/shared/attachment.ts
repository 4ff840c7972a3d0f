/**
 * Attachments contract shared by client, server and scripts (design.md §3 "Attachment"; issue 4
 * "Attachments"). A form stores a reference to an uploaded file — never its bytes — in its data:
 * `{ id, name, size, mediaType }`, in an array field whose UI schema says
 * `"ui:widget": "attachments"`.
 */
import { escapePointerToken } from './form-validation';
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

/** One reference found in form data and the JSON Pointer (RFC 6901) of the object holding it. */
export type FoundAttachmentRef = { pointer: string; ref: JsonObject };

function widgetOf(ui: JsonObject): JsonValue | undefined {
  const options = ui['ui:options'];
  return ui['ui:widget'] ?? (isJsonObject(options) ? options.widget : undefined);
}

function collect(ui: JsonValue | undefined, value: JsonValue | undefined, pointer: string, out: FoundAttachmentRef[]): void {
  if (!isJsonObject(ui) || value === undefined || value === null) return;
  if (widgetOf(ui) === ATTACHMENTS_WIDGET) {
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => {
      if (isJsonObject(item)) out.push({ pointer: Array.isArray(value) ? `${pointer}/${index}` : pointer, ref: item });
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
 * {@link ATTACHMENTS_WIDGET}, at any depth, inside objects and arrays' `items`).
 */
export function findAttachmentRefs(uiSchema: JsonObject, data: JsonObject): FoundAttachmentRef[] {
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
