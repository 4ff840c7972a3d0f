/**
 * Attachments (docs/behaviour.md "Attachments"):
 * - `POST /api/attachments` multipart/form-data with one file part → 201 Attachment (200 with
 *   `Idempotency-Replayed: true` when the `Idempotency-Key` was used before by the same user).
 *   Streamed into the attachment store (ATTACHMENTS_URL); 413 `file_too_large` above 10 MiB, 415 `file_type_not_allowed` when the
 *   content (not the name) is not an accepted type, 422 `file_missing` without a file part, 400
 *   `bad_request` for a body the multipart parser cannot read (no boundary, cut short, malformed
 *   part headers) or a file part without a `filename` (RFC 7578 section 4.2).
 * - `GET /api/attachments/:id` → the bytes, `Content-Disposition: attachment` (RFC 6266, via the
 *   content-disposition package), `X-Content-Type-Options: nosniff`, a sandboxing CSP; 404 unless the caller owns
 *   the file or may read the submission it is linked to — and, for a file on an internal ticket
 *   comment, is a handler of that ticket (domains/attachments/repository.ts
 *   `findReadableAttachment`).
 */
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import { ATTACHMENT_ERRORS, MAX_ATTACHMENT_BYTES } from '../../../../shared/attachment';
import { badRequest, HttpError, notFound } from '../../../lib/errors';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, IdSchema, ValidationErrorSchema } from '../schemas';
import {
  findReadableAttachment,
  findReplayedUpload,
  openStoredFile,
  saveUpload,
  toAttachment,
} from '../../../domains/attachments';

/** `Attachment` (src/shared/attachment.ts). */
export const AttachmentSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  mediaType: Type.String(),
  sha256: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  submissionId: Type.Union([Type.String(), Type.Null()]),
});

const UploadHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$' })),
});

/**
 * What the multipart parser threw, as the answer: its limits keep their 413, a body that is not
 * multipart/form-data answers 415; anything else is a body it cannot read (busboy's "Boundary not
 * found", "Unexpected end of multipart data", "Malformed part header"; @fastify/multipart's 406 for a
 * field whose Content-Type says JSON but whose value is not) and answers 400.
 */
function multipartError(error: unknown): unknown {
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (error instanceof HttpError || statusCode === 413) return error;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, 'unsupported_media_type', 'Send the file as Content-Type: multipart/form-data.');
  }
  return badRequest(`The multipart body cannot be read: ${(error as Error).message}.`);
}

/**
 * The next file part of a multipart body, skipping plain fields; undefined at the end. Errors:
 * 400 for a body the parser cannot read and for a file part without a `filename` (@fastify/multipart
 * types the name as a string, but hands over a part of type application/octet-stream without one as
 * a file named `undefined`); the parser's 413 for a limit.
 */
async function nextFile(parts: AsyncIterableIterator<Multipart>): Promise<MultipartFile | undefined> {
  for (;;) {
    const next = await parts.next().catch((error: unknown) => {
      throw multipartError(error);
    });
    if (next.done) return undefined;
    const part = next.value;
    if (part.type !== 'file') continue;
    if (typeof (part.filename as string | undefined) !== 'string') {
      part.file.resume();
      throw badRequest('The file part has no filename in its Content-Disposition header.');
    }
    return part;
  }
}

/** See the module comment. */
export const attachmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    // two files, so a second one reaches the handler and is refused with 400 (the limit would say 413)
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/attachments',
    {
      config: { permission: 'signed-in', multipart: true },
      schema: {
        tags: ['attachments'],
        summary: 'Upload one file (multipart/form-data, one file part)',
        consumes: ['multipart/form-data'],
        headers: UploadHeaders,
        response: {
          200: AttachmentSchema,
          201: AttachmentSchema,
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          // `file_missing`, or `validation_failed` with `errors` for a JSON body the database would refuse
          422: Type.Union([ValidationErrorSchema, ApiErrorSchema]),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const key = request.headers['idempotency-key'];
      const earlier = await findReplayedUpload(app.db, user, key);
      if (earlier) return reply.code(200).header('idempotency-replayed', 'true').send(toAttachment(earlier));
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as Content-Type: multipart/form-data.');
      }
      const parts = request.parts();
      const part = await nextFile(parts);
      if (!part) throw new HttpError(422, ATTACHMENT_ERRORS.noFile, 'The request has no file part.');
      const { row, replayed } = await saveUpload(app.db, app.attachmentStore, user, {
        file: part.file,
        fileName: part.filename,
        isTruncated: () => part.file.truncated,
        idempotencyKey: key,
        // the rest of the body is read before the row is written: a second file refuses the upload
        afterStored: async () => {
          if (await nextFile(parts)) throw badRequest('Send one file per request.');
        },
      }).catch((error: unknown) => {
        // the error the part's own stream failed with comes from the parser (the body was cut short …)
        throw error === part.file.errored ? multipartError(error) : error;
      });
      if (replayed) return reply.code(200).header('idempotency-replayed', 'true').send(toAttachment(row));
      return reply.code(201).header('location', `/api/attachments/${row.id}`).send(toAttachment(row));
    },
  );

  app.get(
    '/attachments/:id',
    {
      config: { permission: 'signed-in' },
      // streamed as stored, with its length: most files are compressed already (images, PDF, Office)
      compress: false,
      schema: {
        tags: ['attachments'],
        summary: 'Download a file (as an attachment, never rendered inline)',
        params: Type.Object({ id: IdSchema }),
        response: {
          200: Type.Unsafe<unknown>({ description: 'The file bytes, Content-Type = its sniffed media type' }),
          404: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const row = await findReadableAttachment(app.db, requireUser(request), request.params.id);
      if (!row) throw notFound('There is no such attachment that you can see.');
      // opened before any header is set: a store that fails answers 500 with the error body
      const body = await openStoredFile(app.attachmentStore, row.storageKey);
      const charset = row.mediaType.startsWith('text/') ? '; charset=utf-8' : '';
      return reply
        .header('content-type', `${row.mediaType}${charset}`)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition(row.fileName, { type: 'attachment' }))
        .header('x-content-type-options', 'nosniff')
        // replaces the web app's policy: the file may load nothing, run nothing, and is never framed
        .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
        .header('cache-control', 'private, no-store')
        .header('etag', `"${row.sha256}"`)
        .send(body);
    },
  );
};
