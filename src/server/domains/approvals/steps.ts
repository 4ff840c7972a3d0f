/**
 * The stored approval steps of tickets (db/tables/approval-steps.ts): writing them when a
 * submission needs approval (the `submissionPlanning` listener {@link planApproval}), reading a
 * ticket's approval, and who may decide a step (docs/behaviour.md "Approvals").
 */
import { asc, eq, sql } from 'drizzle-orm';
import {
  approvalConditionHolds,
  WAITING_FOR_APPROVAL,
  type ApprovalStepStatus,
  type ApprovalStatus,
  type TicketApproval,
} from '../../../shared/approvals';
import { valueAt } from '../../../shared/area-rules';
import { parsePointer } from '../../../shared/form-validation';
import type { Database } from '../../db/client';
import { approvalSteps, changes, roleGroups, users } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { groupMembersQuery, type AuthUser } from '../role-groups';
import type { SubmissionPlan, SubmissionPlanning } from '../submissions';
import type { ApprovalEventBus, ApprovalTicketRef, Approvers } from './events';

/** One stored step, as the domain reads it. */
export type StoredStep = typeof approvalSteps.$inferSelect;

/**
 * True when `user` may decide `step` of a ticket requested by `requesterId`: a member of its role
 * group, or the user whose e-mail address it names — never the requester. An administrator decides
 * only as a member like anyone else.
 */
export function mayDecide(user: AuthUser, step: StoredStep, requesterId: string): boolean {
  if (user.id === requesterId) return false;
  if (step.approverGroup !== null) return user.roleGroups.includes(step.approverGroup);
  return step.approverEmail !== null && user.email !== null && user.email.toLowerCase() === step.approverEmail;
}

/** The steps of ticket `ticketId`, in order. */
export async function stepsOf(db: Database, ticketId: string): Promise<StoredStep[]> {
  return db
    .select()
    .from(approvalSteps)
    .where(eq(approvalSteps.ticketId, ticketId))
    .orderBy(asc(approvalSteps.position));
}

/** The status of an approval as a whole, from its steps. */
function overallStatus(steps: readonly { status: string }[]): ApprovalStatus {
  if (steps.some((step) => step.status === 'rejected')) return 'rejected';
  if (steps.some((step) => step.status === 'waiting')) return 'waiting';
  return 'approved';
}

/**
 * The approval of ticket `ticketId` as the API shows it, null when none of its area's steps
 * applied; `canDecide` for `user` (requester `requesterId`).
 */
export async function readApproval(
  db: Database,
  user: AuthUser,
  ticketId: string,
  requesterId: string,
): Promise<TicketApproval | null> {
  const rows = await db
    .select({ step: approvalSteps, deciderName: users.name })
    .from(approvalSteps)
    .leftJoin(users, eq(users.id, approvalSteps.decidedBy))
    .where(eq(approvalSteps.ticketId, ticketId))
    .orderBy(asc(approvalSteps.position));
  if (!rows.length) return null;
  const waiting = rows.find((row) => row.step.status === 'waiting')?.step;
  return {
    status: overallStatus(rows.map((row) => row.step)),
    canDecide: waiting !== undefined && mayDecide(user, waiting, requesterId),
    steps: rows.map(({ step, deciderName }) => ({
      id: step.stepKey,
      name: step.name,
      approvers: { group: step.approverGroup, email: step.approverEmail },
      status: step.status as ApprovalStepStatus,
      decidedBy: step.decidedBy !== null ? { id: step.decidedBy, name: deciderName ?? step.decidedBy } : null,
      decidedAt: step.decidedAt?.toISOString() ?? null,
      comment: step.comment,
    })),
  };
}

