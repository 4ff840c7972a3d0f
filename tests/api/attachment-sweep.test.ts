/**
 * The orphan-attachment sweep (docs/behaviour.md "Orphan sweep";
 * src/server/domains/attachments/sweep.ts): uploads never linked to a submission or comment are
 * deleted, row and bytes, once older than the age; linked files and young orphans stay; the timer
 * started with the app does it by itself.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
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

const storedFiles = (app: FastifyInstance) => readdir(join(app.config.dataDir, 'attachments')).catch(() => [] as string[]);

describe('sweepOrphanAttachments (injected clock)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

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
    await expect(sweepOrphanAttachments(app.db, app.config.dataDir, { maxAgeMs, now: hourLater })).resolves.toBe(0);
    expect(await storageKeyOf(app, orphan.id)).toBe(orphanKey);

    const dayLater = new Date(Date.now() + 25 * HOUR_MS);
    await expect(sweepOrphanAttachments(app.db, app.config.dataDir, { maxAgeMs, now: dayLater })).resolves.toBe(1);
    expect(await storageKeyOf(app, orphan.id)).toBeUndefined();
    expect(await storedFiles(app)).not.toContain(orphanKey);
    expect(await storageKeyOf(app, linked.id)).toBeDefined();
    expect(await storageKeyOf(app, onComment.id)).toBeDefined();
    const download = await app.inject({ url: `/api/attachments/${orphan.id}`, headers: await authHeader(app, 'employee') });
    expect(download.statusCode).toBe(404);
  });

  it('makes a link that comes after the sweep fail (409), never link a deleted file', async () => {
    const late = await upload(app, PNG_1X1, 'late.png');
    const [owner] = await app.db.select({ id: attachments.ownerId }).from(attachments).where(eq(attachments.id, late.id));
    const created = await app.inject({ method: 'POST', url: '/api/areas/AP/submissions', payload: AP_DATA, headers: await authHeader(app, 'employee') });
    await expect(sweepOrphanAttachments(app.db, app.config.dataDir, { maxAgeMs: 0, now: new Date(Date.now() + 1000) })).resolves.toBe(1);
    await expect(linkAttachments(app.db, [late.id], created.json<Submission>().id, { id: owner?.id } as AuthUser)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe('the sweep timer started with the app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // every 60 ms, every orphan
    app = await createTestApp({ env: { ATTACHMENT_SWEEP_INTERVAL_MINUTES: '0.001', ORPHAN_ATTACHMENT_MAX_AGE_HOURS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads its interval and age from the configuration and deletes an orphan by itself', async () => {
    expect(app.config.attachmentSweep).toEqual({ intervalMs: 60, maxAgeMs: 0 });
    const orphan = await upload(app, PNG_1X1, 'soon-gone.png');
    const key = await storageKeyOf(app, orphan.id);
    expect(key).toBeDefined();
    // the sweep deletes the row, then the file: wait for both, not just the row
    await expect.poll(() => storageKeyOf(app, orphan.id), { timeout: 10_000, interval: 50 }).toBeUndefined();
    await expect.poll(() => storedFiles(app), { timeout: 10_000, interval: 50 }).not.toContain(key);
  });
});
