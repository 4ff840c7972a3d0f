/**
 * Who a submission is assigned to, and by which routing rule: its status, assignee user and role
 * group, and the rule that routed it on creation (null when none did or the rule was deleted since).
 */
import { eq } from 'drizzle-orm';
import type { SubmissionAssignment } from '../../../shared/assignment';
import type { Database } from '../../db/client';
import { assignmentRules, roleGroups, submissions, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../role-groups';
import { findVisibleSubmission } from '../submissions';

/** The assignment of submission `id` (which the caller has already found visible). */
export async function readAssignment(db: Database, id: string): Promise<SubmissionAssignment> {
  const [row] = await db
    .select({
      status: submissions.status,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      groupId: roleGroups.id,
      groupName: roleGroups.name,
      ruleId: assignmentRules.id,
      ruleName: assignmentRules.name,
    })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.assigneeUserId))
    .leftJoin(roleGroups, eq(roleGroups.id, submissions.assigneeGroupId))
    .leftJoin(assignmentRules, eq(assignmentRules.id, submissions.assignmentRuleId))
    .where(eq(submissions.id, id))
    .limit(1);
  if (!row) throw notFound(`There is no submission ${id}.`);
  return {
    status: row.status,
    assigneeUser:
      row.userId !== null && row.userName !== null
        ? { id: row.userId, name: row.userName, email: row.userEmail }
        : null,
    assigneeGroup: row.groupId !== null && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
    rule: row.ruleId !== null && row.ruleName !== null ? { id: row.ruleId, name: row.ruleName } : null,
  };
}

/**
 * The assignment of submission `id` of `area` when `user` may read that submission. Errors: 404
 * `not_found` when it does not exist, is of another area, or is not visible to the user.
 */
export async function readVisibleAssignment(
  db: Database,
  user: AuthUser,
  area: string,
  id: string,
): Promise<SubmissionAssignment> {
  const visible = await findVisibleSubmission(db, user, area, id);
  if (!visible) throw notFound(`There is no ${area} submission ${id} that you can see.`);
  return readAssignment(db, visible.id);
}
