/**
 * The service-level domain's reactions to other domains' events (wired in plugins/domains.ts):
 * each moves the ticket's clock (clock.ts) inside the announcing transaction. `now` is the clock
 * they read the time from (epoch ms; injected so tests need not wait).
 */
import type { SubmissionClockColumns, SubmissionStarting } from '../submissions';
import type { CommentPosted, TicketChanged } from '../tickets';
import { advanceTicketClock, newTicketClock } from './clock';
import type { SlaPolicy } from './config';

/**
 * `submissionStarting`: the new ticket's clock, started now in the status routing or approvals
 * planned, for its creating insert to write (none while it waits for approval).
 */
export function startClockOnCreation(policy: SlaPolicy, now: () => number) {
  return ({ submission }: SubmissionStarting): SubmissionClockColumns | undefined => {
    const { area, status, priority } = submission;
    return newTicketClock(policy, { area: area.key, status, priority }, new Date(now()));
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
