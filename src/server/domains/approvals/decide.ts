/**
 * `POST /api/tickets/{id}/approval` (docs/behaviour.md "Approvals"): the caller decides the waiting
 * step of a ticket. Order of checks: 404 (no such ticket, or neither readable by the caller nor one
 * whose step they are named for) → 428 (no version given) → 412 (stale version) → 409 (the ticket
 * waits on no decision) → 403 (the caller may not decide this step: the requester, or not one of
 * its approvers) → 422 (a rejection without a reason). Then, in one transaction: the step's
 * decision, the ticket's version + 1, one history entry (`approved` or `rejected`), and
 *
 * - reject: status `Rejected` (closed), `ticketChanged` and `approvalDecided` (final);
 * - approve with a later step: that step waits, `approvalDecided` and `approvalRequested`;
 * - approve of the last step: status `New`, then routing as for a fresh submission
 *   (domains/assignments), `ticketChanged` (status and assignees) and `approvalDecided` (final).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { REJECTED, WAITING_FOR_APPROVAL, type ApprovalDecisionBody } from '../../../shared/approvals';
import type { JsonObject } from '../../../shared/json';
import type { Database } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { approvalSteps, changes, submissions } from '../../db/schema';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/errors';
import { routeStoredSubmission } from '../assignments';
import type { AuthUser } from '../role-groups';
import { ticketVisibility } from '../submissions';
import { readTicketRow, staleVersion, type TicketFieldChange, type TicketRow } from '../tickets';
import type { ApprovalEventBus, ApprovalTicketRef } from './events';
import { approverIds, mayDecide, stepsOf, type StoredStep } from './steps';

/** True when `user` may read ticket `id` by the visibility rule (domains/submissions). */
async function canRead(db: Database, user: AuthUser, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.id, id), ticketVisibility(user)))
    .limit(1);
  return row !== undefined;
}

function refusal(user: AuthUser, step: StoredStep, requesterId: string): HttpError {
  if (user.id === requesterId) return forbidden('You asked for this request: someone else decides it.');
  return forbidden(
    step.approverGroup !== null
      ? `Only members of ${step.approverGroup} decide "${step.name}".`
      : `Only the approver named on the request decides "${step.name}".`,
  );
}

type Ref = { id: string; name: string } | null;
const userRef = (row: TicketRow): Ref =>
  row.assigneeUserId ? { id: row.assigneeUserId, name: row.assigneeUserName ?? row.assigneeUserId } : null;
const groupRef = (row: TicketRow): Ref =>
  row.assigneeGroupId ? { id: row.assigneeGroupId, name: row.assigneeGroupName ?? row.assigneeGroupId } : null;

/** The `ticketChanged` diff between two reads of a ticket: status and assignees that differ. */
function diffOf(before: TicketRow, after: TicketRow): Record<string, TicketFieldChange> {
  const diff: Record<string, TicketFieldChange> = { status: { from: before.status, to: after.status } };
  if (before.assigneeUserId !== after.assigneeUserId) diff.assigneeUser = { from: userRef(before), to: userRef(after) };
  if (before.assigneeGroupId !== after.assigneeGroupId) {
    diff.assigneeGroup = { from: groupRef(before), to: groupRef(after) };
  }
  return diff;
}

/**
 * Decides the waiting step of ticket `id` for `user`, who read version `expectedVersion` (from
 * `If-Match`), announcing on `events` inside the writing transaction. `db` is also where routing
 * keeps its rules. Throws the errors listed in the module comment.
 */
