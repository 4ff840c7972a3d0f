/**
 * What the submissions domain announces while a submission is created (lib/domain-events). Other
 * domains react through the app's bus (`app.events`, wired in plugins/domains.ts): routing assigns
 * the new ticket, ticket feedback links a rating to the ticket it rates, and later approvals,
 * service levels and notifications hook in the same way.
 */
import type { FieldError } from '../../../shared/api-error';
import type { AreaDefinition } from '../../../shared/area';
import type { JsonValue } from '../../../shared/json';
import type { TicketPriority, TicketStatus } from '../../../shared/submission';
import type { Database } from '../../db/client';
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

/** A submission just written, inside its creating transaction. */
export type SubmissionCreated = {
  /** The creating transaction: whatever a listener writes commits or rolls back with the submission. */
  tx: Database;
  submission: {
    id: string;
    number: string;
    area: AreaDefinition;
    propertyCode: string | null;
    data: JsonValue;
  };
  requester: AuthUser;
};

/** Who a new ticket was assigned to: a user, a group (with its name), or both. */
export type SubmissionAssignee = { userId: string | null; groupId: string | null; groupName: string | null };

/**
 * What a `submissionCreated` listener changed on the new row: its status, and the assignee it set
 * (routing assigns both; an approval hold only the status). The last listener to name a status
 * wins, with its assignee (none when it names none).
 */
export type SubmissionCreatedEffect = { status: TicketStatus; assignee?: SubmissionAssignee };

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
   * Inside the creating transaction, after the submission, its `created` history entry and its
   * attachment links were written. A listener that throws rolls the whole submission back and its
   * error is the answer (e.g. a 422 it raises). A listener that changes the row's status returns
   * the new one ({@link SubmissionCreatedEffect}), so the answer need not read the row again.
   */
  submissionCreated: { event: SubmissionCreated; result: SubmissionCreatedEffect | undefined | void };
  /**
   * Right after `submissionCreated`, inside the same transaction, with the status and assignee its
   * listeners set: the service-level clock starts and notifications go out. A listener that
   * throws rolls the submission back, as above.
   */
  submissionSettled: { event: SubmissionSettled; result: void };
};

/** The bus as the submissions domain needs it: any bus that carries at least its events. */
export type SubmissionEventBus = Pick<DomainEvents<SubmissionEvents>, 'emit'>;
