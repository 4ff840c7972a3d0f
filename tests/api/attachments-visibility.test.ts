/**
 * Attachments follow THE ticket visibility rule (docs/behaviour.md "Ticket visibility": lists and
 * by-id reads apply the same rule — own, area-wide read, assigned, admin): a handler whose role
 * group a ticket is assigned to reads the ticket AND its files; a handler it is not assigned to
 * gets 404 for both — whichever attachment store keeps the bytes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, roleGroups } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { ATTACHMENT_STORES, attachmentStoreEnv } from './helpers/attachment-stores';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { createApTicket, getTicket, patchTicket } from './helpers/tickets';

describe.each(ATTACHMENT_STORES)('attachment reads follow the ticket visibility rule (%s store)', (kind) => {
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

  async function uploadAs(username: string): Promise<string> {
    const { payload, headers } = multipartBody([{ fileName: 'scan.png', contentType: 'image/png', content: PNG_1X1 }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/attachments',
      payload,
      headers: { ...(await authHeader(app, username)), ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const download = async (username: string, id: string) =>
    (await app.inject({ url: `/api/attachments/${id}`, headers: await authHeader(app, username) })).statusCode;

  it('lets the assigned group read the files of a ticket it may read, and nobody else', async () => {
    const ticket = await createApTicket(app, 'employee', 'assigned-files');
    const file = await uploadAs('employee');
    // The AP fixture form has no file field: link the upload as a submission with one would.
    await app.db.update(attachments).set({ submissionId: ticket }).where(eq(attachments.id, file));

    expect((await getTicket(app, 'maintenance', ticket)).statusCode).toBe(404);
    expect(await download('maintenance', file)).toBe(404);

    const [maintenance] = await app.db.select().from(roleGroups).where(eq(roleGroups.name, 'Maintenance'));
    const assigned = await patchTicket(app, 'admin', ticket, { assigneeGroupId: maintenance?.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    expect((await getTicket(app, 'maintenance', ticket)).statusCode).toBe(200);
    expect(await download('maintenance', file)).toBe(200);
    expect((await getTicket(app, 'it', ticket)).statusCode).toBe(404);
    expect(await download('it', file)).toBe(404);
    for (const reader of ['employee', 'accounting', 'admin']) expect(await download(reader, file), reader).toBe(200);
  });
});
