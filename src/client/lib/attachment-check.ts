/**
 * The attachments widget's checks when a file is picked: the same limits
 * the server enforces, from the shared constants and rule in src/shared/attachment.ts — at most
 * MAX_ATTACHMENT_BYTES per file, and a media type decided by the content (file-type's magic bytes,
 * loaded only when a file is picked) with {@link acceptedAttachmentType}. The server checks again.
 */
import {
  acceptedAttachmentType,
  acceptInWords,
  acceptsMediaType,
  ACCEPTED_ATTACHMENTS_IN_WORDS,
  formatBytes,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_SUBMISSION,
  TEXT_SNIFF_BYTES,
} from '../../shared/attachment';

/**
 * Why a picked file is refused before upload, in words for the person; null when it may be
 * uploaded. `accept` is the field's `ui:options.accept` ({@link acceptsMediaType}).
 */
export async function refusalOfPickedFile(file: File, accept?: string): Promise<string | null> {
  if (file.size > MAX_ATTACHMENT_BYTES) return `Larger than ${formatBytes(MAX_ATTACHMENT_BYTES)}: not uploaded.`;
  const { fileTypeFromBlob } = await import('file-type');
  const detected = await fileTypeFromBlob(file).catch(() => undefined);
  const type = await acceptedAttachmentType(
    detected?.mime,
    file.name,
    async () => new Uint8Array(await file.slice(0, TEXT_SNIFF_BYTES).arrayBuffer()),
  );
  if (type && !acceptsMediaType(accept, type)) return `This field takes ${acceptInWords(accept)}: not uploaded.`;
  return type
    ? null
    : `Not an accepted file type (${ACCEPTED_ATTACHMENTS_IN_WORDS}); the type is read from the content, not the name.`;
}

/**
 * Splits `picked` files into those that fit under MAX_ATTACHMENTS_PER_SUBMISSION next to `held`
 * files (attached or uploading) and those over the limit, in the order picked.
 */
export function splitByCountLimit<T>(picked: readonly T[], held: number): { fit: T[]; over: T[] } {
  const room = Math.max(0, MAX_ATTACHMENTS_PER_SUBMISSION - held);
  return { fit: picked.slice(0, room), over: picked.slice(room) };
}

/** The message for files refused by the count limit. */
export function countLimitMessage(names: readonly string[]): string {
  const list = names.join(', ');
  return `At most ${MAX_ATTACHMENTS_PER_SUBMISSION} files can be attached: ${names.length === 1 ? `${list} was` : `${names.length} files were`} not added${names.length === 1 ? '' : ` (${list})`}.`;
}
