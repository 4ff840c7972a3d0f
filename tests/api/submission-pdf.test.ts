/**
 * `GET /api/areas/{key}/submissions/{id}/pdf` (docs/behaviour.md "PDF of a submission"): the PDF
 * of a real AP invoice, read back with a PDF text extractor (unpdf), shows the number, the vendor,
 * the total as money, the line items, the rich-text notes and the attached file's name; the status
 * history only for the ticket's handlers; anyone the submission is hidden from gets 404.
 * The AP folder is the real one with a file field added (`invoiceFiles`), so a file is attached
 * as the form attaches one: uploaded first, then named in the submitted data.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_REF_SCHEMA } from '../../src/shared/attachment';
import type { JsonObject } from '../../src/shared/json';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { patchTicket } from './helpers/tickets';

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('GET /api/areas/:key/submissions/:id/pdf', () => {
  let app: FastifyInstance;
  let schemasDir: string;
  let id = '';
  let number = '';

  beforeAll(async () => {
    schemasDir = await mkdtemp(join(tmpdir(), 'tm-pdf-schemas-'));
    await cp(join(REAL_SCHEMAS_DIR, 'AP'), join(schemasDir, 'AP'), { recursive: true });
    const schemaPath = join(schemasDir, 'AP', 'schema.json');
    const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as JsonObject & { properties: JsonObject };
    schema.properties.invoiceFiles = {
      type: 'array',
      title: 'Invoice scans',
      items: ATTACHMENT_REF_SCHEMA as unknown as JsonObject,
    };
    await writeFile(schemaPath, JSON.stringify(schema));
    const uiPath = join(schemasDir, 'AP', 'ui.json');
    const ui = JSON.parse(await readFile(uiPath, 'utf8')) as JsonObject & { 'ui:order': string[] };
    ui['ui:order'].push('invoiceFiles');
    ui.invoiceFiles = { 'ui:widget': 'attachments' };
    await writeFile(uiPath, JSON.stringify(ui));
    app = await createTestApp({ schemasDir });

    const employee = await authHeader(app, 'employee');
    const { payload, headers } = multipartBody([
      { fileName: 'invoice-scan.png', contentType: 'image/png', content: PNG_1X1 },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload,
      headers: { ...employee, ...headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json<JsonObject>();
    const example = JSON.parse(await readFile(join(schemasDir, 'AP', 'example.json'), 'utf8')) as JsonObject;
    const created = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: {
        ...example,
        notes: '<p>Quote <strong>attached</strong> to the PO.</p><ul><li>First line</li></ul>',
        invoiceFiles: [{ id: file.id, name: file.name, size: file.size, mediaType: file.mediaType }],
      },
      headers: employee,
    });
    expect(created.statusCode, created.body).toBe(201);
    ({ id, number } = created.json<{ id: string; number: string }>());
  });
  afterAll(async () => {
    await app?.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  const getPdf = async (username: string, key = 'AP', submission = id) =>
    app.inject({ url: `/api/areas/${key}/submissions/${submission}/pdf`, headers: await authHeader(app, username) });

  it('answers a PDF named after the number with the fields formatted, in form order, and the file list', async () => {
    const response = await getPdf('employee');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(number).toMatch(/^AP-\d{6}$/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename=${number}.pdf`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('TM online portal');
    expect(text).toContain('Accounts payable invoice');
    expect(text).toContain(number);
    expect(text).toContain('Buckeye Roofing & Gutters LLC');
    expect(text).toContain('7,842.50');
    expect(text).not.toContain('7842.5');
    // the line items as a table: money in each row
    expect(text).toContain('6,900.00');
    expect(text).toContain('Roof repair, buildings 3 and 4');
    expect(text).toContain('Mar 2, 2026');
    expect(text).toContain('invoice-scan.png');
    expect(text).toContain('image/png');
    // rich text: its words, without the markup
    expect(text).toMatch(/Quote attached to the PO\./);
    expect(text).toContain('First line');
    expect(text).not.toContain('<strong>');
    // ui:order: the vendor before the invoice number before the total before the payment method
    const at = (needle: string) => text.indexOf(needle);
    expect(at('Vendor name')).toBeLessThan(at('Invoice number'));
    expect(at('Invoice number')).toBeLessThan(at('Invoice total'));
    expect(at('Invoice total')).toBeLessThan(at('Payment method'));
    // a requester is not a handler: no status history
    expect(text).not.toContain('Status history');
  });

  it('shows the status history to a handler of the ticket', async () => {
    const changed = await patchTicket(app, 'admin', id, { status: 'In progress' });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await getPdf('accounting');
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Status history');
    expect(text).toContain('In progress');
  });

  it('answers 404 to a user the submission is hidden from, and for another area or an unknown id', async () => {
    const hidden = await getPdf('maintenance');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
    expect((await getPdf('employee', 'Nowhere')).statusCode).toBe(404);
    expect((await getPdf('employee', 'AP', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
