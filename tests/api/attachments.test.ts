import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/server/db/schema';
import { MAX_ATTACHMENT_BYTES, type Attachment } from '../../src/shared/attachment';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { ObjectSubmission } from './helpers/data';
import { createTestApp, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { multipartBody, PDF_BYTES, PNG_1X1, type FilePart } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';

const AP_DATA = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
  lines: [{ glAccount: '6100-010', amount: 1240.5 }],
};

/** The fixture areas, with an `invoiceFiles` attachments field added to AP. */
async function schemasWithAttachmentField(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tm-attach-schemas-'));
  await cp(FIXTURE_SCHEMAS_DIR, dir, { recursive: true });
  const schemaFile = join(dir, 'AP', 'schema.json');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as { properties: Record<string, unknown> };
  schema.properties.invoiceFiles = {
    type: 'array',
    title: 'Invoice files',
    maxItems: 20,
    items: {
      type: 'object',
      required: ['id', 'name', 'size', 'mediaType'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        size: { type: 'integer', minimum: 0 },
        mediaType: { type: 'string' },
      },
    },
  };
  await writeFile(schemaFile, JSON.stringify(schema));
  const uiFile = join(dir, 'AP', 'ui.json');
  const ui = JSON.parse(await readFile(uiFile, 'utf8')) as Record<string, unknown>;
  await writeFile(uiFile, JSON.stringify({ ...ui, invoiceFiles: { 'ui:widget': 'attachments' } }));
  return dir;
}

