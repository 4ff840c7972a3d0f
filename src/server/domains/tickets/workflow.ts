/**
 * `PATCH /api/tickets/:id` (docs/behaviour.md "Ticket changes" and "Ticket transitions"): status,
 * priority, assignee user/group and due date, with optimistic concurrency and exactly one history
 * row in the same transaction.
 *
 * Order of checks: 404 (not visible) → 428 (no version given) → 412 (stale version) → 403 (a
 * field this user's roles may not set, named in the message) → 422 (unknown assignee, bad date)
 * → 409 (illegal transition, with the allowed next statuses; any change of a ticket waiting for
 * approval or rejected). A request that changes nothing
 * answers 200 with the ticket and writes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api-error';
import type { JsonObject } from '../../../shared/json';
import {
  allowedNextStatuses,
  APPROVAL_HELD_STATUSES,
  canTransition,
  TICKET_FIELD_ROLES,
  type TicketField,
  type TicketPatch,
  type TicketRole,
  type TicketStatus,
} from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { changes, roleGroups, submissions, users } from '../../db/schema';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/errors';
import { myGroupIdList, ticketRoles } from '../submissions';
import type { AuthUser } from '../role-groups';
import { storableDate } from '../../lib/storable-input';
import { UUID_PATTERN } from '../../lib/uuid';
import type { TicketEventBus } from './events';
import { findVisibleTicket, type TicketRow } from './repository';

/** Thrown for a status change the table does not allow; the route answers 409 with `allowed`. */
export class IllegalTransition extends Error {
  constructor(
    readonly from: TicketStatus,
    readonly to: TicketStatus,
    readonly allowed: TicketStatus[],
  ) {
    super(`A ticket cannot move from ${from} to ${to} by you. Allowed: ${allowed.join(', ') || 'none'}.`);
  }
}

/** 412: the client's version is not the stored one; nothing was written. */
export function staleVersion(current: number): HttpError {
  return new HttpError(
    412,
    'precondition_failed',
    `The ticket was changed by someone else (now version ${current}). Reload it and try again.`,
  );
}

type Ref = { id: string; name: string } | null;
type Diff = Record<string, { from: unknown; to: unknown }>;

const FIELD_LABELS: Record<TicketField, string> = {
  status: 'status',
  priority: 'priority',
  assigneeUserId: 'assignee (user)',
  assigneeGroupId: 'assignee (role group)',
  dueAt: 'due date',
};

function checkFieldRoles(patch: TicketPatch, roles: TicketRole[]): void {
  for (const field of Object.keys(TICKET_FIELD_ROLES) as TicketField[]) {
    if (patch[field] === undefined) continue;
    const allowed: readonly TicketRole[] = TICKET_FIELD_ROLES[field];
    if (!allowed.some((role) => roles.includes(role))) {
      throw forbidden(`You may not set the ${FIELD_LABELS[field]} of this ticket (field "${field}").`);
    }
  }
}

async function userRef(db: Database, id: string | null): Promise<Ref> {
  if (id === null) return null;
  if (!UUID_PATTERN.test(id)) return undefinedRef;
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return row ?? undefinedRef;
}

async function groupRef(db: Database, id: string | null): Promise<Ref> {
  if (id === null) return null;
  if (!UUID_PATTERN.test(id)) return undefinedRef;
  const [row] = await db
    .select({ id: roleGroups.id, name: roleGroups.name })
    .from(roleGroups)
    .where(eq(roleGroups.id, id));
  return row ?? undefinedRef;
}

/** Marker for "id given but nothing found" (null means "cleared"). */
const undefinedRef = { id: '', name: '' } as const;

/** The field-level diff and the column values of a patch (only fields that really change). */
async function buildChange(
  db: Database,
  row: TicketRow,
  patch: TicketPatch,
): Promise<{ diff: Diff; set: Partial<typeof submissions.$inferInsert> }> {
  const diff: Diff = {};
  const set: Partial<typeof submissions.$inferInsert> = {};
  const errors: FieldError[] = [];
  if (patch.priority !== undefined && patch.priority !== row.priority) {
    diff.priority = { from: row.priority, to: patch.priority };
    set.priority = patch.priority;
  }
  if (patch.assigneeUserId !== undefined && patch.assigneeUserId !== row.assigneeUserId) {
    const ref = await userRef(db, patch.assigneeUserId);
    if (ref === undefinedRef) errors.push({ path: '/assigneeUserId', message: 'must be an existing user' });
    const from = row.assigneeUserId ? { id: row.assigneeUserId, name: row.assigneeUserName } : null;
    diff.assigneeUser = { from, to: ref };
    set.assigneeUserId = patch.assigneeUserId;
  }
  if (patch.assigneeGroupId !== undefined && patch.assigneeGroupId !== row.assigneeGroupId) {
    const ref = await groupRef(db, patch.assigneeGroupId);
    if (ref === undefinedRef) errors.push({ path: '/assigneeGroupId', message: 'must be an existing role group' });
    const from = row.assigneeGroupId ? { id: row.assigneeGroupId, name: row.assigneeGroupName } : null;
    diff.assigneeGroup = { from, to: ref };
    set.assigneeGroupId = patch.assigneeGroupId;
  }
  if (patch.dueAt !== undefined) {
    const due = patch.dueAt === null ? null : storableDate(patch.dueAt);
    if (due === null && patch.dueAt !== null) {
      errors.push({ path: '/dueAt', message: 'must be an ISO 8601 date-time in the years 1 to 9999' });
    } else if ((due?.getTime() ?? null) !== (row.dueAt?.getTime() ?? null)) {
      diff.dueAt = { from: row.dueAt?.toISOString() ?? null, to: due?.toISOString() ?? null };
      set.dueAt = due;
    }
  }
  if (errors.length) throw validationFailed(errors, 'The ticket change has errors.');
  return { diff, set };
}

