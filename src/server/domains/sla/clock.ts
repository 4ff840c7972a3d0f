/**
 * The service-level clock of a ticket (docs/behaviour.md "Service levels"), kept on its
 * submissions row and recomputed inside the transaction of every change:
 *
 * - it starts when the ticket is routed: at creation, or when it leaves Waiting for approval;
 * - it pauses while the ticket is Waiting on requester or Waiting for approval; when it resumes,
 *   the due times move by the working time it was paused;
 * - first response is met by a handler's first public comment or status change;
 * - resolution is met when the ticket is Resolved (or otherwise done: Closed, Rejected), and a
 *   reopening restarts it with the full target;
 * - a priority change recomputes the targets from the same start.
 *
 * Due time of a target = its start + target + paused working time, in working time
 * (business-time.ts). `sla_next_due_at` and `sla_check_at` are derived for the list and the
 * breach check (check.ts).
 */
import { eq } from 'drizzle-orm';
import type { TicketStatus } from '../../../shared/submission';
import { DONE_STATUSES as TICKET_DONE_STATUSES } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import type { SubmissionClockColumns } from '../submissions';
import { addBusinessTime, businessTimeBetween } from './business-time';
import type { SlaPolicy } from './config';
import { NO_DUE, nextCheckAt, type RunningTarget } from './marks';

/** Statuses that pause the clock. */
export const PAUSING_STATUSES: readonly string[] = [
  'Waiting on requester',
  'Waiting for approval',
] satisfies readonly TicketStatus[];
/** The status an approval-gated ticket waits in before it is routed: its clock has not started. */
const AWAITING_APPROVAL: TicketStatus = 'Waiting for approval';
/** Statuses that stop the resolution clock: the workflow's finished ones (Resolved, Closed, Rejected). */
export const DONE_STATUSES: readonly string[] = TICKET_DONE_STATUSES;

const slaColumns = {
  area: submissions.area,
  status: submissions.status,
  priority: submissions.priority,
  startedAt: submissions.slaStartedAt,
  resolutionStartedAt: submissions.slaResolutionStartedAt,
  pausedSince: submissions.slaPausedSince,
  pausedMs: submissions.slaPausedMs,
  firstResponseDueAt: submissions.slaFirstResponseDueAt,
  resolutionDueAt: submissions.slaResolutionDueAt,
  firstRespondedAt: submissions.slaFirstRespondedAt,
  resolvedAt: submissions.slaResolvedAt,
  notified: submissions.slaNotified,
};

async function readClock(tx: Database, ticketId: string) {
  const [row] = await tx.select(slaColumns).from(submissions).where(eq(submissions.id, ticketId)).for('update');
  if (!row) throw new Error(`ticket ${ticketId} vanished inside its own transaction`);
  return row;
}

/** What happened to a ticket, as the clock needs it. */
export type ClockChange = {
  /** The status change, if any. */
  status?: { from: string; to: string };
  /** A handler responded: a public comment, or a status change they made. */
  handlerResponded?: boolean;
};

/** The stored fields of a running clock; the due times are derived from them. */
type ClockFields = {
  startedAt: Date;
  resolutionStartedAt: Date;
  pausedSince: Date | null;
  /** Working time of ended pauses since `resolutionStartedAt`, ms. */
  pausedMs: number;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
};

/** A clock that starts at `now`. */
function started(now: Date): ClockFields {
  return {
    startedAt: now,
    resolutionStartedAt: now,
    pausedSince: null,
    pausedMs: 0,
    firstRespondedAt: null,
    resolvedAt: null,
  };
}

/**
 * The derived columns of `clock` for a ticket of `area` and `priority`: the due times (a met
 * target keeps the one it had), the soonest running due time and when the breach check must next
 * look; null when the area has no targets.
 */
function derive(
  policy: SlaPolicy,
  area: string,
  priority: string,
  clock: ClockFields,
  previous: { firstResponseDueAt: Date | null; resolutionDueAt: Date | null; notified: Record<string, number> },
) {
  const targets = policy.targetsFor(area, priority);
  if (!targets) return null;
  const { calendar } = policy;
  const firstResponseDueAt =
    clock.firstRespondedAt && previous.firstResponseDueAt
      ? previous.firstResponseDueAt
      : addBusinessTime(calendar, clock.startedAt, targets.firstResponseMs + clock.pausedMs);
  const resolutionDueAt =
    clock.resolvedAt && previous.resolutionDueAt
      ? previous.resolutionDueAt
      : addBusinessTime(calendar, clock.resolutionStartedAt, targets.resolutionMs + clock.pausedMs);
  const running: RunningTarget[] = [];
  if (!clock.pausedSince) {
    if (!clock.firstRespondedAt) running.push({ target: 'firstResponse', due: firstResponseDueAt });
    if (!clock.resolvedAt) running.push({ target: 'resolution', due: resolutionDueAt });
  }
  const next = running.reduce((soonest, { due }) => (due < soonest ? due : soonest), NO_DUE);
  const checkAt = nextCheckAt(running, previous.notified);
  return { firstResponseDueAt, resolutionDueAt, nextDueAt: next, checkAt };
}

