/**
 * `GET /api/approvals`: the requests whose waiting step the caller may decide (docs/behaviour.md
 * "Approvals"): steps of a role group they belong to or naming their e-mail address, never their
 * own requests; oldest waiting first, keyset pages on `(waiting_since, id)` answered by the partial
 * indexes of db/tables/approval-steps.ts.
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalQueuePage } from '../../../shared/approvals';
import { DEFAULT_PAGE_SIZE } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { approvalSteps, submissions, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/uuid';
import type { AuthUser } from '../role-groups';

const SORT = 'waitingSince';

/** One page of what waits on `user` after `cursor` (from a previous page), `limit` items at most. */
export async function listWaitingApprovals(
  db: Database,
  user: AuthUser,
  cursor: string | undefined,
  limit = DEFAULT_PAGE_SIZE,
): Promise<ApprovalQueuePage> {
  const mine: SQL[] = [];
  if (user.roleGroups.length) mine.push(inArray(approvalSteps.approverGroup, user.roleGroups));
  if (user.email) mine.push(eq(approvalSteps.approverEmail, user.email.toLowerCase()));
  if (!mine.length) return { items: [], nextCursor: null };
  let after: SQL | undefined;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor);
    // Only a time this list wrote (an ISO 8601 UTC string that reads back the same) reaches the query.
    const key = decoded?.key;
    const isTime = typeof key === 'string' && !Number.isNaN(Date.parse(key)) && new Date(key).toISOString() === key;
    if (!decoded || decoded.sort !== SORT || !isTime || !UUID_PATTERN.test(decoded.id)) {
      throw badRequest('The cursor is not one this list gave out.');
    }
    after = sql`(${approvalSteps.waitingSince}, ${approvalSteps.id}) > (${decoded.key}::timestamptz, ${decoded.id}::uuid)`;
  }
  const rows = await db
    .select({
      stepId: approvalSteps.id,
      stepKey: approvalSteps.stepKey,
      stepName: approvalSteps.name,
      waitingSince: approvalSteps.waitingSince,
      ticketId: submissions.id,
      number: submissions.number,
      area: submissions.area,
      summary: submissions.summary,
      version: submissions.version,
      requesterId: users.id,
      requesterName: users.name,
    })
    .from(approvalSteps)
    .innerJoin(submissions, eq(submissions.id, approvalSteps.ticketId))
    .innerJoin(users, eq(users.id, submissions.requesterId))
    .where(and(eq(approvalSteps.status, 'waiting'), or(...mine), ne(submissions.requesterId, user.id), after))
    .orderBy(asc(approvalSteps.waitingSince), asc(approvalSteps.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      ticketId: row.ticketId,
      number: row.number,
      area: row.area,
      summary: row.summary,
      requester: { id: row.requesterId, name: row.requesterName },
      step: { id: row.stepKey, name: row.stepName },
      waitingSince: (row.waitingSince ?? new Date(0)).toISOString(),
      version: row.version,
    })),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ sort: SORT, key: (last.waitingSince ?? new Date(0)).toISOString(), id: last.stepId })
        : null,
  };
}
