/** TypeBox schemas of approvals (mirroring src/shared/approvals.ts). */
import { Type } from 'typebox';
import { APPROVAL_COMMENT_MAX, APPROVAL_STATUSES, APPROVAL_STEP_STATUSES } from '../../../../shared/approvals';
import { NullableResult, VersionSchema } from '../schemas';

/** `ApprovalStepView`: one step of a ticket's approval. */
const ApprovalStepSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  approvers: Type.Object({ group: NullableResult(Type.String()), email: NullableResult(Type.String()) }),
  status: Type.Enum(APPROVAL_STEP_STATUSES),
  decidedBy: NullableResult(Type.Object({ id: Type.String(), name: Type.String() })),
  decidedAt: NullableResult(Type.String({ format: 'date-time' })),
  comment: NullableResult(Type.String()),
});

/** `TicketApproval`: a ticket's approval (null when none of its area's steps applied). */
export const TicketApprovalSchema = Type.Object({
  status: Type.Enum(APPROVAL_STATUSES),
  steps: Type.Array(ApprovalStepSchema),
  canDecide: Type.Boolean(),
});

/** `ApprovalDecisionBody`: `POST /api/tickets/{id}/approval` (`version` or `If-Match`, as PATCH takes them). */
export const ApprovalDecisionSchema = Type.Object(
  {
    decision: Type.Enum(['approve', 'reject'] as const),
    comment: Type.Optional(Type.String({ maxLength: APPROVAL_COMMENT_MAX })),
    version: Type.Optional(VersionSchema),
  },
  { additionalProperties: false },
);

/** `If-Match` with the ticket's ETag. */
export const IfMatchHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 64 })) });

/** `ApprovalQueuePage`: `GET /api/approvals`. */
export const ApprovalQueuePageSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      ticketId: Type.String(),
      number: Type.String(),
      area: Type.String(),
      summary: NullableResult(Type.String()),
      requester: Type.Object({ id: Type.String(), name: Type.String() }),
      step: Type.Object({ id: Type.String(), name: Type.String() }),
      waitingSince: Type.String({ format: 'date-time' }),
      version: Type.Integer(),
    }),
  ),
  nextCursor: NullableResult(Type.String()),
});

/** `GET /api/approvals?cursor=`. */
export const ApprovalQueueQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 512 })) });
