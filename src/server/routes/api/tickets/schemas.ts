/** TypeBox schemas of `/api/tickets` and `/api/changes` (mirroring src/shared/tickets.ts). */
import { Type } from 'typebox';
import type { JsonValue } from '../../../../shared/json';
import { SLA_FILTERS } from '../../../../shared/sla';
import {
  BULK_MAX_ITEMS,
  DATE_TIME_PATTERN,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATES,
  TICKET_STATUSES,
} from '../../../../shared/tickets';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/submission';
import { TicketApprovalSchema } from '../approvals/schemas';
import { IdSchema, NullableResult, PersonRefSchema, SubmissionSchema, VersionSchema } from '../schemas';

/**
 * `schema` or null in a REQUEST schema (responses use `NullableResult`). Null comes first:
 * Fastify's Ajv coerces types, and with the string branch first a JSON `null` would be coerced to
 * `""` (so `"assigneeGroupId": null` could not clear a field).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);
const AnyJson = Type.Unsafe<JsonValue>({});

/** A role group as a ticket names it: id and name. */
export const GroupRefSchema = Type.Object({ id: Type.String(), name: Type.String() });

/**
 * `TicketPermissions`: what the reader may do on a ticket (roles, next statuses, fields, internal
 * comments, feedback form).
 */
export const TicketPermissionsSchema = Type.Object({
  roles: Type.Array(Type.String()),
  nextStatuses: Type.Array(Type.Enum(TICKET_STATUSES)),
  fields: Type.Array(Type.String()),
  canCommentInternal: Type.Boolean(),
  feedbackForm: NullableResult(Type.String()),
});

/** `TicketFeedbackRef`: the feedback submission that rated a ticket, and its rating. */
export const TicketFeedbackRefSchema = Type.Object({
  id: Type.String(),
  area: Type.String(),
  number: Type.String(),
  rating: NullableResult(Type.Integer()),
});

const SlaTargetSchema = Type.Object({
  dueAt: Type.String({ format: 'date-time' }),
  state: Type.Enum(['running', 'paused', 'met', 'breached']),
  remainingMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'ms of calendar time until dueAt (running: from now; paused: from the pause)',
    }),
  ),
  breachedByMs: Type.Optional(
    Type.Integer({ minimum: 0, description: 'ms of calendar time past dueAt (until now, the pause, or metAt)' }),
  ),
  metAt: Type.Optional(Type.String({ format: 'date-time' })),
});

/** `TicketSla`: the service level's two targets, or null when the ticket has none. */
export const TicketSlaSchema = NullableResult(
  Type.Object({ firstResponse: SlaTargetSchema, resolution: SlaTargetSchema }),
);

/** `Ticket`: a submission with its ticket fields. */
export const TicketSchema = Type.Object({
  ...SubmissionSchema.properties,
  assigneeUser: NullableResult(PersonRefSchema),
  assigneeGroup: NullableResult(GroupRefSchema),
  dueAt: NullableResult(Type.String({ format: 'date-time' })),
  isOverdue: Type.Boolean(),
  rating: NullableResult(Type.Integer({ minimum: 1, maximum: 5 })),
  sla: TicketSlaSchema,
  feedback: Type.Optional(NullableResult(TicketFeedbackRefSchema)),
  allowed: Type.Optional(TicketPermissionsSchema),
  approval: Type.Optional(NullableResult(TicketApprovalSchema)),
});

/** `TicketListItem`: a list item has no `data` (nor the by-id read's `feedback`, `allowed` and `approval`). */
export const TicketListItemSchema = Type.Omit(TicketSchema, ['data', 'feedback', 'allowed', 'approval']);

/** `TicketPage`: one keyset page of tickets and the cursor of the next. */
export const TicketPageSchema = Type.Object({
  items: Type.Array(TicketListItemSchema),
  nextCursor: NullableResult(Type.String()),
});

/** `TicketPatch`: the body of `PATCH /api/tickets/:id`; `null` clears an assignee or the due date. */
export const TicketPatchSchema = Type.Object(
  {
    version: Type.Optional(VersionSchema),
    status: Type.Optional(Type.Enum(TICKET_STATUSES)),
    priority: Type.Optional(Type.Enum(TICKET_PRIORITIES)),
    assigneeUserId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    assigneeGroupId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    dueAt: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  },
  { additionalProperties: false },
);

/**
 * `BulkTicketRequest`: the tickets (id and the version read) and exactly one change. One object
 * with `minProperties`/`maxProperties` rather than a union: Fastify's Ajv removes additional
 * properties while it tries each branch of an `anyOf`, which would empty the later branches.
 */
