/**
 * Attachment fields of the real forms (schemas/): AP's required invoice file, the types a field
 * accepts (`ui:options.accept`, checked on the stored type), Vendor's W-9 and certificate of
 * insurance, and photos inside Walkabout's repeating section — linked to the submission on
 * create, and kept by the orphan sweep (docs/behaviour.md "Attachments", "Orphan sweep").
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/server/db/schema';
import { sweepOrphanAttachments } from '../../src/server/domains/attachments/sweep';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { JsonObject } from '../../src/shared/json';
import type { Submission } from '../../src/shared/submission';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { countSubmissions, omit } from './helpers/data';
import { docxBytes, PDF_BYTES, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { realExample, uploadFile } from './helpers/uploads';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
});
afterAll(() => app?.close());

async function submit(area: string, data: JsonObject) {
  return app.inject({
    method: 'POST',
    url: `/api/areas/${area}/submissions`,
    payload: data,
    headers: await authHeader(app, 'employee'),
  });
}

async function linkedSubmissionOf(ids: string[]): Promise<(string | null)[]> {
  const rows = await app.db
    .select({ id: attachments.id, submissionId: attachments.submissionId })
    .from(attachments)
    .where(inArray(attachments.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.submissionId ?? null);
}

const refOf = ({ id, name, size, mediaType }: { id: string; name: string; size: number; mediaType: string }) => ({
  id,
  name,
  size,
  mediaType,
});

describe('AP: the invoice file', () => {
  it('answers 409 and stores nothing when a checked file is gone before the submission links it', async () => {
    const before = await countSubmissions(app, 'AP');
    const pdf = await uploadFile(app, 'INV-30001.pdf', PDF_BYTES);
    const photo = await uploadFile(app, 'INV-30001.png', PNG_1X1);
    const invoice = { ...(await realExample(app, 'AP')), invoiceFile: [refOf(pdf), refOf(photo)] };
    // After the references were checked, before the creating transaction: the orphan sweep (or a
    // concurrent request) takes the photo.
    const stop = app.events.on('submissionChecking', async () => {
      await app.db.delete(attachments).where(eq(attachments.id, photo.id));
      return [];
    });
    try {
      const response = await submit('AP', invoice);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'conflict',
        message: 'An attached file was attached to another submission at the same time.',
      });
    } finally {
      stop();
    }
    expect(await countSubmissions(app, 'AP')).toBe(before);
    expect(await linkedSubmissionOf([pdf.id])).toEqual([null]);
  });

  it('refuses an invoice without its file (422 on /invoiceFile, nothing stored)', async () => {
    const before = await countSubmissions(app, 'AP');
    const invoice = await realExample(app, 'AP');
    const response = await submit('AP', omit(invoice, 'invoiceFile'));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([{ path: '/invoiceFile', message: 'is required' }]);
    const empty = await submit('AP', { ...invoice, invoiceFile: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ValidationErrorBody>().errors).toEqual([{ path: '/invoiceFile', message: 'is required' }]);
    expect(await countSubmissions(app, 'AP')).toBe(before);
  });

  it('takes a PDF and a photo of it (201), links both to the submission, and keeps them from reuse', async () => {
    const pdf = await uploadFile(app, 'INV-20931.pdf', PDF_BYTES);
    const photo = await uploadFile(app, 'invoice-photo.png', PNG_1X1);
    const invoice = { ...(await realExample(app, 'AP')), invoiceFile: [refOf(pdf), refOf(photo)] };
    const created = await submit('AP', invoice);
    expect(created.statusCode, created.body).toBe(201);
    const submission = created.json<Submission>();
    expect(submission.data).toMatchObject({ invoiceFile: [refOf(pdf), refOf(photo)] });
    expect(await linkedSubmissionOf([pdf.id, photo.id])).toEqual([submission.id, submission.id]);

    const again = await submit('AP', { ...invoice, invoiceNumber: 'INV-20932' });
    expect(again.statusCode).toBe(422);
    expect(again.json<ValidationErrorBody>().errors).toContainEqual({
      path: '/invoiceFile/0',
      message: 'this file is already attached elsewhere; upload it again',
    });
  });

  it('refuses a file of a type the field does not take, by the type read from the content', async () => {
    const before = await countSubmissions(app, 'AP');
    const word = await uploadFile(app, 'invoice.docx', docxBytes());
    // the client's claim is not trusted: the stored type decides
    const claimed = { ...refOf(word), name: 'invoice.pdf', mediaType: 'application/pdf' };
    const response = await submit('AP', { ...(await realExample(app, 'AP')), invoiceFile: [claimed] });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/invoiceFile/0', message: 'must be a PDF or an image' },
    ]);
    expect(await countSubmissions(app, 'AP')).toBe(before);
    expect(await linkedSubmissionOf([word.id])).toEqual([null]);
  });
});

describe('types per field', () => {
  it('photos take images only; documents take any accepted file', async () => {
    const pdf = await uploadFile(app, 'police-report.pdf', PDF_BYTES);
    const asPhoto = await submit('IncidentForm', { ...(await realExample(app, 'IncidentForm')), photos: [refOf(pdf)] });
    expect(asPhoto.statusCode).toBe(422);
    expect(asPhoto.json<ValidationErrorBody>().errors).toEqual([{ path: '/photos/0', message: 'must be an image' }]);

    const word = await uploadFile(app, 'statement.docx', docxBytes());
    const asDocument = await submit('IncidentForm', {
      ...(await realExample(app, 'IncidentForm')),
      documents: [refOf(pdf), refOf(word)],
    });
    expect(asDocument.statusCode, asDocument.body).toBe(201);
  });

  it('Vendor needs both the W-9 and the certificate of insurance', async () => {
    const vendor = await realExample(app, 'Vendor');
    const response = await submit('Vendor', omit(omit(vendor, 'w9File'), 'coiFile'));
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/w9File', message: 'is required' },
      { path: '/coiFile', message: 'is required' },
    ]);
    expect((await submit('Vendor', vendor)).statusCode).toBe(201);
  });
});

describe('Walkabout: photos per inspected area (inside the repeating section)', () => {
  it('checks each photo at its own path, links them all, and the sweep keeps them', async () => {
    const walk = await realExample(app, 'Walkabout');
    const areas = walk.areas as { photos?: { id: string }[] }[];
    const ids = areas.flatMap((area) => (area.photos ?? []).map((photo) => photo.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);

    const stranger = await uploadFile(app, 'not-mine.png', PNG_1X1, 'maintenance');
    const second = areas[1] as { photos: { id: string }[] };
    const refused = await submit('Walkabout', {
      ...walk,
      areas: areas.map((area, index) =>
        index === 1 ? { ...area, photos: [...second.photos, { ...second.photos[0], id: stranger.id }] } : area,
      ),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ValidationErrorBody>().errors).toEqual([
      { path: `/areas/1/photos/${second.photos.length}`, message: 'must be a file you uploaded' },
    ]);
    expect(await linkedSubmissionOf(ids)).toEqual(ids.map(() => null));

    const created = await submit('Walkabout', walk);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Submission>();
    expect(await linkedSubmissionOf(ids)).toEqual(ids.map(() => id));

    const orphan = await uploadFile(app, 'never-attached.png', PNG_1X1);
    const result = await sweepOrphanAttachments(app.db, app.attachmentStore, {
      maxAgeMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(inArray(attachments.id, [...ids, orphan.id]));
    expect(left.map((row) => row.id).sort()).toEqual([...ids].sort());
    const [photo] = await app.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, ids[0] ?? ''));
    const download = await app.inject({
      url: `/api/attachments/${photo?.id ?? ''}`,
      headers: await authHeader(app, 'employee'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_1X1)).toBe(true);
  });
});