export async function decideApproval(
  db: Database,
  events: ApprovalEventBus,
  user: AuthUser,
  id: string,
  body: ApprovalDecisionBody,
  expectedVersion: number | null,
): Promise<void> {
  const row = await readTicketRow(db, id);
  const steps = row ? await stepsOf(db, row.id) : [];
  if (!row || !(steps.some((step) => mayDecide(user, step, row.requesterId)) || (await canRead(db, user, row.id)))) {
    throw notFound(`There is no ticket ${id} that you can see.`);
  }
  if (expectedVersion === null) {
    throw new HttpError(
      428,
      'precondition_required',
      'Send the version you read: If-Match with the ETag, or "version".',
    );
  }
  if (expectedVersion !== row.version) throw staleVersion(row.version);
  const waiting = steps.find((step) => step.status === 'waiting');
  if (!waiting || row.status !== WAITING_FOR_APPROVAL) {
    throw new HttpError(409, 'not_waiting', `${row.number} waits on no approval decision: it is ${row.status}.`);
  }
  if (!mayDecide(user, waiting, row.requesterId)) throw refusal(user, waiting, row.requesterId);
  const comment = body.comment?.trim() || null;
  if (body.decision === 'reject' && comment === null) {
    throw validationFailed(
      [{ path: '/comment', message: 'must give the reason for the rejection (the requester reads it)' }],
      'A rejection needs a reason.',
    );
  }
  const ticket: ApprovalTicketRef = { id: row.id, number: row.number, area: row.area, requesterId: row.requesterId };
  const stepRef = { id: waiting.stepKey, name: waiting.name };
  await writeTransaction(db, async (tx) => {
    const bumped = await tx
      .update(submissions)
      .set({ version: sql`${submissions.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(submissions.id, row.id), eq(submissions.version, expectedVersion)))
      .returning({ id: submissions.id });
    // Another writer won between our read and this update: roll back, write nothing.
    if (!bumped.length) throw staleVersion(expectedVersion + 1);
    await tx
      .update(approvalSteps)
      .set({
        status: body.decision === 'approve' ? 'approved' : 'rejected',
        decidedBy: user.id,
        decidedAt: sql`now()`,
        comment,
      })
      .where(eq(approvalSteps.id, waiting.id));
    const history = (action: string, diff: Record<string, { from: unknown; to: unknown }>) =>
      tx
        .insert(changes)
        .values({ entity: 'submission', entityId: row.id, actorId: user.id, action, diff: diff as JsonObject });

    if (body.decision === 'reject') {
      await tx.update(submissions).set({ status: REJECTED }).where(eq(submissions.id, row.id));
      const status = { from: WAITING_FOR_APPROVAL, to: REJECTED };
      await history('rejected', {
        status,
        step: { from: null, to: waiting.name },
        reason: { from: null, to: comment },
      });
      await events.emit('ticketChanged', { tx, before: row, diff: { status }, actor: user, actorRoles: [] });
      await events.emit('approvalDecided', {
        tx,
        ticket,
        step: stepRef,
        decision: 'reject',
        comment,
        actor: user,
        final: true,
      });
      return;
    }

    const [next] = await tx
      .select()
      .from(approvalSteps)
      .where(and(eq(approvalSteps.ticketId, row.id), eq(approvalSteps.status, 'pending')))
      .orderBy(asc(approvalSteps.position))
      .limit(1);
    const approval = {
      step: { from: null, to: waiting.name },
      ...(comment ? { comment: { from: null, to: comment } } : {}),
    };
    if (next) {
      await tx
        .update(approvalSteps)
        .set({ status: 'waiting', waitingSince: sql`now()` })
        .where(eq(approvalSteps.id, next.id));
      await history('approved', { ...approval, nextStep: { from: null, to: next.name } });
      await events.emit('approvalDecided', {
        tx,
        ticket,
        step: stepRef,
        decision: 'approve',
        comment,
        actor: user,
        final: false,
      });
      await events.emit('approvalRequested', {
        tx,
        ticket,
        step: { id: next.stepKey, name: next.name },
        approvers: await approverIds(tx, next),
      });
      return;
    }
    await tx.update(submissions).set({ status: 'New' }).where(eq(submissions.id, row.id));
    await history('approved', { status: { from: WAITING_FOR_APPROVAL, to: 'New' }, ...approval });
    const target = { id: row.id, area: row.area, propertyCode: row.propertyCode, data: row.data };
    await routeStoredSubmission(db, tx, target, user.id);
    const after = await readTicketRow(tx, row.id);
    if (!after) throw new Error(`ticket ${row.id} vanished inside its own transaction`);
    await events.emit('ticketChanged', { tx, before: row, diff: diffOf(row, after), actor: user, actorRoles: [] });
    await events.emit('approvalDecided', {
      tx,
      ticket,
      step: stepRef,
      decision: 'approve',
      comment,
      actor: user,
      final: true,
    });
  });
}
