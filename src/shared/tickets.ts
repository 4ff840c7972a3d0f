/**
 * The ticket workflow shared by client and server (docs/behaviour.md "Ticket statuses",
 * "Ticket transitions", "Ticket changes"): statuses, priorities, the transition table with who may
 * take each step, and the API payloads of `/api/tickets`.
 *
 * Roles on one ticket (a user may hold both):
 * - `handler`: works it: `admin`, or `tickets:work` with the ticket's area (`forms:<Area>:read`)
 *   or its assignment (to the user or one of their role groups), never the scope alone
 *   (docs/behaviour.md "Ticket handlers");
 * - `requester`: submitted the ticket.
 */
import type { TicketApproval } from './approvals';
import type { AttachmentRef } from './attachment';
import type { JsonValue } from './json';
import type { SlaFilter, TicketSla } from './sla';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type PersonRef,
  type Submission,
  type TicketPriority,
  type TicketStatus,
} from './submission';

export { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus };

export type TicketRole = 'handler' | 'requester';

/** One allowed step: from → to, and the roles that may take it. */
export type TicketTransition = { from: TicketStatus; to: TicketStatus; roles: readonly TicketRole[] };

const H: readonly TicketRole[] = ['handler'];
const HR: readonly TicketRole[] = ['handler', 'requester'];

/**
 * Every legal status change. Handlers work a ticket forward and may close it from any open
 * status (duplicates, withdrawn requests); a requester may close their resolved ticket or reopen
 * it (→ In progress). Handlers reopen Resolved and Closed tickets. Anything not listed → 409.
 */
export const TICKET_TRANSITIONS: readonly TicketTransition[] = [
  { from: 'New', to: 'Assigned', roles: H },
  { from: 'New', to: 'In progress', roles: H },
  { from: 'New', to: 'Closed', roles: H },
  { from: 'Assigned', to: 'In progress', roles: H },
  { from: 'Assigned', to: 'Closed', roles: H },
  { from: 'In progress', to: 'Waiting on requester', roles: H },
  { from: 'In progress', to: 'Resolved', roles: H },
  { from: 'In progress', to: 'Closed', roles: H },
  { from: 'Waiting on requester', to: 'In progress', roles: H },
  { from: 'Waiting on requester', to: 'Resolved', roles: H },
  { from: 'Waiting on requester', to: 'Closed', roles: H },
  { from: 'Resolved', to: 'Closed', roles: HR },
  { from: 'Resolved', to: 'In progress', roles: HR },
  { from: 'Closed', to: 'In progress', roles: H },
];

/** Where a requester's public comment moves a Waiting on requester ticket (docs/behaviour.md "Comments"). */
export const REQUESTER_REPLY_TRANSITION = { from: 'Waiting on requester', to: 'In progress' } as const;

/** True for a status the workflow knows. */
export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
}

/** True for a priority the workflow knows. */
export function isTicketPriority(value: unknown): value is TicketPriority {
  return typeof value === 'string' && (TICKET_PRIORITIES as readonly string[]).includes(value);
}

/** Statuses reachable from `from` for a user holding `roles`, in workflow order. */
export function allowedNextStatuses(from: TicketStatus, roles: readonly TicketRole[]): TicketStatus[] {
  const next = new Set(
    TICKET_TRANSITIONS.filter((t) => t.from === from && t.roles.some((role) => roles.includes(role))).map((t) => t.to),
  );
  return TICKET_STATUSES.filter((status) => next.has(status));
}

/** True when a user holding `roles` may move a ticket from `from` to `to`. */
export function canTransition(from: TicketStatus, to: TicketStatus, roles: readonly TicketRole[]): boolean {
  return allowedNextStatuses(from, roles).includes(to);
}

/** Statuses after which a ticket no longer counts as open (no overdue mark). */
export const DONE_STATUSES: readonly TicketStatus[] = ['Resolved', 'Closed', 'Rejected'];

/**
 * Statuses only an approval decision sets or leaves (docs/behaviour.md "Approvals"): no
 * transition of {@link TICKET_TRANSITIONS} leads into or out of them, and a ticket in one of them
 * takes no change through `PATCH /api/tickets/{id}`.
 */
export const APPROVAL_HELD_STATUSES: readonly TicketStatus[] = ['Waiting for approval', 'Rejected'];

/** True when the ticket is past its due time and still open. `now` in ms since the epoch. */
export function isOverdue(ticket: { status: TicketStatus; dueAt: string | null }, now = Date.now()): boolean {
  return ticket.dueAt !== null && !DONE_STATUSES.includes(ticket.status) && Date.parse(ticket.dueAt) < now;
}

/** Fields of `PATCH /api/tickets/:id` and the roles that may set each. */
export const TICKET_FIELD_ROLES = {
  status: HR,
  priority: H,
  assigneeUserId: H,
  assigneeGroupId: H,
  dueAt: H,
} as const satisfies Record<string, readonly TicketRole[]>;

