/**
 * Approval routes (docs/behaviour.md "Approvals"), both `signed-in`; the object rules are the
 * approvals domain's:
 * - `POST /api/tickets/:id/approval` `{ decision, comment?, version? }` (or `If-Match`) → the Ticket with its
 *   approval and the new `ETag` (403 not an approver or the requester, 404, 409 not waiting on a
 *   decision, 412 stale, 422 bad body or a rejection without a reason, 428 no `If-Match`);
 * - `GET /api/approvals?cursor=` → what waits on the caller, oldest first.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { FieldError } from '../../../../shared/api-error';
import { decideApproval, listWaitingApprovals, readApproval } from '../../../domains/approvals';
import { readTicket, ticketEtag, versionFromIfMatch } from '../../../domains/tickets';
import { badRequest, validationFailed } from '../../../lib/errors';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, ValidationErrorSchema } from '../schemas';
import { IdParams, TicketSchema } from '../tickets/schemas';
import { ApprovalDecisionSchema, ApprovalQueuePageSchema, ApprovalQueueQuery, IfMatchHeaders } from './schemas';

/** One field error per ajv error of the decision body, on the missing or unknown field itself where there is one. */
function bodyErrors(errors: readonly FastifySchemaValidationError[]): FieldError[] {
  return errors.map((error) => {
    const { additionalProperty, missingProperty } = error.params;
    if (typeof missingProperty === 'string')
      return { path: `${error.instancePath}/${missingProperty}`, message: 'is required' };
    if (typeof additionalProperty === 'string') {
      return { path: `${error.instancePath}/${additionalProperty}`, message: 'is not a field of a decision' };
    }
    return { path: error.instancePath || '/', message: error.message ?? 'is invalid' };
  });
}

/** See the module comment. */
export const approvalRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { permission: 'signed-in' as const };
  const feedbackArea = () => app.areas.list.find((area) => area.definition.ratesTicket)?.definition.key;

  app.post(
    '/tickets/:id/approval',
    {
      config: signedIn,
      // A body the schema refuses is a 422 naming its fields (see bodyErrors), not Fastify's 400.
      attachValidation: true,
      schema: {
        tags: ['approvals'],
        summary: 'Approve or reject the step a ticket waits on (If-Match with its ETag)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: ApprovalDecisionSchema,
        response: {
          200: TicketSchema,
          204: { type: 'null', description: 'Decided; the caller may no longer read the ticket' },
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          412: ApiErrorSchema,
          422: ValidationErrorSchema,
          428: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const invalid = request.validationError;
      if (invalid) {
        if (invalid.validationContext !== 'body') throw badRequest(invalid.message);
        throw validationFailed(
          bodyErrors(invalid.validation as FastifySchemaValidationError[]),
          'The decision has errors.',
        );
      }
      const { id } = request.params;
      const { version, ...decision } = request.body;
      const expected = version ?? versionFromIfMatch(request.headers['if-match']);
      await decideApproval(app.db, app.events, user, id, decision, expected);
      // An approver named by e-mail may not read the ticket itself: the decision stands, nothing to show.
      const ticket = await readTicket(app.db, user, id, feedbackArea()).catch(() => null);
      if (!ticket) return reply.code(204).send(null);
      const approval = await readApproval(app.db, user, ticket.id, ticket.requester.id);
      return reply.header('etag', ticketEtag(ticket.version)).send({ ...ticket, approval });
    },
  );

  app.get(
    '/approvals',
    {
      config: signedIn,
      schema: {
        tags: ['approvals'],
        summary: 'Requests waiting on a decision by the caller, oldest first (keyset pages)',
        querystring: ApprovalQueueQuery,
        response: { 200: ApprovalQueuePageSchema, 400: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listWaitingApprovals(app.db, requireUser(request), request.query.cursor),
  );
  done();
};
