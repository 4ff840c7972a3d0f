/**
 * Ticket routes (issue 5), all `signed-in` with the object-level rule of lib/ticket-visibility
 * (another user's ticket → 404):
 * - `GET /api/tickets?area&status&assignee&requester&property&priority&overdue&q&sort&limit&cursor` → TicketPage;
 * - `GET /api/tickets/counts?…same filters` → TicketCounts; `GET /api/tickets/export.csv?…` → text/csv;
 * - `GET /api/tickets/assignees` (`tickets:work`) → users and role groups for the pickers;
 * - `GET /api/tickets/:id` → Ticket with `allowed` and `ETag`; `PATCH /api/tickets/:id` → Ticket
 *   (If-Match or body `version`; 412 stale, 409 illegal transition with `allowed`, 403 field);
 * - `GET|POST /api/tickets/:id/comments` (Idempotency-Key on POST);
 * - `GET /api/changes?area&ticket&user&from&to&limit&cursor` → ChangePage (read-only history).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { Type } from 'typebox';
import { TICKETS_WORK_SCOPE } from '../../../../shared/scopes';
import {
  allowedNextStatuses,
  DONE_STATUSES,
  type TicketFeedbackRef,
  TICKET_FIELD_ROLES,
  type Ticket,
  type TicketField,
  type TicketStatus,
  type TicketFilters,
} from '../../../../shared/tickets';
import { roleGroups, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { findTicketFeedback } from '../../../domains/tickets/feedback';
import { ticketRoles } from '../../../domains/submissions/visibility';
import type { AuthUser } from '../../../plugins/auth/index';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, ValidationErrorSchema } from '../schemas';
import { listChanges } from '../../../domains/tickets/history';
import { listComments, postComment } from '../../../domains/tickets/comments';
import { exportTicketsCsv } from '../../../domains/tickets/export';
import { countTickets, listTickets, withStoredNumberCase } from '../../../domains/tickets/list';
import { findVisibleTicket, ticketEtag, toTicket, versionFromIfMatch, type TicketRow } from '../../../domains/tickets/repository';
import {
  AssigneeOptionsSchema,
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
import { IllegalTransition, updateTicket } from '../../../domains/tickets/workflow';

/**
 * The ticket with its feedback and what this user may do on it (side panel of the ticket view).
 * `feedbackArea` is the area that rates tickets (area.json `ratesTicket`), if any.
 */
function withPermissions(
  user: AuthUser,
  row: TicketRow,
  feedback: TicketFeedbackRef | null,
  feedbackArea: string | undefined,
): Ticket {
  const roles = ticketRoles(user, row);
  const canRate =
    feedbackArea !== undefined &&
    feedback === null &&
    roles.includes('requester') &&
    DONE_STATUSES.includes(row.status as TicketStatus);
  const fields = (Object.keys(TICKET_FIELD_ROLES) as TicketField[]).filter((field) =>
    (TICKET_FIELD_ROLES[field] as readonly string[]).some((role) => (roles as string[]).includes(role)),
  );
  return {
    ...toTicket(row),
    feedback,
    allowed: {
      roles,
      nextStatuses: allowedNextStatuses(row.status as TicketStatus, roles),
      fields,
      canCommentInternal: roles.includes('handler'),
      feedbackForm: canRate ? `/${feedbackArea}/Form?ticket=${encodeURIComponent(row.number)}` : null,
    },
  };
}

/** See the module comment. */
export const ticketRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { permission: 'signed-in' as const };
  const readTicket = async (user: AuthUser, id: string): Promise<TicketRow> => {
    const row = await findVisibleTicket(app.db, user, id);
    if (!row) throw notFound(`There is no ticket ${id} that you can see.`);
    return row;
  };
  // Looked up per request: drop-in areas may change the registry while the app runs.
  const feedbackArea = () => app.areas.list.find((area) => area.definition.ratesTicket)?.definition.key;
  /** A ticket number in `q` typed in any case, in the stored spelling of its area key (areas can be added at run time). */
  const withAreaCase = <F extends TicketFilters>(filters: F): F =>
    withStoredNumberCase(filters, app.areas.list.map((area) => area.definition.key));
  const present = async (user: AuthUser, row: TicketRow): Promise<Ticket> =>
    withPermissions(user, row, await findTicketFeedback(app.db, row.id), feedbackArea());

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
      return listTickets(app.db, requireUser(request), { filters: withAreaCase(filters), sort, limit, cursor });
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
      const people = await app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .orderBy(asc(users.name))
        .limit(1000);
      const groups = await app.db
        .select({ id: roleGroups.id, name: roleGroups.name })
        .from(roleGroups)
        .orderBy(asc(roleGroups.name));
      return { users: people, groups };
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
      const user = requireUser(request);
      const row = await readTicket(user, request.params.id);
      return reply
        .header('etag', ticketEtag(row.version))
        .header('cache-control', 'no-store')
        .send(await present(user, row));
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
        await updateTicket(app.db, user, request.params.id, patch, expected);
      } catch (error) {
        if (!(error instanceof IllegalTransition)) throw error;
        return reply
          .code(409)
          .send({ statusCode: 409, error: 'illegal_transition', message: error.message, allowed: error.allowed });
      }
      const row = await readTicket(user, request.params.id);
      return reply.header('etag', ticketEtag(row.version)).send(await present(user, row));
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
      const { comment, replayed } = await postComment(app.db, requireUser(request), request.params.id, {
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
      return listChanges(app.db, requireUser(request), filters, limit, cursor);
    },
  );
  done();
};