describe('/api/attachments', () => {
  let app: FastifyInstance;
  let schemasDir: string;
  beforeAll(async () => {
    schemasDir = await schemasWithAttachmentField();
    app = await createTestApp({ schemasDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  const upload = async (file: FilePart, username = 'employee', headers: Record<string, string> = {}) => {
    const body = multipartBody([file]);
    return app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload: body.payload,
      headers: { ...body.headers, ...(await authHeader(app, username)), ...headers },
    });
  };
  const download = async (id: string, username = 'employee') =>
    app.inject({ url: `/api/attachments/${id}`, headers: await authHeader(app, username) });
  const rowCount = async () => (await app.db.select({ n: count() }).from(attachments))[0]?.n ?? 0;
  const storedFiles = async () => readdir(join(app.config.dataDir, 'attachments')).catch(() => []);

  describe('POST /api/attachments', () => {
    it('stores a PNG, sniffs its type from the content and answers 201 with size and sha256', async () => {
      const response = await upload({ fileName: 'photo.png', contentType: 'image/png', content: PNG_1X1 });
      expect(response.statusCode).toBe(201);
      const body = response.json<Attachment>();
      expect(body).toMatchObject({
        name: 'photo.png',
        size: PNG_1X1.length,
        mediaType: 'image/png',
        sha256: createHash('sha256').update(PNG_1X1).digest('hex'),
        submissionId: null,
      });
      expect(response.headers.location).toBe(`/api/attachments/${body.id}`);
    });

    it('refuses a .png name whose content is text with 415 file_type_not_allowed and keeps nothing', async () => {
      const before = await rowCount();
      const filesBefore = (await storedFiles()).length;
      const response = await upload({ fileName: 'fake.png', contentType: 'image/png', content: 'just some text\n' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ statusCode: 415, error: 'file_type_not_allowed' });
      expect(await rowCount()).toBe(before);
      expect((await storedFiles()).length).toBe(filesBefore);
    });

    it('refuses HTML even when the browser calls it text/plain', async () => {
      const response = await upload({
        fileName: 'notes.html',
        contentType: 'text/plain',
        content: '<html><script>alert(1)</script></html>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ error: 'file_type_not_allowed' });
    });

    it('accepts UTF-8 text under a .txt name as text/plain', async () => {
      const response = await upload({ fileName: 'readme.txt', content: 'Grüße from the boiler room\n' });
      expect(response.statusCode).toBe(201);
      expect(response.json<Attachment>().mediaType).toBe('text/plain');
    });

    it('refuses a file over 10 MiB with 413 file_too_large and leaves no file on disk', async () => {
      const before = await rowCount();
      const filesBefore = (await storedFiles()).length;
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1 - PNG_1X1.length + 1)]);
      const response = await upload({ fileName: 'huge.png', contentType: 'image/png', content: big });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ statusCode: 413, error: 'file_too_large' });
      expect(await rowCount()).toBe(before);
      expect((await storedFiles()).length).toBe(filesBefore);
    });

    it('answers 422 file_missing for a multipart body without a file part', async () => {
      const body = multipartBody([], { note: 'no file here' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/attachments',
        payload: body.payload,
        headers: { ...body.headers, ...(await authHeader(app, 'employee')) },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'file_missing' });
    });

    it('refuses a JSON body with 415', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/attachments',
        payload: { name: 'x' },
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode).toBe(415);
    });

    it('answers 401 without a token', async () => {
      const body = multipartBody([{ fileName: 'a.png', content: PNG_1X1 }]);
      const response = await app.inject({ method: 'POST', url: '/api/attachments', ...body });
      expect(response.statusCode).toBe(401);
    });

    it('stores a retried upload with the same Idempotency-Key once and replays the first answer', async () => {
      const key = `upload-${randomUUID()}`;
      const before = await rowCount();
      const first = await upload({ fileName: 'a.pdf', content: PDF_BYTES }, 'employee', { 'idempotency-key': key });
      const second = await upload({ fileName: 'a.pdf', content: PDF_BYTES }, 'employee', { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(second.json<Attachment>().id).toBe(first.json<Attachment>().id);
      expect(await rowCount()).toBe(before + 1);
    });
  });

  describe('GET /api/attachments/:id', () => {
    it('serves the bytes as an attachment with nosniff and an RFC 6266 file name', async () => {
      const uploaded = (await upload({ fileName: 'Rechnung März; 2025.pdf', content: PDF_BYTES })).json<Attachment>();
      const response = await download(uploaded.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).toContain(`filename*=UTF-8''Rechnung%20M%C3%A4rz%3B%202025.pdf`);
      expect(disposition).toContain('filename="Rechnung M?rz; 2025.pdf"');
    });

    it('answers 404 to another user, to an unknown id and to a non-uuid', async () => {
      const uploaded = (await upload({ fileName: 'mine.png', content: PNG_1X1 })).json<Attachment>();
      expect((await download(uploaded.id, 'maintenance')).statusCode).toBe(404);
      expect((await download(randomUUID())).statusCode).toBe(404);
      expect((await download('not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('attachments referenced by a submission', () => {
    const submit = async (data: object, username = 'employee') =>
      app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload: data,
        headers: await authHeader(app, username),
      });

    it('links the files to the new submission, keeps the stored name and lets the area readers download', async () => {
      const file = (await upload({ fileName: 'invoice.pdf', content: PDF_BYTES })).json<Attachment>();
      const ref = { id: file.id, name: 'renamed-by-client.exe', size: 1, mediaType: 'application/x-msdownload' };
      const response = await submit({ ...AP_DATA, invoiceFiles: [ref] });
      expect(response.statusCode).toBe(201);
      const submission = response.json<ObjectSubmission>();
      expect(submission.data.invoiceFiles).toEqual([
        { id: file.id, name: 'invoice.pdf', size: PDF_BYTES.length, mediaType: 'application/pdf' },
      ]);
      const [row] = await app.db.select().from(attachments).where(eq(attachments.id, file.id));
      expect(row?.submissionId).toBe(submission.id);
      // accounting handles AP (forms:AP:read); maintenance does not.
      expect((await download(file.id, 'accounting')).statusCode).toBe(200);
      expect((await download(file.id, 'maintenance')).statusCode).toBe(404);
    });

    it("refuses someone else's file, an unknown id and a file already attached, storing nothing", async () => {
      const theirs = (await upload({ fileName: 'theirs.png', content: PNG_1X1 }, 'maintenance')).json<Attachment>();
      const mine = (await upload({ fileName: 'mine.png', content: PNG_1X1 })).json<Attachment>();
      expect((await submit({ ...AP_DATA, invoiceFiles: [{ ...mine }] })).statusCode).toBe(201);
      const refs = [theirs, { ...mine }, { ...mine, id: randomUUID() }].map(({ id, name, size, mediaType }) => ({
        id,
        name,
        size,
        mediaType,
      }));
      const response = await submit({ ...AP_DATA, invoiceFiles: refs });
      expect(response.statusCode).toBe(422);
      const body = response.json<ValidationErrorBody>();
      expect(body.errors.map((e) => e.path).sort()).toEqual(['/invoiceFiles/0', '/invoiceFiles/1', '/invoiceFiles/2']);
      const [row] = await app.db.select().from(attachments).where(eq(attachments.id, theirs.id));
      expect(row?.submissionId).toBeNull();
    });
  });
});
