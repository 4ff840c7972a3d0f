/**
 * A user's own activity for the home page: their open submissions and their most recent ones
 * (newest first, at most ACTIVITY_LIST_SIZE each), and the MOST_USED_AREAS form areas they submit
 * most. Only the requester's own rows are read.
 */
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import { ACTIVITY_LIST_SIZE, MOST_USED_AREAS, type MyActivity } from '../../../shared/activity';
import { DONE_STATUSES } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { selectSubmissions, toSubmission } from './repository';

/** The activity of the user `userId` (see the module comment); `mostUsed` counts are integers. */
export async function readMyActivity(db: Database, userId: string): Promise<MyActivity> {
  const mine = eq(submissions.requesterId, userId);
  const newest = [desc(submissions.createdAt), desc(submissions.id)];
  const open = await selectSubmissions(db)
    .where(and(mine, notInArray(submissions.status, [...DONE_STATUSES])))
    .orderBy(...newest)
    .limit(ACTIVITY_LIST_SIZE);
  const recent = await selectSubmissions(db)
    .where(mine)
    .orderBy(...newest)
    .limit(ACTIVITY_LIST_SIZE);
  const used = await db
    .select({ area: submissions.area, count: count() })
    .from(submissions)
    .where(mine)
    .groupBy(submissions.area)
    .orderBy(desc(count()), submissions.area)
    .limit(MOST_USED_AREAS);
  return {
    open: open.map(toSubmission),
    recent: recent.map(toSubmission),
    mostUsed: used.map((row) => ({ area: row.area, count: Number(row.count) })),
  };
}
