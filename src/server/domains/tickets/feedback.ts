/**
 * Ticket feedback rules (docs/behaviour.md "Ticket feedback"): once a ticket is resolved its
 * requester is offered the ticket-feedback form, pre-linked to that ticket (one feedback per
 * ticket), and the rating shows on the ticket. Generic over any area whose area.json declares `ratesTicket`
 * (src/shared/area.ts {@link TicketRatingLink}); TicketFeedback is the one that does.
 *
 * A feedback is refused with 422 `validation_failed` naming the ticket field when the ticket
 * does not exist or is not visible to the submitter, the submitter is not its requester, it is
 * not Resolved or Closed, or it already has a feedback. The last rule is checked by the primary
 * key of `ticket_feedback` alone, inside the feedback's transaction: a second feedback — also one
 * of two concurrent submits — rolls back whole and is answered by {@link alreadyRated}.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import type { TicketRatingLink } from '../../../shared/area';
import { escapePointerToken } from '../../../shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { plainTextDocument } from '../../../shared/rich-text';
import { canTransition, DONE_STATUSES, type TicketFeedbackRef, type TicketStatus } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { changes, submissions, ticketComments, ticketFeedback } from '../../db/schema';
import type { AuthUser } from '../role-groups';
import type { SubmissionCreated, SubmissionDraft } from '../submissions';
import { isUniqueViolation, validationFailed } from '../../lib/errors';
import { INT4_MAX } from '../../lib/storable-input';
import { ticketVisibility } from '../submissions';

/**
 * The ticket a feedback rates, once every rule passed. `reopen` is set when the feedback asks to
 * reopen the ticket (area.json `ratesTicket.reopenField` true), with the reason text if any.
 */
export type FeedbackTarget = {
  ticketId: string;
  ticketNumber: string;
  rating: number | null;
  path: string;
  reopen: { reason: string | null } | null;
};

/** Name of the primary key that keeps one feedback per ticket. */
export const ONE_FEEDBACK_PER_TICKET = 'ticket_feedback_pkey';

function fieldPath(link: TicketRatingLink): string {
  return `/${escapePointerToken(link.ticketField)}`;
}

function notDoneMessage(number: string, status: string): string {
  return `${number} is ${status}: a ticket can be rated once it is Resolved or Closed`;
}

function reopenOf(link: TicketRatingLink, data: JsonObject): FeedbackTarget['reopen'] {
  if (link.reopenField === undefined || data[link.reopenField] !== true) return null;
  const reason = link.reopenReasonField === undefined ? undefined : data[link.reopenReasonField];
  return { reason: typeof reason === 'string' && reason.trim() ? reason.trim() : null };
}

/** The public comment a reopen request posts on the rated ticket (plain text, rich-text document format). */
export function reopenRequestText(feedbackNumber: string, reason: string | null): string {
  return `Reopen requested in feedback ${feedbackNumber}${reason ? `: ${reason}` : '.'}`;
}

/** The rating the feedback gives: an integer its `integer` column holds (an area's schema may not bound it), else null. */
function ratingOf(link: TicketRatingLink, data: JsonObject): number | null {
  const value = link.ratingField === undefined ? undefined : data[link.ratingField];
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT4_MAX ? value : null;
}

/** The 422 for a ticket that already has a feedback (from the pre-check or the primary key). */
export function alreadyRated(link: TicketRatingLink, number: string) {
  return validationFailed(
    [{ path: fieldPath(link), message: `${number} has already been rated: one feedback per ticket` }],
    'This ticket already has a feedback.',
  );
}

/**
 * Checks the link of a feedback `data` from `user` (see the module comment; "already rated" is
 * left to {@link recordFeedback}). Returns the target,
 * or field errors for the ticket field (never both). `schemaFaulted` skips the check when the
 * schema already refused that field.
 */