export type TicketField = keyof typeof TICKET_FIELD_ROLES;

/** A role group as shown on a ticket. */
export type GroupRef = { id: string; name: string };

/** `GET /api/tickets/:id` and list items: the submission with its ticket fields. */
export type Ticket = Submission & {
  assigneeUser: PersonRef | null;
  assigneeGroup: GroupRef | null;
  /** ISO 8601 UTC, or null when no due date is set. */
  dueAt: string | null;
  isOverdue: boolean;
  /** The requester's feedback rating (1–5), null when not rated or the feedback has no rating. */
  rating: number | null;
  /** Service level: first-response and resolution targets (src/shared/sla.ts), null when it has none. */
  sla: TicketSla;
  /** The ticket's feedback (rating 1–5 or null), null when not rated (only on `GET|PATCH /api/tickets/:id`). */
  feedback?: TicketFeedbackRef | null;
  /** What the signed-in user may do on this ticket (only on `GET /api/tickets/:id`). */
  allowed?: TicketPermissions;
  /** Its approval steps, null when none applied (only on `GET /api/tickets/:id`; docs/behaviour.md "Approvals"). */
  approval?: TicketApproval | null;
};

/** The feedback submission that rates a ticket (docs/behaviour.md "Ticket feedback"). */
export type TicketFeedbackRef = { id: string; area: string; number: string; rating: number | null };

/** The actions a user may take on one ticket (side panel of the ticket view). */
export type TicketPermissions = {
  roles: TicketRole[];
  nextStatuses: TicketStatus[];
  fields: TicketField[];
  canCommentInternal: boolean;
  /**
   * Where the requester rates this ticket (`/TicketFeedback/Form?ticket=<number>`) when it is
   * Resolved or Closed and not rated yet; otherwise null.
   */
  feedbackForm: string | null;
};

/**
 * `PATCH /api/tickets/:id` body. `version` (or the `If-Match` header with the ETag) is the
 * version the client read; null clears an assignee or due date.
 */
export type TicketPatch = {
  version?: number;
  status?: TicketStatus;
  priority?: TicketPriority;
  assigneeUserId?: string | null;
  assigneeGroupId?: string | null;
  dueAt?: string | null;
};

/** 409 body of an illegal transition: the statuses this user may move the ticket to. */
export type TransitionConflictBody = {
  statusCode: 409;
  error: 'illegal_transition';
  message: string;
  allowed: TicketStatus[];
};

/**
 * Sort orders of `GET /api/tickets` (`-` = descending). `slaDue`: by the due time of the soonest
 * running service-level target, soonest first, tickets without a running target last; `-slaDue`
 * is its exact reverse.
 */
