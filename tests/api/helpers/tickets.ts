/** Helpers for ticket API tests: create AP tickets, read them with their ETag, count history rows. */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../../src/shared/me';
import type { Ticket } from '../../../src/shared/tickets';
import { changes, submissions } from '../../../src/server/db/schema';
import type { TicketStatus } from '../../../src/shared/submission';
import { authHeader } from './sign-in';

/** A valid AP invoice of the fixture schema; `tag` lands in the searchable data. */
export function apInvoice(tag: string, property = 'P-1001') {
  return {
    vendorName: `Vendor ${tag}`,
    invoiceNumber: `INV-${tag}`,
    invoiceDate: '2025-03-14',
    amount: 120.5,
    property,
    notes: tag,
  };
}

/** Submits an AP invoice as `username` and returns the created ticket's id. */
export async function createApTicket(
  app: FastifyInstance,
  username: string,
  tag: string,
  property?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/areas/AP/submissions',
    payload: apInvoice(tag, property),
    headers: await authHeader(app, username),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** GET /api/tickets/:id as `username`; returns status code, ticket and ETag. */
export async function getTicket(app: FastifyInstance, username: string, id: string) {
  const response = await app.inject({ url: `/api/tickets/${id}`, headers: await authHeader(app, username) });
  return { statusCode: response.statusCode, ticket: response.json<Ticket>(), etag: String(response.headers.etag) };
}

/** PATCH /api/tickets/:id as `username` with If-Match from a fresh read unless `ifMatch` is given. */
export async function patchTicket(
  app: FastifyInstance,
  username: string,
  id: string,
  body: Record<string, unknown>,
  ifMatch?: string,
) {
  const etag = ifMatch ?? (await getTicket(app, 'admin', id)).etag;
  return app.inject({
    method: 'PATCH',
    url: `/api/tickets/${id}`,
    payload: body,
    headers: { ...(await authHeader(app, username)), 'if-match': etag },
  });
}

/** Puts a ticket straight into `status` (test set-up only; bypasses the workflow on purpose). */
export async function forceStatus(app: FastifyInstance, id: string, status: TicketStatus): Promise<void> {
  await app.db.update(submissions).set({ status }).where(eq(submissions.id, id));
}

/** Number of history rows of a ticket. */
export async function historyCount(app: FastifyInstance, id: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(changes)
    .where(and(eq(changes.entity, 'submission'), eq(changes.entityId, id)));
  return row?.n ?? 0;
}

/** The profile of `username` (its user id). */
export async function profileOf(app: FastifyInstance, username: string): Promise<Profile> {
  const response = await app.inject({ url: '/api/me', headers: await authHeader(app, username) });
  return response.json<Profile>();
}