export async function checkFeedbackTarget(
  db: Database,
  link: TicketRatingLink,
  user: AuthUser,
  data: JsonObject,
  schemaFaulted: boolean,
): Promise<{ target: FeedbackTarget | null; errors: FieldError[] }> {
  const number = data[link.ticketField];
  if (schemaFaulted || typeof number !== 'string') return { target: null, errors: [] };
  const path = fieldPath(link);
  const refuse = (message: string) => ({ target: null, errors: [{ path, message }] });
  const [ticket] = await db
    .select({ id: submissions.id, status: submissions.status, requesterId: submissions.requesterId })
    .from(submissions)
    .where(and(eq(submissions.number, number), ticketVisibility(user)))
    .limit(1);
  // Unknown and not-visible read the same, so a number does not reveal that someone else's ticket exists.
  if (!ticket) return refuse(`There is no ticket ${number} that you can see`);
  if (ticket.requesterId !== user.id) return refuse(`Only the requester of ${number} can rate it`);
  if (!DONE_STATUSES.includes(ticket.status as TicketStatus)) {
    return refuse(notDoneMessage(number, ticket.status));
  }
  const target = {
    ticketId: ticket.id,
    ticketNumber: number,
    rating: ratingOf(link, data),
    path,
    reopen: reopenOf(link, data),
  };
  return { target, errors: [] };
}

/**
 * In the feedback's own transaction: the ticket's status again, under a row lock (a handler
 * reopening it meanwhile → 422, all rolled back), the link row (its primary key refuses a second
 * feedback with a unique violation, rolling everything back) and one `feedback` history entry on
 * the rated ticket. The ticket's version is not bumped unless the feedback reopens it. The
 * feedback itself is then filed Closed ({@link fileFeedback}).
 *
 * A reopen request (`target.reopen`) posts {@link reopenRequestText} as a public comment from the
 * requester and, on a Resolved ticket, takes the requester's workflow step Resolved → In progress
 * (src/shared/tickets.ts TICKET_TRANSITIONS; version + 1, recorded in the same history entry). A
 * Closed ticket keeps its status: only handlers reopen it, and the comment tells them.
 */
export async function recordFeedback(
  tx: Database,
  target: FeedbackTarget,
  feedback: { id: string; number: string },
  actorId: string,
): Promise<void> {
  const [ticket] = await tx
    .select({ status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, target.ticketId))
    .for('update');
  if (!ticket || !DONE_STATUSES.includes(ticket.status as TicketStatus)) {
    const message = notDoneMessage(target.ticketNumber, ticket?.status ?? 'gone');
    throw validationFailed([{ path: target.path, message }], 'This ticket cannot be rated now.');
  }
  await tx
    .insert(ticketFeedback)
    .values({ ticketId: target.ticketId, feedbackSubmissionId: feedback.id, rating: target.rating });
  const diff: Record<string, { from: JsonValue; to: JsonValue }> = {
    feedback: { from: null, to: { number: feedback.number, rating: target.rating } },
  };
  if (target.reopen) {
    const [comment] = await tx
      .insert(ticketComments)
      .values({
        submissionId: target.ticketId,
        authorId: actorId,
        body: plainTextDocument(reopenRequestText(feedback.number, target.reopen.reason)),
        isInternal: false,
      })
      .returning({ id: ticketComments.id });
    diff.comment = { from: null, to: { id: comment?.id ?? null, isInternal: false } };
    const status = ticket.status as TicketStatus;
    if (canTransition(status, 'In progress', ['requester'])) {
      await tx
        .update(submissions)
        .set({ status: 'In progress', version: sql`${submissions.version} + 1`, updatedAt: sql`now()` })
        .where(eq(submissions.id, target.ticketId));
      diff.status = { from: status, to: 'In progress' };
    } else {
      await tx
        .update(submissions)
        .set({ updatedAt: sql`now()` })
        .where(eq(submissions.id, target.ticketId));
    }
  }
  await tx
    .insert(changes)
    .values({ entity: 'submission', entityId: target.ticketId, actorId, action: 'feedback', diff });
  await fileFeedback(tx, feedback.id, actorId);
}

