/**
 * The service-level domain's reactions to other domains' events (wired in plugins/domains.ts):
 * each moves the ticket's clock (clock.ts) inside the announcing transaction. `now` is the clock
 * they read the time from (epoch ms; injected so tests need not wait).
 */
import type { SubmissionSettled } from '../submissions';
import type { CommentPosted, TicketChanged } from '../tickets';
import { advanceTicketClock, startNewTicketClock } from './clock';
import type { SlaPolicy } from './config';

/** `submissionSettled`: starts the new ticket's clock in the status routing or approvals set. */
export function startClockOnCreation(policy: SlaPolicy, now: () => number) {
  return async ({ tx, submission }: SubmissionSettled): Promise<void> => {
    const { id, area, status, priority } = submission;
    await startNewTicketClock(tx, policy, { id, area: area.key, status, priority }, new Date(now()));
  };
}

/**
 * `ticketChanged`: a status change moves the clock (and, made by a handler, is a first response);
 * a priority change recomputes the due times.
 */
export function advanceClockOnChange(policy: SlaPolicy, now: () => number) {
  return async ({ tx, before, diff, actorRoles }: TicketChanged): Promise<void> => {
    if (!diff.status && !diff.priority) return;
    const status = diff.status as { from: string; to: string } | undefined;
    await advanceTicketClock(
      tx,
      policy,
      before.id,
      { status, handlerResponded: Boolean(status) && actorRoles.includes('handler') },
      new Date(now()),
    );
  };
}

/** `commentPosted`: a handler's public comment is a first response; a requester's reply may resume the clock. */
export function advanceClockOnComment(policy: SlaPolicy, now: () => number) {
  return async ({ tx, ticket, comment, statusChange, actorRoles }: CommentPosted): Promise<void> => {
    const handlerResponded = !comment.isInternal && actorRoles.includes('handler');
    if (!handlerResponded && !statusChange) return;
    const status = (statusChange ?? undefined) as { from: string; to: string } | undefined;
    await advanceTicketClock(tx, policy, ticket.id, { status, handlerResponded }, new Date(now()));
  };
}
