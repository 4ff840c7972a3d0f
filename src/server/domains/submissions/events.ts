/**
 * What the submissions domain announces while a submission is created (lib/domain-events). Other
 * domains react through the app's bus (`app.events`, wired in plugins/domains.ts): approvals and
 * routing decide how the new ticket starts (held, or assigned) and the service-level clock its due
 * times, before the row is written, so that ONE insert writes them (docs/performance.md "Submission
 * throughput"); ticket feedback links a rating to the ticket it rates, and notifications tell the
 * assignees, once it is written.
 */
import type { FieldError } from '../../../shared/api-error';
import type { AreaDefinition } from '../../../shared/area';
import type { JsonValue } from '../../../shared/json';
import type { TicketPriority, TicketStatus } from '../../../shared/submission';
import type { Database } from '../../db/client';
import type { submissions } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import type { AuthUser } from '../role-groups';

/** A submission about to be stored, after the area's own schema and rules were checked. */
export type SubmissionDraft = {
  area: AreaDefinition;
  requester: AuthUser;
  data: JsonValue;
  /** JSON Pointers of the fields already refused; a listener leaves those fields alone (one message per field). */
  faultedPaths: ReadonlySet<string>;
  /** The database, outside any transaction: a listener reads, never writes. */
  db: Database;
};

/** The submission about to be written: what a listener may decide its start from. */
export type SubmissionToWrite = {
  area: AreaDefinition;
  propertyCode: string | null;
  data: JsonValue;
};

/**
 * A submission about to be written, inside its creating transaction: every check passed, nothing
 * of it stored yet (no id, no number).
 */
export type SubmissionPlanning = {
  /** The creating transaction: read through it; what a plan writes, it writes in `written`. */
  tx: Database;
  submission: SubmissionToWrite;
  requester: AuthUser;
};

/** Who a new ticket is assigned to: a user, a group (with its name), or both. */
export type SubmissionAssignee = { userId: string | null; groupId: string | null; groupName: string | null };

/**
 * How a `submissionPlanning` listener has the new row start: its status and, when routed, its
 * assignee and the rule that chose them (written by the creating insert itself), and what the
 * listener writes once the row exists (`written`: its history entry, approval steps).
 */
export type SubmissionPlan = {
  status: TicketStatus;
  assignee?: { userId: string | null; groupId: string | null; ruleId: string };
  /**
   * Runs inside the creating transaction right after the row, its `created` history entry and its
   * attachment links are written (before `submissionCreated`); answers the assignee as
   * `submissionSettled` announces it (null: nobody assigned). A throw rolls everything back.
   */
  written(created: SubmissionCreated): Promise<SubmissionAssignee | null>;
};

/** The service-level clock's columns of the submissions row (db/tables/submissions.ts). */
export const SUBMISSION_CLOCK_COLUMNS = [
  'slaStartedAt',
  'slaResolutionStartedAt',
  'slaPausedSince',
  'slaPausedMs',
  'slaFirstResponseDueAt',
  'slaResolutionDueAt',
  'slaFirstRespondedAt',
  'slaResolvedAt',
  'slaNextDueAt',
  'slaCheckAt',
] as const;

/** A value for every column of {@link SUBMISSION_CLOCK_COLUMNS}. */
export type SubmissionClockColumns = Required<
  Pick<typeof submissions.$inferInsert, (typeof SUBMISSION_CLOCK_COLUMNS)[number]>
>;

/** A submission about to be written, its status and priority settled by `submissionPlanning`. */
export type SubmissionStarting = {
  submission: SubmissionToWrite & { status: TicketStatus; priority: TicketPriority };
};

/** A submission just written, inside its creating transaction. */
export type SubmissionCreated = {
  /** The creating transaction: whatever a listener writes commits or rolls back with the submission. */
  tx: Database;
  submission: SubmissionToWrite & {
    id: string;
    number: string;
  };
  requester: AuthUser;
};

/**
 * A submission whose status and assignee are settled (routed, held for approval, or left New),
 * still inside its creating transaction: what the row holds now, so a listener need not read it.
 */
export type SubmissionSettled = {
  /** The creating transaction (see {@link SubmissionCreated}). */
  tx: Database;
  submission: SubmissionCreated['submission'] & {
    status: TicketStatus;
    priority: TicketPriority;
    /** The ticket's summary as stored (the area's `summaryField`), or null. */
    summary: string | null;
    /** Null while nobody is assigned. */
    assignee: SubmissionAssignee | null;
  };
  requester: AuthUser;
};

/** The events of the submissions domain. */
export type SubmissionEvents = {
  /**
   * Before anything is stored: each listener returns the field errors of the rules it owns (an
   * empty list when it has no objection). Any error refuses the submission with 422.
   */
  submissionChecking: { event: SubmissionDraft; result: FieldError[] };
  /**
   * Inside the creating transaction, before the row is written: a listener that decides how the
   * new ticket starts (held for approval, routed) returns its {@link SubmissionPlan}; the last
   * plan returned is the one written. A listener that throws rolls the transaction back and its
   * error is the answer (e.g. a 422 it raises).
   */
  submissionPlanning: { event: SubmissionPlanning; result: SubmissionPlan | undefined };
  /**
   * Right after `submissionPlanning`, with the status and priority the row starts with: a listener
   * returns the service-level clock's columns for the insert to write (the last one returned
   * wins), or nothing (the columns' defaults: no clock). Reads nothing, writes nothing.
   */
  submissionStarting: { event: SubmissionStarting; result: SubmissionClockColumns | undefined };
  /**
   * Inside the creating transaction, after the submission, its `created` history entry, its
   * attachment links and what its plan writes were written. A listener that throws rolls the
   * whole submission back and its error is the answer (e.g. a 422 it raises).
   */
  submissionCreated: { event: SubmissionCreated; result: void };
  /**
   * Right after `submissionCreated`, inside the same transaction, with the status and assignee the
   * row holds: notifications go out. A listener that throws rolls the submission back, as above.
   */
  submissionSettled: { event: SubmissionSettled; result: void };
};

/** The bus as the submissions domain needs it: any bus that carries at least its events. */
export type SubmissionEventBus = Pick<DomainEvents<SubmissionEvents>, 'emit'>;
