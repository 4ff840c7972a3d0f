/** Reading submissions: the selected columns, the API shape, and the visibility rule. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Submission, TicketPriority, TicketStatus } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { submissions, users } from '../../db/schema';
import { bindAsParameter, type Bind } from '../../lib/prepared-by-shape';
import { UUID_PATTERN } from '../../lib/uuid';
import { ticketVisibility } from './visibility';
import type { AuthUser } from '../role-groups';

/** Columns of a submission row joined with its requester. */
export const submissionColumns = {
  id: submissions.id,
  number: submissions.number,
  sequence: submissions.sequence,
  area: submissions.area,
  parentId: submissions.parentId,
  status: submissions.status,
  priority: submissions.priority,
  propertyCode: submissions.propertyCode,
  summary: submissions.summary,
  data: submissions.data,
  schemaVersion: submissions.schemaVersion,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
  version: submissions.version,
  requesterId: users.id,
  requesterName: users.name,
  requesterEmail: users.email,
};

/** A select of submissions joined with their requester. */
export function selectSubmissions(db: Database) {
  return db.select(submissionColumns).from(submissions).innerJoin(users, eq(users.id, submissions.requesterId));
}

/** One row of {@link selectSubmissions}: the submission's columns and its requester's id, name and e-mail. */
export type SubmissionRow = Awaited<ReturnType<ReturnType<typeof selectSubmissions>['execute']>>[number];

/** Maps a row to the API's {@link Submission} (ISO 8601 UTC times). */
export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    number: row.number,
    area: row.area,
    parentId: row.parentId,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    property: row.propertyCode,
    summary: row.summary,
    data: row.data,
    schemaVersion: row.schemaVersion,
    requester: { id: row.requesterId, name: row.requesterName, email: row.requesterEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * The visibility rule of an area's submissions — the one ticket rule (./visibility.ts):
 * `forms:<Area>:read` (or admin) reads all, anyone else their own and those assigned to them or
 * their role groups. Returns the extra condition, or undefined when everything is visible.
 * `groupIds` (./visibility.ts `myGroupIdList`) puts the group ids in as constants; `bind` takes
 * every value (lib/prepared-by-shape).
 */
export function visibilityCondition(
  user: AuthUser,
  area: string,
  groupIds?: readonly string[],
  bind: Bind = bindAsParameter,
): SQL | undefined {
  return ticketVisibility(user, area, groupIds, bind);
}

/** One submission of `area` the user may see, or null (unknown id, other area, not visible, not a uuid). */
export async function findVisibleSubmission(
  db: Database,
  user: AuthUser,
  area: string,
  id: string,
): Promise<Submission | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await selectSubmissions(db)
    .where(and(eq(submissions.id, id), eq(submissions.area, area), visibilityCondition(user, area)))
    .limit(1);
  return row ? toSubmission(row) : null;
}