export const BulkTicketRequestSchema = Type.Object(
  {
    items: Type.Array(Type.Object({ id: IdSchema, version: VersionSchema }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: BULK_MAX_ITEMS,
    }),
    patch: Type.Object(
      {
        status: Type.Optional(Type.Enum(TICKET_STATUSES)),
        priority: Type.Optional(Type.Enum(TICKET_PRIORITIES)),
        assignee: Type.Optional(
          Type.Object(
            {
              userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "a user id, or 'me'" })),
              groupId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            },
            { additionalProperties: false, minProperties: 1, maxProperties: 1 },
          ),
        ),
      },
      { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'exactly one change' },
    ),
  },
  { additionalProperties: false },
);

/** `BulkTicketResponse`: one result per item, in the order sent. */
export const BulkTicketResponseSchema = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      number: NullableResult(Type.String()),
      outcome: Type.Enum(['updated', 'stale', 'conflict', 'forbidden', 'not_found']),
      message: Type.Optional(Type.String()),
      version: Type.Optional(Type.Integer()),
    }),
  ),
});

/** The 409 `illegal_transition` body: an error body plus the statuses this user may choose. */
export const TransitionConflictSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  allowed: Type.Optional(Type.Array(Type.Enum(TICKET_STATUSES))),
});

/** Query of the list, the CSV export and the counts. */
export const TicketFilterQuery = Type.Object({
  area: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Enum(TICKET_STATUSES)),
  state: Type.Optional(
    Type.Enum(TICKET_STATES, { description: 'open: not Resolved, Closed or Rejected; done: one of those' }),
  ),
  resolvedFrom: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: DATE_TIME_PATTERN,
      description: 'ISO 8601 date-time with a zone: resolved at or after it (Resolved, or Closed from Resolved)',
    }),
  ),
  assignee: Type.Optional(
    Type.String({ maxLength: 64, description: 'me, my-groups, my-groups-unassigned, none or a user id' }),
  ),
  requester: Type.Optional(Type.String({ maxLength: 64 })),
  property: Type.Optional(Type.String({ maxLength: 64 })),
  priority: Type.Optional(Type.Enum(TICKET_PRIORITIES)),
  overdue: Type.Optional(Type.Boolean()),
  sla: Type.Optional(
    Type.Enum(SLA_FILTERS, { description: 'breaching: a running target due within the hour; breached: past due' }),
  ),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Query of the list: the filters plus sort, page size and cursor. */
export const TicketListQuery = Type.Object({
  ...TicketFilterQuery.properties,
  sort: Type.Enum(TICKET_SORTS, { default: '-updatedAt' }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

/** `TicketCounts`: tickets per status, their total, and the statuses counted only up to the cap. */
export const TicketCountsSchema = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  total: Type.Integer(),
  capped: Type.Array(Type.String(), { description: 'Statuses counted only up to COUNT_CAP (1,000): "at least"' }),
});

/** `AssigneeOptions`: the users and role groups a ticket can be assigned to. */
export const AssigneeOptionsSchema = Type.Object({
  users: Type.Array(PersonRefSchema),
  groups: Type.Array(GroupRefSchema),
});

/** `TicketComment`: a comment with its author, body (rich text) and files. */
export const TicketCommentSchema = Type.Object({
  id: Type.String(),
  ticketId: Type.String(),
  author: PersonRefSchema,
  body: AnyJson,
  isInternal: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  attachments: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      size: Type.Integer({ description: 'bytes' }),
      mediaType: Type.String(),
    }),
  ),
});

/** `NewTicketComment`; more than MAX_ATTACHMENTS_PER_COMMENT ids is a 422 from the handler, not a 400. */
export const NewCommentSchema = Type.Object(
  {
    body: AnyJson,
    isInternal: Type.Optional(Type.Boolean()),
    attachmentIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
  },
  { additionalProperties: false, required: ['body'] },
);

/** Query of `GET /api/changes`: filters, page size and cursor. */
export const ChangeQuery = Type.Object({
  area: Type.Optional(Type.String({ maxLength: 64 })),
  ticket: Type.Optional(Type.String({ maxLength: 64 })),
  user: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

/** `ChangePage`: one page of history entries, newest first, and the cursor of the next. */
export const ChangePageSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      entity: Type.String(),
      entityId: Type.String(),
      action: Type.String(),
      at: Type.String({ format: 'date-time' }),
      actor: NullableResult(
        Type.Object({ id: Type.String(), name: Type.String(), issuer: Type.String(), subject: Type.String() }),
      ),
      ticket: NullableResult(Type.Object({ number: Type.String(), area: Type.String() })),
      diff: AnyJson,
      fieldTitles: Type.Record(Type.String(), Type.String()),
      comment: NullableResult(
        Type.Object({ excerpt: Type.String(), isTruncated: Type.Boolean(), files: Type.Array(Type.String()) }),
      ),
    }),
  ),
  nextCursor: NullableResult(Type.String()),
});

/** Path parameter `:id` of a ticket (longer than a uuid: 400; another malformed id: 404 in the domain). */
export const IdParams = Type.Object({ id: IdSchema });

/** Optional `Idempotency-Key` (1–200 printable ASCII characters) and `If-Match` headers. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$' })),
  'if-match': Type.Optional(Type.String({ maxLength: 64 })),
});