/**
 * A feedback is a record, not a request: filed Closed in its own creating transaction (from New,
 * or Assigned when a routing rule matched it), with one `status` history entry, so it is never
 * one of its requester's open requests nor New work for its handlers. It stays listed under its
 * area and in /Tickets (status Closed). The version stays 1: nobody saw the row before.
 */
async function fileFeedback(tx: Database, feedbackId: string, actorId: string): Promise<void> {
  const [filed] = await tx
    .select({ status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, feedbackId));
  if (!filed || filed.status === 'Closed') return;
  await tx.update(submissions).set({ status: 'Closed' }).where(eq(submissions.id, feedbackId));
  await tx.insert(changes).values({
    entity: 'submission',
    entityId: feedbackId,
    actorId,
    action: 'status',
    diff: { status: { from: filed.status, to: 'Closed' } },
  });
}

/** The feedback of a ticket as shown on it, or null. */
export async function findTicketFeedback(db: Database, ticketId: string): Promise<TicketFeedbackRef | null> {
  const [row] = await db
    .select({ id: submissions.id, area: submissions.area, number: submissions.number, rating: ticketFeedback.rating })
    .from(ticketFeedback)
    .innerJoin(submissions, eq(submissions.id, ticketFeedback.feedbackSubmissionId))
    .where(eq(ticketFeedback.ticketId, ticketId));
  return row ?? null;
}

/**
 * `submissionChecking` listener: for an area that rates tickets (area.json `ratesTicket`), the
 * ticket field's errors of {@link checkFeedbackTarget}; nothing for any other area.
 */
export async function objectToFeedback(draft: SubmissionDraft): Promise<FieldError[]> {
  const link = draft.area.ratesTicket;
  // area.json refuses ratesTicket for a form whose root is not an object (docs/behaviour.md "Form areas")
  if (!link || !isJsonObject(draft.data)) return [];
  const faulted = draft.faultedPaths.has(fieldPath(link));
  return (await checkFeedbackTarget(draft.db, link, draft.requester, draft.data, faulted)).errors;
}

/**
 * `submissionCreated` listener: links a feedback submission to the ticket it rates, in the
 * creating transaction ({@link recordFeedback}). The target is looked up again there, so a change
 * since the check (the ticket reopened, another feedback stored first) refuses the whole
 * submission with 422 instead of storing half of it.
 */
export async function recordFeedbackOfSubmission({ tx, submission, requester }: SubmissionCreated): Promise<void> {
  const link = submission.area.ratesTicket;
  if (!link || !isJsonObject(submission.data)) return;
  const { target, errors } = await checkFeedbackTarget(tx, link, requester, submission.data, false);
  if (errors.length) throw validationFailed(errors);
  if (!target) return;
  try {
    await recordFeedback(tx, target, { id: submission.id, number: submission.number }, requester.id);
  } catch (error) {
    // A concurrent feedback for the same ticket won: this whole transaction rolls back.
    if (isUniqueViolation(error, ONE_FEEDBACK_PER_TICKET)) throw alreadyRated(link, target.ticketNumber);
    throw error;
  }
}

/** The ticket a feedback submission rates and its rating, or null when `feedbackSubmissionId` rates none. */
export async function ratedTicketOf(
  db: Database,
  feedbackSubmissionId: string,
): Promise<{ ticketId: string; number: string; area: string; rating: number | null } | null> {
  const [row] = await db
    .select({
      ticketId: ticketFeedback.ticketId,
      number: submissions.number,
      area: submissions.area,
      rating: ticketFeedback.rating,
    })
    .from(ticketFeedback)
    .innerJoin(submissions, eq(submissions.id, ticketFeedback.ticketId))
    .where(eq(ticketFeedback.feedbackSubmissionId, feedbackSubmissionId));
  return row ?? null;
}
