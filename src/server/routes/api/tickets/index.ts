/**
 * Ticket routes, all `signed-in` with the object-level rule of domains/submissions/visibility.ts
 * (another user's ticket → 404; docs/behaviour.md "Ticket visibility"):
 * - `GET /api/tickets?area&status&state&resolvedFrom&assignee&requester&property&priority&overdue&sla&q&sort&limit&cursor` → TicketPage;
 * - `GET /api/tickets/counts?…same filters` → TicketCounts; `GET /api/tickets/export.csv?…` → text/csv;
 * - `GET /api/tickets/assignees` (`tickets:work`) → users and role groups for the pickers;
 * - `GET /api/tickets/:id` → Ticket with `allowed`, `approval` and `ETag`; `PATCH /api/tickets/:id` → Ticket
 *   (If-Match or body `version`; 412 stale, 409 illegal transition with `allowed`, 403 field);
 * - `POST /api/tickets/bulk` (`tickets:work`) → BulkTicketResponse: one change, per-ticket outcomes;
 * - `GET|POST /api/tickets/:id/comments` (Idempotency-Key on POST);
 * - `GET /api/changes?area&ticket&user&from&to&limit&cursor` → ChangePage (read-only history).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TICKETS_WORK_SCOPE } from '../../../../shared/scopes';
import type { TicketFilters } from '../../../../shared/tickets';
import { readApproval } from '../../../domains/approvals';
import type { AuthUser } from '../../../domains/role-groups';
import {
  bulkUpdateTickets,
  countTickets,
  exportTicketsCsv,
  IllegalTransition,
  listChanges,
  listComments,
  listTickets,
  postComment,
  readTicket,
  ticketAssigneeOptions,
  ticketEtag,
  updateTicket,
  versionFromIfMatch,
  withStoredNumberCase,
} from '../../../domains/tickets';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, ValidationErrorSchema } from '../schemas';
import {
  AssigneeOptionsSchema,
  BulkTicketRequestSchema,
  BulkTicketResponseSchema,
  ChangePageSchema,
  ChangeQuery,
  IdempotencyHeaders,
  IdParams,
  NewCommentSchema,
  TicketCommentSchema,
  TicketCountsSchema,
  TicketFilterQuery,
  TicketListQuery,
  TicketPageSchema,
  TicketPatchSchema,
  TicketSchema,
  TransitionConflictSchema,
} from './schemas';

/** See the module comment. */
export const ticketRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { permission: 'signed-in' as const };
  // The area that rates tickets, from the live catalogue (read per request: it follows SCHEMAS_DIR).
  const feedbackArea = () => app.areas.list.find((area) => area.definition.ratesTicket)?.definition.key;
  /** A ticket number in `q` typed in any case, in the stored spelling of its area key. */
  const withAreaCase = <F extends TicketFilters>(filters: F): F =>
    withStoredNumberCase(
      filters,
      app.areas.list.map((area) => area.definition.key),
    );
  const readTicketFor = async (user: AuthUser, id: string) => {
    const ticket = await readTicket(app.db, user, id, feedbackArea());
    return { ...ticket, approval: await readApproval(app.db, user, ticket.id, ticket.requester.id) };
  };

  app.get(
    '/tickets',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Tickets the user may read, across areas (keyset pages)',
        querystring: TicketListQuery,
        response: { 200: TicketPageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { sort, limit, cursor, ...filters } = request.query;
      return listTickets(app.db, requireUser(request), {
        filters: withAreaCase(filters),
        sort,
        limit,
        cursor,
        now: app.now(),
      });
    },
  );

  app.get(
    '/tickets/counts',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Tickets per status under the filters',
        querystring: TicketFilterQuery,
        response: { 200: TicketCountsSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => countTickets(app.db, requireUser(request), withAreaCase(request.query)),
  );

  app.get(
    '/tickets/export.csv',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'The filtered ticket list as CSV (RFC 4180)',
        querystring: Type.Object({ ...TicketFilterQuery.properties, sort: TicketListQuery.properties.sort }),
        response: { 200: Type.String({ description: 'text/csv' }), 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { sort, ...filters } = request.query;
      const csv = await exportTicketsCsv(app.db, requireUser(request), withAreaCase(filters), sort);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tickets.csv"')
        .send(csv);
    },
  );

  app.get(
    '/tickets/assignees',
    {
      config: { permission: { scope: TICKETS_WORK_SCOPE } },
      schema: {
        tags: ['tickets'],
        summary: 'Users and role groups a ticket can be assigned to',
        response: { 200: AssigneeOptionsSchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async () => {
      return ticketAssigneeOptions(app.db);
    },
  );

  app.get(
    '/tickets/:id',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'One ticket, with ETag and the actions allowed to the user',
        params: IdParams,
        response: { 200: TicketSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const ticket = await readTicketFor(requireUser(request), request.params.id);
      return reply.header('etag', ticketEtag(ticket.version)).header('cache-control', 'no-store').send(ticket);
    },
  );

  app.patch(
    '/tickets/:id',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Change status, priority, assignee or due date (optimistic concurrency)',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: TicketPatchSchema,
        response: {
          200: TicketSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: TransitionConflictSchema,
          412: ApiErrorSchema,
          422: ValidationErrorSchema,
          428: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { version, ...patch } = request.body;
      const expected = version ?? versionFromIfMatch(request.headers['if-match']);
      try {
        await updateTicket(app.db, app.events, user, request.params.id, patch, expected);
      } catch (error) {
        if (!(error instanceof IllegalTransition)) throw error;
        return reply
          .code(409)
          .send({ statusCode: 409, error: 'illegal_transition', message: error.message, allowed: error.allowed });
      }
      const ticket = await readTicketFor(user, request.params.id);
      return reply.header('etag', ticketEtag(ticket.version)).send(ticket);
    },
  );

  app.post(
    '/tickets/bulk',
    {
      config: { permission: { scope: TICKETS_WORK_SCOPE } },
      schema: {
        tags: ['tickets'],
        summary: 'One change (status, priority or assignee) to up to 100 tickets, each answered on its own',
        body: BulkTicketRequestSchema,
        response: {
          200: BulkTicketResponseSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          422: ValidationErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => {
      const { items, patch } = request.body;
      const results = await bulkUpdateTickets(app.db, app.events, requireUser(request), items, patch);
      return { results };
    },
  );

  app.get(
    '/tickets/:id/comments',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Comments of a ticket, oldest first (internal ones only for handlers)',
        params: IdParams,
        response: { 200: Type.Array(TicketCommentSchema), 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listComments(app.db, requireUser(request), request.params.id),
  );

  app.post(
    '/tickets/:id/comments',
    {
      config: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Post a comment (Idempotency-Key honoured)',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: NewCommentSchema,
        response: {
          200: TicketCommentSchema,
          201: TicketCommentSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ValidationErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { comment, replayed } = await postComment(app.db, app.events, requireUser(request), request.params.id, {
        body: request.body.body,
        isInternal: request.body.isInternal ?? false,
        attachmentIds: request.body.attachmentIds ?? [],
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (replayed) return reply.code(200).header('idempotency-replayed', 'true').send(comment);
      return reply.code(201).send(comment);
    },
  );

  app.get(
    '/changes',
    {
      config: signedIn,
      schema: {
        tags: ['changes'],
        summary: 'History the user may read, newest first (append-only; no edit or delete route exists)',
        querystring: ChangeQuery,
        response: { 200: ChangePageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { limit, cursor, ...filters } = request.query;
      return listChanges(app.db, app.areas, requireUser(request), filters, limit, cursor);
    },
  );
  done();
};
