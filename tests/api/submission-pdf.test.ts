/**
 * `GET /api/areas/{key}/submissions/{id}/pdf` (docs/behaviour.md "PDF of a submission"): the PDF
 * of a real AP invoice, read back with a PDF text extractor (unpdf), shows the number, the vendor,
 * the total as money, the line items, the rich-text notes and the attached file's name; the status
 * history only for the ticket's handlers; anyone the submission is hidden from gets 404.
 * The AP schema is the real one: its required invoice file is uploaded first, as the form does, and
 * then named in the submitted data.
 */
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { patchTicket } from './helpers/tickets';
import { realExample } from './helpers/uploads';

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('GET /api/areas/:key/submissions/:id/pdf', () => {
  let app: FastifyInstance;
  let id = '';
  let number = '';

  beforeAll(async () => {
    app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
    const example = await realExample(app, 'AP');
    const created = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: {
        ...example,
        notes: '<p>Quote <strong>attached</strong> to the PO.</p><ul><li>First line</li></ul>',
      },
      headers: await authHeader(app, 'employee'),
    });
    expect(created.statusCode, created.body).toBe(201);
    ({ id, number } = created.json<{ id: string; number: string }>());
  });
  afterAll(async () => {
    await app?.close();
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
    // the invoice file, uploaded under the example's name
    expect(text).toContain('INV-20931.pdf');
    expect(text).toContain('application/pdf');
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
    // the example invoice (7,842.50) waits for Accounting's approval before anyone works it
    const ticket = await app.inject({ url: `/api/tickets/${id}`, headers: await authHeader(app, 'admin') });
    const approved = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/approval`,
      payload: { decision: 'approve' },
      headers: { ...(await authHeader(app, 'accounting')), 'if-match': String(ticket.headers.etag) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
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