export const TICKET_SORTS = ['-updatedAt', 'updatedAt', '-createdAt', 'createdAt', 'slaDue', '-slaDue'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/**
 * Values of the `state` filter: `open` — not in a {@link DONE_STATUSES} status; `done` — in one
 * (docs/behaviour.md "Ticket list filters").
 */
export const TICKET_STATES = ['open', 'done'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** Keywords of the `assignee` filter (else a user id); `my-groups-unassigned`: one of my groups, no person. */
export const ASSIGNEE_KEYWORDS = ['me', 'my-groups', 'my-groups-unassigned', 'none'] as const;

/** An ISO 8601 date-time with seconds optional and a zone (`Z` or `±hh:mm`): the `resolvedFrom` filter's form. */
export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';

/** Filters of `GET /api/tickets`, `/export.csv` and `/counts` (query-string names). */
export type TicketFilters = {
  area?: string;
  status?: TicketStatus;
  /** `open` or `done` ({@link TICKET_STATES}); combines with `status` (both must hold). */
  state?: TicketState;
  /**
   * An ISO 8601 date-time: tickets resolved at or after it and still Resolved, or Closed from
   * Resolved (`submissions.resolved_at`).
   */
  resolvedFrom?: string;
  /** `me`, `my-groups`, `my-groups-unassigned`, `none` or a user id ({@link ASSIGNEE_KEYWORDS}). */
  assignee?: string;
  /** `me` or a user id. */
  requester?: string;
  property?: string;
  priority?: TicketPriority;
  overdue?: boolean;
  /** `breaching`: a running service-level target is due within the hour; `breached`: one is past due. */
  sla?: SlaFilter;
  q?: string;
};

/**
 * A `GET /api/tickets` list item (also the CSV export's rows): the {@link Ticket} without the
 * submission's `data`, which no list shows (read one ticket for it: `GET /api/tickets/:id`).
 */
export type TicketListItem = Omit<Ticket, 'data' | 'feedback' | 'allowed' | 'approval'>;

/** One keyset page of tickets. */
export type TicketPage = { items: TicketListItem[]; nextCursor: string | null };

/**
 * When the filtered visible set is large (over 5,000 tickets), `GET /api/tickets/counts` stops
 * counting each status at `COUNT_CAP` and lists the status in `capped` (shown as "1,000+"). Exact
 * counts over a handler's hundreds of thousands of visible tickets cost a scan of all of them
 * (~1 s at 1M tickets in bench:lists, docs/performance.md; docs/behaviour.md "Ticket counts"), so
 * every count is correct but bounded.
 */
export const COUNT_CAP = 1000;

/**
 * `GET /api/tickets/counts`: tickets per status under the same filters (status filter ignored).
 * `counts[s]` is exact unless `s` is in `capped`, where it is {@link COUNT_CAP} and means "at
 * least that many"; `total` is their sum (a lower bound when `capped` is not empty).
 */
export type TicketCounts = { counts: Record<TicketStatus, number>; total: number; capped: TicketStatus[] };

/** Candidates for the assignee pickers (`GET /api/tickets/assignees`). */
export type AssigneeOptions = { users: PersonRef[]; groups: GroupRef[] };

/** Most files one comment may carry; more answer 422 (docs/behaviour.md "Comments"). */
export const MAX_ATTACHMENTS_PER_COMMENT = 20;

/**
 * A comment on a ticket. `body` is a rich-text document (src/shared/rich-text.ts: an array of
 * blocks; older comments may hold a plain or HTML string, see {@link readCommentDocument}); `attachments` are
 * its files in upload order (`size` in bytes), downloadable at `GET /api/attachments/:id`.
 */
export type TicketComment = {
  id: string;
  ticketId: string;
  author: PersonRef;
  body: JsonValue;
  isInternal: boolean;
  createdAt: string;
  attachments: AttachmentRef[];
};

/**
 * `POST /api/tickets/:id/comments` body. `body`: a rich-text document (an array of blocks, or its
 * JSON as a string) or a plain string (stored as a plain-text document). `attachmentIds`: files the
 * author uploaded with `POST /api/attachments` and has not attached anywhere yet, at most
 * {@link MAX_ATTACHMENTS_PER_COMMENT}.
 */
export type NewTicketComment = { body: JsonValue; isInternal?: boolean; attachmentIds?: string[] };

/** Most characters of a comment's text that a history entry carries ({@link HistoryComment}). */
export const HISTORY_COMMENT_CHARS = 200;

/**
 * The comment a history entry records, as far as the reader may read it (docs/behaviour.md
 * "History"): the first {@link HISTORY_COMMENT_CHARS} characters of its text (rich text read as
 * plain text, whitespace collapsed), whether there was more, and its files' names.
 */
export type HistoryComment = { excerpt: string; isTruncated: boolean; files: string[] };

/**
 * An entry of the change history (docs/behaviour.md "History"); `diff` is field → { from, to }.
 * `fieldTitles`: the titles of the form fields a `data` change names, keyed by their JSON Pointer
 * inside the submission's data (RFC 6901: `/invoiceNumber`), from the schema version the
 * submission was stored with. `comment`: the comment the entry records, or null.
 */
export type ChangeEntry = {
  id: number;
  entity: string;
  entityId: string;
  action: string;
  at: string;
  actor: { id: string; name: string; issuer: string; subject: string } | null;
  ticket: { number: string; area: string } | null;
  diff: JsonValue;
  fieldTitles: Record<string, string>;
  comment: HistoryComment | null;
};

/** `GET /api/changes`: newest first, keyset page. */
export type ChangePage = { items: ChangeEntry[]; nextCursor: string | null };

/** Most tickets one `POST /api/tickets/bulk` changes. */
export const BULK_MAX_ITEMS = 100;

/**
 * The one change of `POST /api/tickets/bulk`: a status, a priority, or an assignee (`userId`,
 * `'me'` for the caller, or `groupId`), applied to every ticket as a PATCH would.
 */
export type BulkTicketPatch =
  { status: TicketStatus } | { priority: TicketPriority } | { assignee: { userId: string } | { groupId: string } };

/** `POST /api/tickets/bulk` body: 1–{@link BULK_MAX_ITEMS} tickets with the version each was read at. */
export type BulkTicketRequest = { items: { id: string; version: number }[]; patch: BulkTicketPatch };

/**
 * What happened to one ticket of a bulk change (docs/behaviour.md "Bulk changes"): `updated`
 * (written, or already so), `stale` (changed since it was read), `conflict` (the workflow does not
 * allow it: transition, approval hold), `forbidden` (a field this user may not set on this ticket),
 * `not_found` (no such ticket that the user can see).
 */
export type BulkOutcome = 'updated' | 'stale' | 'conflict' | 'forbidden' | 'not_found';

/** One row of the bulk answer; `number` is null for `not_found`, `version` is the version after `updated`. */
export type BulkTicketResult = {
  id: string;
  number: string | null;
  outcome: BulkOutcome;
  message?: string;
  version?: number;
};

/** `POST /api/tickets/bulk` answer: one result per item, in the order sent. */
export type BulkTicketResponse = { results: BulkTicketResult[] };