/** The status the patch asks for; assigning a New ticket makes it Assigned unless a status is given. */
function targetStatus(row: TicketRow, patch: TicketPatch, diff: Diff): TicketStatus | undefined {
  if (patch.status !== undefined) return patch.status === row.status ? undefined : patch.status;
  const assigned = (diff.assigneeUser?.to ?? null) !== null || (diff.assigneeGroup?.to ?? null) !== null;
  return assigned && row.status === 'New' ? 'Assigned' : undefined;
}

function actionOf(diff: Diff): string {
  if (diff.status) return 'status';
  if (diff.assigneeUser || diff.assigneeGroup) return 'assigned';
  return 'updated';
}

/**
 * Applies `patch` to ticket `id` for `user`, who read version `expectedVersion` (from the body or
 * `If-Match`), and announces `ticketChanged` on `events` inside the writing transaction. Returns the
 * ticket's version afterwards (unchanged when the patch changes nothing). Throws the errors listed
 * in the module comment.
 */
export async function updateTicket(
  db: Database,
  events: TicketEventBus,
  user: AuthUser,
  id: string,
  patch: TicketPatch,
  expectedVersion: number | null,
): Promise<number> {
  const row = await findVisibleTicket(db, user, id);
  if (!row) throw notFound(`There is no ticket ${id} that you can see.`);
  if (expectedVersion === null) {
    throw new HttpError(
      428,
      'precondition_required',
      'Send the version you read: If-Match with the ETag, or "version".',
    );
  }
  if (expectedVersion !== row.version) throw staleVersion(row.version);
  const roles = ticketRoles(user, row, await myGroupIdList(db, user));
  checkFieldRoles(patch, roles);
  const { diff, set } = await buildChange(db, row, patch);
  const from = row.status as TicketStatus;
  const to = targetStatus(row, patch, diff);
  if (to !== undefined) {
    if (!canTransition(from, to, roles)) throw new IllegalTransition(from, to, allowedNextStatuses(from, roles));
    diff.status = { from, to };
    set.status = to;
  }
  if (!Object.keys(diff).length) return row.version;
  if (APPROVAL_HELD_STATUSES.includes(from)) {
    // docs/behaviour.md "Approvals": only an approval decision changes these tickets (a status
    // change was refused above: no transition leaves them).
    throw new HttpError(409, 'approval_held', `The ticket is ${from}: only an approval decision changes it.`);
  }
  await writeTransaction(db, async (tx) => {
    const updated = await tx
      .update(submissions)
      .set({ ...set, version: sql`${submissions.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(submissions.id, row.id), eq(submissions.version, expectedVersion)))
      .returning({ id: submissions.id });
    // Another writer won between our read and this update: roll back, write nothing.
    if (!updated.length) throw staleVersion(expectedVersion + 1);
    await tx.insert(changes).values({
      entity: 'submission',
      entityId: row.id,
      actorId: user.id,
      action: actionOf(diff),
      diff: diff as JsonObject,
    });
    await events.emit('ticketChanged', { tx, before: row, diff, actor: user, actorRoles: roles });
  });
  return expectedVersion + 1;
}

/**
 * 422 `validation_failed` when the patch names an assignee user or role group that does not exist
 * (the check {@link updateTicket} makes per ticket, made once before a bulk change writes anything).
 */
export async function checkAssignees(db: Database, patch: TicketPatch): Promise<void> {
  const errors: FieldError[] = [];
  if (patch.assigneeUserId && (await userRef(db, patch.assigneeUserId)) === undefinedRef) {
    errors.push({ path: '/patch/assignee/userId', message: 'must be an existing user' });
  }
  if (patch.assigneeGroupId && (await groupRef(db, patch.assigneeGroupId)) === undefinedRef) {
    errors.push({ path: '/patch/assignee/groupId', message: 'must be an existing role group' });
  }
  if (errors.length) throw validationFailed(errors, 'The bulk change has errors.');
}
