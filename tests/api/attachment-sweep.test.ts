/**
 * The orphan-attachment sweep (docs/behaviour.md "Orphan sweep";
 * src/server/domains/attachments/sweep.ts): uploads never linked to a submission or comment are
 * deleted, row and bytes, once older than the age; linked files and young orphans stay; stored
 * files without a row are deleted once old; the timer started with the app does it by itself —
 * on every attachment store (helpers/attachment-stores.ts).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/server/db/schema';
import { sweepOrphanAttachments } from '../../src/server/domains/attachments/sweep';
import type { AuthUser } from '../../src/server/domains/role-groups/access';
import { linkAttachments } from '../../src/server/domains/submissions/attachment-links';
import type { Attachment } from '../../src/shared/attachment';
import type { Submission } from '../../src/shared/submission';
import { createTestApp } from './helpers/app';
import { ATTACHMENT_STORES, attachmentStoreEnv } from './helpers/attachment-stores';
import { multipartBody, PDF_BYTES, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';

const HOUR_MS = 60 * 60 * 1000;
const AP_DATA = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
  lines: [{ glAccount: '6100-010', amount: 1240.5 }],
};

async function upload(app: FastifyInstance, content: Buffer, fileName: string): Promise<Attachment> {
  const body = multipartBody([{ fileName, content }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/attachments',
    payload: body.payload,
    headers: { ...body.headers, ...(await authHeader(app, 'employee')) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Attachment>();
}

async function storageKeyOf(app: FastifyInstance, id: string): Promise<string | undefined> {
  const [row] = await app.db.select({ key: attachments.storageKey }).from(attachments).where(eq(attachments.id, id));
  return row?.key;
}

async function storedFiles(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.attachmentStore.list()) keys.push(object.key);
  return keys;
}

describe.each(ATTACHMENT_STORES)('sweepOrphanAttachments (injected clock, %s store)', (kind) => {
  let app: FastifyInstance;
  let stopStore: () => Promise<void>;
  beforeAll(async () => {
    const store = await attachmentStoreEnv(kind);
    stopStore = store.close;
    app = await createTestApp({ env: store.env });
  });
  afterAll(async () => {
    await app?.close();
    await stopStore?.();
  });
  const sweep = (options: { maxAgeMs: number; now: Date }) => sweepOrphanAttachments(app.db, app.attachmentStore, options);

  it('keeps orphans younger than the age, then deletes the old ones (row and bytes) but never a linked file', async () => {
    const orphan = await upload(app, PNG_1X1, 'orphan.png');
    const linked = await upload(app, PDF_BYTES, 'linked.pdf');
    const onComment = await upload(app, PNG_1X1, 'comment.png');
    const created = await app.inject({ method: 'POST', url: '/api/areas/AP/submissions', payload: AP_DATA, headers: await authHeader(app, 'employee') });
    expect(created.statusCode).toBe(201);
    const [owner] = await app.db.select({ id: attachments.ownerId }).from(attachments).where(eq(attachments.id, linked.id));
    await linkAttachments(app.db, [linked.id], created.json<Submission>().id, { id: owner?.id } as AuthUser);
    // a file on a ticket comment, attached through the comments route
    const comment = await app.inject({
      method: 'POST',
      url: `/api/tickets/${created.json<Submission>().id}/comments`,
      payload: { body: 'The signed invoice is attached.', attachmentIds: [onComment.id] },
      headers: await authHeader(app, 'employee'),
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const orphanKey = await storageKeyOf(app, orphan.id);
    expect(await storedFiles(app)).toContain(orphanKey);

    const maxAgeMs = 24 * HOUR_MS;
    const hourLater = new Date(Date.now() + HOUR_MS);
    await expect(sweep({ maxAgeMs, now: hourLater })).resolves.toEqual({ orphans: 0, strays: 0 });
    expect(await storageKeyOf(app, orphan.id)).toBe(orphanKey);

    const dayLater = new Date(Date.now() + 25 * HOUR_MS);
    await expect(sweep({ maxAgeMs, now: dayLater })).resolves.toEqual({ orphans: 1, strays: 0 });
    expect(await storageKeyOf(app, orphan.id)).toBeUndefined();
    expect(await storedFiles(app)).not.toContain(orphanKey);
    expect(await storageKeyOf(app, linked.id)).toBeDefined();
    expect(await storageKeyOf(app, onComment.id)).toBeDefined();
    const download = await app.inject({ url: `/api/attachments/${orphan.id}`, headers: await authHeader(app, 'employee') });
    expect(download.statusCode).toBe(404);
  });

  it('deletes stored files no row refers to once older than the age and an hour, and nothing else', async () => {
    const stray = randomUUID();
    const foreign = 'not-a-storage-key.txt';
    await app.attachmentStore.put(stray, Readable.from([Buffer.from('left by a crash')]));
    await app.attachmentStore.put(foreign, Readable.from([Buffer.from('someone else’s file')]));
    const kept = await upload(app, PNG_1X1, 'kept.png');
    const keptKey = await storageKeyOf(app, kept.id);
    // linked, so the orphan step keeps it too
    const [owner] = await app.db.select({ id: attachments.ownerId }).from(attachments).where(eq(attachments.id, kept.id));
    const created = await app.inject({ method: 'POST', url: '/api/areas/AP/submissions', payload: AP_DATA, headers: await authHeader(app, 'employee') });
    await linkAttachments(app.db, [kept.id], created.json<Submission>().id, { id: owner?.id } as AuthUser);

    // with age 0 a stray still gets its hour: an upload in flight has its bytes before its row
    await expect(sweep({ maxAgeMs: 0, now: new Date(Date.now() + 30 * 60 * 1000) })).resolves.toMatchObject({ strays: 0 });
    expect(await app.attachmentStore.exists(stray)).toBe(true);

    await expect(sweep({ maxAgeMs: 0, now: new Date(Date.now() + 2 * HOUR_MS) })).resolves.toMatchObject({ strays: 1 });
    expect(await app.attachmentStore.exists(stray)).toBe(false);
    expect(await app.attachmentStore.exists(foreign)).toBe(true);
    expect(await storedFiles(app)).toContain(keptKey);
    await app.attachmentStore.delete(foreign);
  });

  it('makes a link that comes after the sweep fail (409), never link a deleted file', async () => {
    const late = await upload(app, PNG_1X1, 'late.png');
    const [owner] = await app.db.select({ id: attachments.ownerId }).from(attachments).where(eq(attachments.id, late.id));
    const created = await app.inject({ method: 'POST', url: '/api/areas/AP/submissions', payload: AP_DATA, headers: await authHeader(app, 'employee') });
    await expect(sweep({ maxAgeMs: 0, now: new Date(Date.now() + 1000) })).resolves.toMatchObject({ orphans: 1 });
    await expect(linkAttachments(app.db, [late.id], created.json<Submission>().id, { id: owner?.id } as AuthUser)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe.each(ATTACHMENT_STORES)('the sweep timer started with the app (%s store)', (kind) => {
  let app: FastifyInstance;
  let stopStore: () => Promise<void>;
  beforeAll(async () => {
    const store = await attachmentStoreEnv(kind);
    stopStore = store.close;
    // every 60 ms, every orphan
    app = await createTestApp({
      env: { ...store.env, ATTACHMENT_SWEEP_INTERVAL_MINUTES: '0.001', ORPHAN_ATTACHMENT_MAX_AGE_HOURS: '0' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await stopStore?.();
  });

  it('reads its interval and age from the configuration and deletes an orphan by itself', async () => {
    expect(app.config.attachmentSweep).toEqual({ intervalMs: 60, maxAgeMs: 0 });
    // the timer may delete the orphan before the test reads it back: compare the stored files with
    // those before the upload rather than reading the new file's key
    const before = (await storedFiles(app)).sort();
    const orphan = await upload(app, PNG_1X1, 'soon-gone.png');
    // the sweep deletes the row, then the file: wait for both, not just the row
    await expect.poll(() => storageKeyOf(app, orphan.id), { timeout: 10_000, interval: 50 }).toBeUndefined();
    await expect.poll(async () => (await storedFiles(app)).sort(), { timeout: 10_000, interval: 50 }).toEqual(before);
  });
});
