/**
 * Rich-text comments with attachments (docs/behaviour.md "Comments"): bodies read with the form
 * fields' allow-list (docs/behaviour.md "Rich text"), files uploaded first and linked in the
 * comment's transaction, and an internal comment's files hidden from the requester like the comment
 * itself.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { RichTextDocument } from '../../src/shared/rich-text';
import { readCommentDocument } from '../../src/shared/comment-document';
import type { TicketComment } from '../../src/shared/tickets';
import { attachments, ticketComments } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { multipartBody, PDF_BYTES, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { createApTicket } from './helpers/tickets';

const BOLD_DOC: RichTextDocument = [
  {
    type: 'paragraph',
    children: [{ text: 'Please see ' }, { text: 'the invoice', bold: true }, { text: ' attached.' }],
  },
];

describe('POST /api/tickets/:id/comments with rich text and attachments', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function upload(username: string, fileName = 'scan.png'): Promise<string> {
    const content = fileName.endsWith('.pdf') ? PDF_BYTES : PNG_1X1;
    const { payload, headers } = multipartBody([{ fileName, content }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload,
      headers: { ...(await authHeader(app, username)), ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function post(username: string, ticket: string, body: Record<string, unknown>, key?: string) {
    const headers = { ...(await authHeader(app, username)), ...(key ? { 'idempotency-key': key } : {}) };
    return app.inject({ method: 'POST', url: `/api/tickets/${ticket}/comments`, payload: body, headers });
  }

  async function list(username: string, ticket: string) {
    const response = await app.inject({
      url: `/api/tickets/${ticket}/comments`,
      headers: await authHeader(app, username),
    });
    return {
      statusCode: response.statusCode,
      comments: response.statusCode === 200 ? response.json<TicketComment[]>() : [],
    };
  }

  async function download(username: string, id: string): Promise<number> {
    return (await app.inject({ url: `/api/attachments/${id}`, headers: await authHeader(app, username) })).statusCode;
  }

  async function commentCount(ticket: string): Promise<number> {
    const [row] = await app.db
      .select({ n: count() })
      .from(ticketComments)
      .where(eq(ticketComments.submissionId, ticket));
    return row?.n ?? 0;
  }

  function docOf(comment: TicketComment | undefined): RichTextDocument {
    const reading = readCommentDocument(comment?.body ?? null);
    if (!reading.ok || reading.isPlainText) throw new Error(`not a stored document: ${JSON.stringify(comment?.body)}`);
    return reading.doc;
  }

  function fieldErrors(response: { body: string }) {
    return JSON.parse(response.body) as ValidationErrorBody;
  }

  it('stores a rich-text document and reads it back with its marks', async () => {
    const ticket = await createApTicket(app, 'employee', 'rich-body');
    const response = await post('accounting', ticket, { body: BOLD_DOC });
    expect(response.statusCode, response.body).toBe(201);
    const { comments } = await list('employee', ticket);
    expect(comments).toHaveLength(1);
    expect(docOf(comments[0])).toEqual(BOLD_DOC);
    expect(comments[0]?.attachments).toEqual([]);
  });

  it('stores a plain string as a plain-text document, one paragraph per line', async () => {
    const ticket = await createApTicket(app, 'employee', 'plain-body');
    expect((await post('employee', ticket, { body: 'line one\nline two' })).statusCode).toBe(201);
    const { comments } = await list('employee', ticket);
    expect(docOf(comments[0])).toEqual([
      { type: 'paragraph', children: [{ text: 'line one' }] },
      { type: 'paragraph', children: [{ text: 'line two' }] },
    ]);
  });

  it("keeps an older client's HTML string as HTML cleaned by the rich-text policy", async () => {
    const ticket = await createApTicket(app, 'employee', 'html-body');
    const body = '<p>Hello <strong>there</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>';
    expect((await post('employee', ticket, { body })).statusCode).toBe(201);
    const stored = (await list('employee', ticket)).comments[0]?.body;
    expect(stored).toBe('<p>Hello <strong>there</strong><a>x</a></p>');
  });

  it('blanks a javascript: link and a data:text/html image, as the form path does', async () => {
    const ticket = await createApTicket(app, 'employee', 'bad-link');
    const body = [
      {
        type: 'paragraph',
        children: [{ text: 'click ' }, { type: 'link', url: ' JavaScript:alert(1)', children: [{ text: 'here' }] }],
      },
      { type: 'image', src: 'data:text/html,<script>alert(1)</script>', children: [{ text: '' }] },
    ];
    // The serialised-string form goes through the same reading.
    const response = await post('employee', ticket, { body: JSON.stringify(body) });
    expect(response.statusCode, response.body).toBe(201);
    const [paragraph, image] = docOf((await list('employee', ticket)).comments[0]);
    expect(paragraph?.children[1]).toEqual({ type: 'link', url: '', children: [{ text: 'here' }] });
    expect(image).toMatchObject({ type: 'image', src: '' });
  });

  it('refuses a node type outside the allow-list with 422 on /body and stores nothing', async () => {
    const ticket = await createApTicket(app, 'employee', 'bad-node');
    const response = await post('employee', ticket, {
      body: [{ type: 'script', children: [{ text: 'alert(1)' }] }],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).errors.map((e) => e.path)).toEqual(['/body']);
    expect(await commentCount(ticket)).toBe(0);
  });

  it('refuses an empty document without files (422) but accepts one carrying a file', async () => {
    const ticket = await createApTicket(app, 'employee', 'empty-body');
    const empty = [{ type: 'paragraph', children: [{ text: '   ' }] }];
    const refused = await post('employee', ticket, { body: empty });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused).errors).toEqual([{ path: '/body', message: 'must not be empty' }]);
    expect((await post('employee', ticket, { body: '' })).statusCode).toBe(422);
    expect(await commentCount(ticket)).toBe(0);
    const file = await upload('employee');
    expect((await post('employee', ticket, { body: empty, attachmentIds: [file] })).statusCode).toBe(201);
  });

  it('links the files to the comment and lists them with name, size and media type', async () => {
    const ticket = await createApTicket(app, 'employee', 'with-files');
    const png = await upload('accounting', 'photo.png');
    const pdf = await upload('accounting', 'invoice.pdf');
    const response = await post('accounting', ticket, { body: BOLD_DOC, attachmentIds: [png, pdf] });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TicketComment>();
    expect(created.attachments.map((a) => a.id)).toEqual([png, pdf]);
    const rows = await app.db.select().from(attachments).where(eq(attachments.commentId, created.id));
    expect(rows.map((row) => row.submissionId)).toEqual([ticket, ticket]);
    const { comments } = await list('employee', ticket);
    expect(comments[0]?.attachments).toEqual([
      { id: png, name: 'photo.png', size: PNG_1X1.length, mediaType: 'image/png' },
      { id: pdf, name: 'invoice.pdf', size: PDF_BYTES.length, mediaType: 'application/pdf' },
    ]);
    expect(await download('employee', pdf)).toBe(200);
  });

  it("refuses someone else's, an unknown and an already-linked file with 422 naming the index, storing nothing", async () => {
    const ticket = await createApTicket(app, 'employee', 'bad-files');
    const mine = await upload('employee');
    const theirs = await upload('accounting');
    const used = await upload('employee');
    expect((await post('employee', ticket, { body: 'first', attachmentIds: [used] })).statusCode).toBe(201);
    const before = await commentCount(ticket);

    const response = await post('employee', ticket, {
      body: 'second',
      attachmentIds: [mine, theirs, '00000000-0000-4000-8000-000000000000', used, mine],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).errors.map((e) => e.path)).toEqual([
      '/attachmentIds/1',
      '/attachmentIds/2',
      '/attachmentIds/3',
      '/attachmentIds/4',
    ]);
    expect(await commentCount(ticket)).toBe(before);
    const [row] = await app.db.select().from(attachments).where(eq(attachments.id, mine));
    expect(row?.commentId).toBeNull();
  });

  it('refuses 21 files with 422 and accepts 20', async () => {
    const ticket = await createApTicket(app, 'employee', 'many-files');
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) ids.push(await upload('employee', `f${i}.png`));
    const refused = await post('employee', ticket, { body: 'too many', attachmentIds: ids });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused).errors.map((e) => e.path)).toEqual(['/attachmentIds']);
    expect(await commentCount(ticket)).toBe(0);
    const accepted = await post('employee', ticket, { body: 'twenty', attachmentIds: ids.slice(0, 20) });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<TicketComment>().attachments).toHaveLength(20);
  });

  it('hides an internal comment and its files from the requester (404), not from the handler', async () => {
    const ticket = await createApTicket(app, 'employee', 'internal-files');
    const secret = await upload('accounting', 'secret.pdf');
    const open = await upload('accounting', 'open.pdf');
    expect(
      (await post('accounting', ticket, { body: 'internal', isInternal: true, attachmentIds: [secret] })).statusCode,
    ).toBe(201);
    expect((await post('accounting', ticket, { body: 'public', attachmentIds: [open] })).statusCode).toBe(201);

    const requester = await list('employee', ticket);
    expect(requester.comments.map((c) => c.isInternal)).toEqual([false]);
    expect(requester.comments.flatMap((c) => c.attachments.map((a) => a.id))).toEqual([open]);
    expect(await download('employee', secret)).toBe(404);
    expect(await download('employee', open)).toBe(200);

    const handler = await list('accounting', ticket);
    expect(handler.comments.map((c) => c.isInternal)).toEqual([true, false]);
    expect(await download('admin', secret)).toBe(200);
    // A handler who cannot read the ticket gets 404 for both files.
    expect(await download('it', secret)).toBe(404);
    expect(await download('it', open)).toBe(404);
  });

  it('answers an idempotent retry with attachments with the first comment and stores one', async () => {
    const ticket = await createApTicket(app, 'employee', 'retry-files');
    const file = await upload('employee');
    const first = await post('employee', ticket, { body: BOLD_DOC, attachmentIds: [file] }, 'comment-files-1');
    const retry = await post('employee', ticket, { body: BOLD_DOC, attachmentIds: [file] }, 'comment-files-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json<TicketComment>()).toEqual(first.json<TicketComment>());
    expect(await commentCount(ticket)).toBe(1);
    expect((await list('employee', ticket)).comments[0]?.attachments.map((a) => a.id)).toEqual([file]);
  });
});
