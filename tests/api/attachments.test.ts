import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentChunks, attachments } from '../../src/server/db/schema';
import { MAX_ATTACHMENT_BYTES, type Attachment } from '../../src/shared/attachment';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { ObjectSubmission } from './helpers/data';
import { createTestApp, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { ATTACHMENT_STORES, attachmentStoreEnv } from './helpers/attachment-stores';
import { startS3TestServer, type S3TestServer } from './helpers/s3-server';
import { docxBytes, multipartBody, PDF_BYTES, PNG_1X1, type FilePart } from './helpers/multipart';
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

/** Every key the app's attachment store lists (the folder's files, the bucket's objects, the table's files). */
async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.attachmentStore.list()) keys.push(object.key);
  return keys;
}

describe.each(ATTACHMENT_STORES)('/api/attachments (%s store)', (kind) => {
  let app: FastifyInstance;
  let schemasDir: string;
  let stopStore: () => Promise<void>;
  beforeAll(async () => {
    schemasDir = await schemasWithAttachmentField();
    const store = await attachmentStoreEnv(kind);
    stopStore = store.close;
    app = await createTestApp({ schemasDir, env: store.env });
  });
  afterAll(async () => {
    await app?.close();
    await stopStore?.();
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
  const storedFiles = () => storedKeys(app);

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

    it('keeps the bytes in the configured store', async () => {
      const uploaded = (await upload({ fileName: 'where.png', content: PNG_1X1 })).json<Attachment>();
      const [row] = await app.db.select().from(attachments).where(eq(attachments.id, uploaded.id));
      const key = row?.storageKey ?? '';
      expect(await app.attachmentStore.exists(key)).toBe(true);
      const where = {
        folder: () => readFile(join(app.config.dataDir, 'attachments', key)).then((bytes) => bytes.equals(PNG_1X1)),
        database: async () =>
          (await app.db.select().from(attachmentChunks).where(eq(attachmentChunks.storageKey, key)))[0]?.data.equals(
            PNG_1X1,
          ),
        s3: () =>
          Promise.resolve(
            app.attachmentStore.description.startsWith('s3://') && !existsSync(join(app.config.dataDir, 'attachments')),
          ),
      };
      expect(await where[kind]()).toBe(true);
    });

    it('accepts a Word document (.docx), told apart from any zip by its content', async () => {
      const response = await upload({ fileName: 'letter.docx', content: docxBytes() });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Attachment>().mediaType).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
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
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBe(`"${uploaded.sha256}"`);
      expect(response.headers['content-length']).toBe(String(PDF_BYTES.length));
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).toContain(`filename*=UTF-8''Rechnung%20M%C3%A4rz%3B%202025.pdf`);
      expect(disposition).toContain('filename="Rechnung M?rz; 2025.pdf"');
    });

    it('streams a 6 MiB file back byte for byte (several database chunks, an S3 multipart upload)', async () => {
      const big = Buffer.concat([PNG_1X1, randomBytes(6 * 1024 * 1024)]);
      const response = await upload({ fileName: 'scan.png', content: big });
      expect(response.statusCode, response.body).toBe(201);
      const uploaded = response.json<Attachment>();
      expect(uploaded).toMatchObject({ size: big.length, sha256: createHash('sha256').update(big).digest('hex') });
      if (kind === 'database') {
        const [row] = await app.db.select().from(attachments).where(eq(attachments.id, uploaded.id));
        const chunks = await app.db
          .select({ seq: attachmentChunks.seq })
          .from(attachmentChunks)
          .where(eq(attachmentChunks.storageKey, row?.storageKey ?? ''));
        expect(chunks).toHaveLength(Math.ceil(big.length / (256 * 1024)));
      }
      const downloaded = await download(uploaded.id);
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.headers['content-length']).toBe(String(big.length));
      expect(downloaded.rawPayload.equals(big)).toBe(true);
    });

    it('answers 500 with the error body, before any byte, when the stored bytes are gone', async () => {
      const uploaded = (await upload({ fileName: 'gone.pdf', content: PDF_BYTES })).json<Attachment>();
      const [row] = await app.db.select().from(attachments).where(eq(attachments.id, uploaded.id));
      await app.attachmentStore.delete(row?.storageKey ?? '');
      const response = await download(uploaded.id);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, error: 'internal_error', message: 'Internal server error.' });
      expect(response.headers['content-disposition']).toBeUndefined();
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

describe('an S3 attachment store that cannot be used stops the start', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3?.close();
  });

  // a start that succeeded by mistake must not hand vitest the app to print
  const startError = (env: Record<string, string>) =>
    createTestApp({ env }).then(
      async (app) => {
        await app.close();
        return 'started';
      },
      (error: unknown) => (error as Error).message,
    );

  it('names ATTACHMENTS_URL and the cause: a bucket that does not exist, an endpoint that does not answer', async () => {
    expect(await startError({ ...s3.env, ATTACHMENTS_URL: 's3://no-such-bucket/files' })).toBe(
      'The attachment store s3://no-such-bucket/files/ (ATTACHMENTS_URL) cannot be used: the bucket does not exist (HTTP 404)',
    );
    const closedPort = await getPort({ host: '127.0.0.1' });
    expect(await startError({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${closedPort}` })).toMatch(
      /^The attachment store s3:\/\/\S+ \(ATTACHMENTS_URL\) cannot be used: .*ECONNREFUSED/,
    );
  });
});
