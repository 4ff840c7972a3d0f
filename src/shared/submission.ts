/**
 * Submission (ticket) payloads of the API (docs/behaviour.md "Submissions").
 */
import type { TicketApproval } from './approvals';
import type { JsonValue } from './json';

/**
 * Ticket statuses in workflow order (docs/behaviour.md "Ticket statuses"). `Waiting for approval` and
 * `Rejected` are set only by an approval decision (docs/behaviour.md "Approvals").
 */
export const TICKET_STATUSES = [
  'Waiting for approval',
  'New',
  'Assigned',
  'In progress',
  'Waiting on requester',
  'Resolved',
  'Closed',
  'Rejected',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** A person as shown on a submission. */
export type PersonRef = { id: string; name: string; email: string | null };

/** A stored submission as returned by the API. Times are ISO 8601 UTC strings. */
export type Submission = {
  id: string;
  /** Human number per area, `<AREA>-<6 digits>`, e.g. `AP-000123`. */
  number: string;
  area: string;
  parentId: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  /** Property code taken from the area's property field, if it has one. */
  property: string | null;
  summary: string | null;
  /**
   * The form data: a JSON object for most forms; for a form whose root is not an object (a form of
   * one field, docs/behaviour.md "Form areas") the value itself.
   */
  data: JsonValue;
  schemaVersion: number;
  requester: PersonRef;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-concurrency version, starts at 1. */
  version: number;
  /**
   * Its approval steps, null when none applied (only on the read of one submission and of one
   * ticket; docs/behaviour.md "Approvals").
   */
  approval?: TicketApproval | null;
};

/** `GET /api/areas/:key/submissions`: one keyset page, newest first by default. */
export type SubmissionPage = {
  items: Submission[];
  /** Opaque cursor for the next page, or null on the last page. */
  nextCursor: string | null;
};

/** Sort orders accepted by the list endpoint. */
export const SUBMISSION_SORTS = ['-createdAt', 'createdAt', '-number', 'number'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];

/** Page size bounds of list endpoints. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Formats a per-area number: `formatSubmissionNumber('AP', 123)` → `AP-000123`. */
export function formatSubmissionNumber(area: string, sequence: number): string {
  return `${area}-${String(sequence).padStart(6, '0')}`;
}
