/**
 * Examples whose attachment fields name files (schemas/<Area>/example.json): the files are
 * uploaded first, as the form does, and the references point at those uploads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Attachment, findAttachmentRefs } from '../../../src/shared/attachment';
import type { JsonObject, JsonValue } from '../../../src/shared/json';
import { REAL_SCHEMAS_DIR } from './app';
import { multipartBody, PDF_BYTES, PNG_1X1 } from './multipart';
import { authHeader } from './sign-in';

/** Bytes of the reference's kind: a 1×1 PNG for images, a small PDF otherwise. */
function bytesFor(ref: JsonObject): Buffer {
  return typeof ref.mediaType === 'string' && ref.mediaType.startsWith('image/') ? PNG_1X1 : PDF_BYTES;
}

/** Uploads `content` as `username` under `fileName` (201 expected) and answers the stored attachment. */
export async function uploadFile(
  app: FastifyInstance,
  fileName: string,
  content: Buffer,
  username = 'employee',
): Promise<Attachment> {
  const { payload, headers } = multipartBody([{ fileName, content }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/attachments',
    payload,
    headers: { ...headers, ...(await authHeader(app, username)) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Attachment>();
}

/**
 * A copy of `data` with every file reference (fields whose UI schema names the attachments widget,
 * at any depth) replaced by a fresh upload of `username` under the reference's name: a PNG for an
 * image, a PDF otherwise. The references carry the server's name, size and type, so the stored data
 * equals the copy.
 */
export async function withUploads<T extends JsonValue>(
  app: FastifyInstance,
  data: T,
  uiSchema: JsonObject,
  username = 'employee',
): Promise<T> {
  const copy = structuredClone(data);
  for (const { ref } of findAttachmentRefs(uiSchema, copy)) {
    const name = typeof ref.name === 'string' ? ref.name : 'file.png';
    const { id, size, mediaType } = await uploadFile(app, name, bytesFor(ref), username);
    Object.assign(ref, { id, name, size, mediaType });
  }
  return copy;
}

const readJson = (area: string, file: string) =>
  JSON.parse(readFileSync(join(REAL_SCHEMAS_DIR, area, file), 'utf8')) as JsonObject;

/** The UI schema of an area of schemas/. */
export function realUiSchema(area: string): JsonObject {
  return readJson(area, 'ui.json');
}

/** schemas/<area>/example.json with its files uploaded by `username` first ({@link withUploads}). */
export async function realExample(app: FastifyInstance, area: string, username = 'employee'): Promise<JsonObject> {
  return withUploads(app, readJson(area, 'example.json'), realUiSchema(area), username);
}
