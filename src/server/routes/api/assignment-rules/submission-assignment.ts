/**
 * `GET /api/areas/:key/submissions/:id/assignment` (signed-in; the submission visibility rule of
 * records.ts, 404 when unknown or not visible) → SubmissionAssignment: status, assignee user and
 * role group, and the assignment rule that routed it (issue 5: "the ticket records which rule did
 * it"; null when none did or the rule was deleted since).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { SubmissionAssignment } from '../../../../shared/assignment';
import type { Database } from '../../../db/client';
import { assignmentRules, roleGroups, submissions, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS } from '../schemas';
import { findVisibleSubmission } from '../../../domains/submissions/repository';
import { SubmissionAssignmentSchema } from './schemas';

const Params = Type.Object({ key: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });

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

/** See the module comment. */
export const submissionAssignmentRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/areas/:key/submissions/:id/assignment',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'Who a submission is assigned to, and by which rule',
        params: Params,
        response: { 200: SubmissionAssignmentSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { key, id } = request.params;
      const area = app.areas.get(key);
      const visible = area ? await findVisibleSubmission(app.db, requireUser(request), key, id) : null;
      if (!visible) throw notFound(`There is no ${key} submission ${id} that you can see.`);
      return readAssignment(app.db, visible.id);
    },
  );
  done();
};