/** Who decides `step`, as `approvalRequested` names them: the group's id and members, or the named user's id. */
export async function approverIds(
  db: Database,
  step: Pick<StoredStep, 'approverGroup' | 'approverEmail'>,
): Promise<Approvers> {
  if (step.approverGroup !== null) {
    // the group and its members in one round trip (`r`, not `g`: the members query names its own group `g`)
    const result = await db.execute(sql`
      select r."id", array(${groupMembersQuery(sql`r."id"`)})::text[] as "member_ids"
      from ${roleGroups} r where r."name" = ${step.approverGroup} limit 1`);
    const [group] = (result as { rows: { id: string; member_ids: string[] }[] }).rows;
    return { groupId: group?.id ?? null, memberIds: group?.member_ids ?? [], userId: null };
  }
  if (step.approverEmail === null) return { groupId: null, memberIds: [], userId: null };
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${step.approverEmail}`)
    .limit(1);
  return { groupId: null, memberIds: [], userId: user?.id ?? null };
}

/** A step as planned for a new submission: its row but for the ticket and the waiting time. */
type PlannedStep = Pick<StoredStep, 'position' | 'stepKey' | 'name' | 'approverGroup' | 'approverEmail'> & {
  status: ApprovalStepStatus;
};

/**
 * The rows of the steps of `submission`'s area, or null when none applies. A step naming its
 * approver by a field needs an e-mail address there other than the requester's (422 otherwise).
 */
function plannedSteps(event: SubmissionPlanning): PlannedStep[] | null {
  const { submission, requester } = event;
  const declared = submission.area.approvals ?? [];
  const applies = declared.map((step) => approvalConditionHolds(step.when, submission.data));
  if (!applies.includes(true)) return null;
  const firstWaiting = applies.indexOf(true);
  return declared.map((step, position) => {
    let approverEmail: string | null = null;
    const { approvers } = step;
    if ('field' in approvers && applies[position]) {
      const value = valueAt(submission.data, parsePointer(approvers.field));
      const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (!email) {
        throw validationFailed([{ path: approvers.field, message: `must name who approves (${step.name})` }]);
      }
      if (email === requester.email?.toLowerCase()) {
        throw validationFailed([
          { path: approvers.field, message: 'must name someone else: nobody approves their own request' },
        ]);
      }
      approverEmail = email;
    }
    const status: ApprovalStepStatus = !applies[position]
      ? 'skipped'
      : position === firstWaiting
        ? 'waiting'
        : 'pending';
    return {
      position,
      stepKey: step.id,
      name: step.name,
      approverGroup: 'group' in approvers ? approvers.group : null,
      approverEmail,
      status,
    };
  });
}

/**
 * Stores `steps` of the new submission `ticketId` (written with status `Waiting for approval`) and
 * its `approval requested` history entry (actor `actorId`, step `waitingName`), in one statement,
 * and answers who decides the waiting step as {@link approverIds} does, the group's members
 * included: one round trip instead of five on the path of every submission that needs approval
 * (docs/performance.md "Submission throughput"). `waiting_since` is the transaction's `now()`, as
 * the history entry's time.
 */
async function holdSubmission(
  tx: Database,
  ticketId: string,
  actorId: string,
  steps: readonly PlannedStep[],
  waitingName: string,
): Promise<Approvers> {
  const rows = steps.map((step) => ({
    position: step.position,
    step_key: step.stepKey,
    name: step.name,
    approver_group: step.approverGroup,
    approver_email: step.approverEmail,
    status: step.status,
  }));
  const diff = { status: { from: 'New', to: WAITING_FOR_APPROVAL }, step: { from: null, to: waitingName } };
  const result = await tx.execute(sql`
    with "steps" as (
      insert into ${approvalSteps} ("ticket_id", "position", "step_key", "name", "approver_group",
        "approver_email", "status", "waiting_since")
      select ${ticketId}::uuid, s."position", s."step_key", s."name", s."approver_group", s."approver_email",
        s."status", case when s."status" = 'waiting' then now() end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s("position" integer, "step_key" text,
        "name" text, "approver_group" text, "approver_email" text, "status" text)
      returning "status", "approver_group", "approver_email"
    ), "history" as (
      insert into ${changes} ("entity", "entity_id", "actor_id", "action", "diff")
      values ('submission', ${ticketId}, ${actorId}::uuid, 'approval requested', ${JSON.stringify(diff)}::jsonb)
    ), "approver" as (
      select
        (select g."id" from ${roleGroups} g where g."name" = w."approver_group" limit 1) as "group_id",
        (select u."id" from ${users} u where lower(u."email") = w."approver_email" limit 1) as "user_id"
      from "steps" w where w."status" = 'waiting'
    )
    select "group_id", "user_id",
      array(${groupMembersQuery(sql`a."group_id"`)})::text[] as "member_ids"
    from "approver" a`);
  const [approver] = (result as { rows: { group_id: string | null; user_id: string | null; member_ids: string[] }[] })
    .rows;
  if (!approver) throw new Error('the waiting approval step was not stored');
  return { groupId: approver.group_id, memberIds: approver.member_ids, userId: approver.user_id };
}

/** A `submissionPlanning` listener (domains/assignments `planRouting`). */
type Plan = (event: SubmissionPlanning) => Promise<SubmissionPlan | undefined>;

/**
 * The `submissionPlanning` listener that holds a submission for approval, in place of `route`
 * (docs/behaviour.md "Approvals"): when a step of its area applies, the submission starts
 * `Waiting for approval` (not routed; a step's approver field naming nobody, or the requester, is
 * a 422 before anything is written), and once its row exists the plan stores the steps (the first
 * applying one waiting), writes an `approval requested` history entry and announces
 * `approvalRequested`; otherwise `route` plans it.
 */
export function planApproval(events: ApprovalEventBus, route: Plan): Plan {
  return async (event) => {
    const steps = plannedSteps(event);
    if (!steps) return route(event);
    const waiting = steps.find((step) => step.status === 'waiting');
    if (!waiting) throw new Error('an applying approval step must wait');
    const { requester } = event;
    return {
      status: WAITING_FOR_APPROVAL,
      async written({ tx, submission }) {
        const approvers = await holdSubmission(tx, submission.id, requester.id, steps, waiting.name);
        const ticket: ApprovalTicketRef = {
          id: submission.id,
          number: submission.number,
          area: submission.area.key,
          requesterId: requester.id,
        };
        await events.emit('approvalRequested', {
          tx,
          ticket,
          step: { id: waiting.stepKey, name: waiting.name },
          approvers,
        });
        return null;
      },
    };
  };
}
