/**
 * What `GET /api/changes` sends so each entry reads as a sentence (docs/behaviour.md "History"):
 * the recorded comment's first 200 characters as plain text — an internal comment's only to the
 * ticket's handlers, never to its requester, whatever the entry points at — and the titles of the
 * form fields a data change names, from the schema version the submission was stored with.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEntry, ChangePage, TicketComment } from '../../src/shared/tickets';
import { changes, formSchemaVersions, submissions } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, profileOf } from './helpers/tickets';

const INTERNAL_TEXT = 'Vendor owes us a credit note';
const PUBLIC_TEXT = `Paid on Friday. ${'Details follow. '.repeat(20)}`;

describe('GET /api/changes: comment text and field titles', () => {
  let app: FastifyInstance;
  let ticketId = '';
  let internalId = '';

  async function post(username: string, body: Record<string, unknown>): Promise<TicketComment> {
    const response = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/comments`,
      payload: body,
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TicketComment>();
  }

  async function history(
    username: string,
    query = `ticket=${ticketId}`,
  ): Promise<{ items: ChangeEntry[]; raw: string }> {
    const response = await app.inject({ url: `/api/changes?${query}`, headers: await authHeader(app, username) });
    expect(response.statusCode, response.body).toBe(200);
    return { items: response.json<ChangePage>().items, raw: response.body };
  }

  beforeAll(async () => {
    app = await createTestApp();
    ticketId = await createApTicket(app, 'employee', 'history');
    const internal = await post('accounting', {
      body: [{ type: 'paragraph', children: [{ text: INTERNAL_TEXT, bold: true }] }],
      isInternal: true,
    });
    internalId = internal.id;
    await post('accounting', { body: `<p>${PUBLIC_TEXT}</p>` });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('gives a handler the internal comment text and the public one cut to 200 characters, as plain text', async () => {
    const { items } = await history('accounting');
    const internal = items.find((entry) => entry.action === 'commented_internal');
    expect(internal?.comment).toEqual({ excerpt: INTERNAL_TEXT, isTruncated: false, files: [] });
    const shown = items.find((entry) => entry.action === 'commented')?.comment;
    expect(shown?.isTruncated).toBe(true);
    expect(shown?.excerpt).toMatch(/^Paid on Friday\. Details follow\./);
    expect(shown?.excerpt).not.toContain('<p>');
    // at most 200 characters, then the ellipsis
    expect([...(shown?.excerpt ?? '')].length).toBeLessThanOrEqual(201);
    expect(shown?.excerpt.endsWith('…')).toBe(true);
  });

  it('never sends a requester the internal comment text, filtered by ticket or not', async () => {
    for (const query of [`ticket=${ticketId}`, 'limit=100']) {
      const { items, raw } = await history('employee', query);
      expect(raw).not.toContain(INTERNAL_TEXT);
      expect(items.map((entry) => entry.action)).not.toContain('commented_internal');
      expect(items.find((entry) => entry.action === 'commented')?.comment?.excerpt).toMatch(/^Paid on Friday/);
    }
  });

  it('sends no internal text even when a public entry points at an internal comment', async () => {
    const actor = await profileOf(app, 'accounting');
    await app.db.insert(changes).values({
      entity: 'submission',
      entityId: ticketId,
      actorId: actor.id,
      action: 'commented',
      diff: { comment: { from: null, to: { id: internalId, isInternal: false, attachments: 0 } } },
    });
    const { raw, items } = await history('employee');
    expect(raw).not.toContain(INTERNAL_TEXT);
    expect(items[0]?.comment).toBeNull();
    // the handler reads that entry, but still not the internal text under a public action
    expect((await history('accounting')).items[0]?.comment).toBeNull();
  });

  it('names changed form fields by the titles of the version the submission was stored with', async () => {
    const [row] = await app.db
      .select({ area: submissions.area, version: submissions.schemaVersion })
      .from(submissions)
      .where(eq(submissions.id, ticketId));
    const [stored] = await app.db.select().from(formSchemaVersions).where(eq(formSchemaVersions.area, row!.area));
    const schema = structuredClone(stored!.schema) as { properties: Record<string, { title?: string }> };
    schema.properties.invoiceNumber!.title = 'Supplier invoice no.';
    const older = row!.version + 1;
    await app.db.insert(formSchemaVersions).values({
      area: row!.area,
      version: older,
      contentHash: 'history-test',
      schema,
      uiSchema: stored!.uiSchema,
      rules: null,
    });
    await app.db.update(submissions).set({ schemaVersion: older }).where(eq(submissions.id, ticketId));
    await app.db.insert(changes).values({
      entity: 'submission',
      entityId: ticketId,
      action: 'edited',
      diff: {
        data: { from: { invoiceNumber: 'INV-1', amount: 10 }, to: { invoiceNumber: 'INV-2', amount: 12 } },
        'data.vendorName': { from: 'A', to: 'B' },
      },
    });
    const [entry] = (await history('employee')).items;
    expect(entry?.fieldTitles).toEqual({
      '/invoiceNumber': 'Supplier invoice no.',
      '/amount': 'Amount',
      '/vendorName': 'Vendor',
    });
  });
});