/** What {@link write} needs of the stored row besides the clock: its area, priority and earlier marks. */
type ClockContext = Pick<
  Awaited<ReturnType<typeof readClock>>,
  'area' | 'priority' | 'firstResponseDueAt' | 'resolutionDueAt' | 'notified'
>;

/** The clock's columns of the row: `clock` and what is derived from it; all cleared when its area has no targets. */
function columnsOf(policy: SlaPolicy, row: ClockContext, clock: ClockFields): SubmissionClockColumns {
  const derived = derive(policy, row.area, row.priority, clock, row);
  return {
    slaStartedAt: derived ? clock.startedAt : null,
    slaResolutionStartedAt: derived ? clock.resolutionStartedAt : null,
    slaPausedSince: derived ? clock.pausedSince : null,
    slaPausedMs: derived ? clock.pausedMs : 0,
    slaFirstRespondedAt: derived ? clock.firstRespondedAt : null,
    slaResolvedAt: derived ? clock.resolvedAt : null,
    slaFirstResponseDueAt: derived?.firstResponseDueAt ?? null,
    slaResolutionDueAt: derived?.resolutionDueAt ?? null,
    slaNextDueAt: derived?.nextDueAt ?? NO_DUE,
    slaCheckAt: derived?.checkAt ?? null,
  };
}

async function write(tx: Database, ticketId: string, policy: SlaPolicy, row: ClockContext, clock: ClockFields) {
  await tx
    .update(submissions)
    .set(columnsOf(policy, row, clock))
    .where(eq(submissions.id, ticketId));
}

/** The clock a ticket in `status` starts with at `now`; null while it waits for approval. */
function clockStartingIn(status: string, now: Date): ClockFields | null {
  if (status === AWAITING_APPROVAL) return null;
  const clock = started(now);
  if (PAUSING_STATUSES.includes(status)) clock.pausedSince = now;
  if (DONE_STATUSES.includes(status)) clock.resolvedAt = now;
  return clock;
}

/**
 * The clock's columns of a ticket about to be created in `status` and `priority` at `now`, for its
 * creating insert to write (nothing is read: no clock, due time or mark exists yet); undefined
 * while it waits for approval (its clock starts when it is routed) or when its area has no targets:
 * the columns' defaults are then what the row needs.
 */
export function newTicketClock(
  policy: SlaPolicy,
  ticket: { area: string; status: string; priority: string },
  now: Date,
): SubmissionClockColumns | undefined {
  const clock = clockStartingIn(ticket.status, now);
  if (!clock || !policy.targetsFor(ticket.area, ticket.priority)) return undefined;
  const context = {
    area: ticket.area,
    priority: ticket.priority,
    firstResponseDueAt: null,
    resolutionDueAt: null,
    notified: {},
  };
  return columnsOf(policy, context, clock);
}

/**
 * Moves the clock of a ticket after `change` (inside the changing transaction; the row already
 * holds the new status and priority) and recomputes its due times for its current priority.
 */
export async function advanceTicketClock(
  tx: Database,
  policy: SlaPolicy,
  ticketId: string,
  change: ClockChange,
  now: Date,
): Promise<void> {
  const row = await readClock(tx, ticketId);
  const { status } = change;
  if (!row.startedAt) {
    // Not started: an approval-gated ticket starts when it is routed out of Waiting for approval.
    // The row already holds the status it was routed to.
    const clock = status?.from === AWAITING_APPROVAL ? clockStartingIn(row.status, now) : null;
    if (clock) await write(tx, ticketId, policy, row, clock);
    return;
  }
  const clock: ClockFields = {
    startedAt: row.startedAt,
    resolutionStartedAt: row.resolutionStartedAt ?? row.startedAt,
    pausedSince: row.pausedSince,
    pausedMs: row.pausedMs,
    firstRespondedAt: row.firstRespondedAt,
    resolvedAt: row.resolvedAt,
  };
  if (change.handlerResponded && !clock.firstRespondedAt) clock.firstRespondedAt = now;
  if (status) {
    if (clock.pausedSince && !PAUSING_STATUSES.includes(status.to)) {
      clock.pausedMs += businessTimeBetween(policy.calendar, clock.pausedSince, now);
      clock.pausedSince = null;
    } else if (!clock.pausedSince && PAUSING_STATUSES.includes(status.to)) {
      clock.pausedSince = now;
    }
    const wasDone = DONE_STATUSES.includes(status.from);
    const isDone = DONE_STATUSES.includes(status.to);
    if (!wasDone && isDone) clock.resolvedAt = now;
    if (wasDone && !isDone) {
      clock.resolutionStartedAt = now;
      clock.resolvedAt = null;
      clock.pausedMs = 0;
    }
  }
  await write(tx, ticketId, policy, row, clock);
}
