/**
 * `GET /api/me/requests`: the signed-in user's own requests for the "My requests" page, most
 * recently updated first, one keyset page at a time (docs/behaviour.md "My requests"). Each row
 * carries the newest history entry its requester may read: internal comments are left out, so
 * neither their text nor their time shows. Only the requester's own rows are read, on the index
 * `submissions_requester_updated_idx`; the last entry comes off `changes_entity_idx`.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  MY_REQUESTS_PAGE_SIZE,
  type MyRequest,
  type MyRequestPage,
  type MyRequestState,
} from '../../../shared/activity';
import type { TicketStatus } from '../../../shared/submission';
import { DONE_STATUSES } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { roleGroups, submissions } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { storableDate } from '../../lib/storable-input';
import { UUID_PATTERN } from '../../lib/uuid';

const CURSOR_SORT = 'my-requests-updated';

type LastUpdate = { at: string; actor: string | null; action: string };

/**
 * The newest history entry of the row's ticket that its requester may read, as one JSON value; the
 * actor is null for what the portal did by itself (an assignment by a routing rule names the rule).
 */
const lastPublicUpdate = sql<LastUpdate | null>`(
  select json_build_object(
    'at', c.at,
    'actor', case when jsonb_exists(c.diff, 'rule') then null else u.name end,
    'action', c.action)
  from changes c left join users u on u.id = c.actor_id
  where c.entity = 'submission' and c.entity_id = ${submissions.id}::text and c.action <> 'commented_internal'
  order by c.id desc limit 1)`;

function stateCondition(state: MyRequestState) {
  const done = [...DONE_STATUSES];
  if (state === 'open') return notInArray(submissions.status, done);
  if (state === 'closed') return inArray(submissions.status, done);
  return undefined;
}

/**
 * One page (at most {@link MY_REQUESTS_PAGE_SIZE}) of user `userId`'s requests in `state`, after
 * `cursor` (from the previous page's `nextCursor`). Errors: 400 for a cursor this list did not make.
 */
export async function listMyRequests(
  db: Database,
  userId: string,
  state: MyRequestState,
  cursor: string | undefined,
): Promise<MyRequestPage> {
  let after;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor);
    if (
      !decoded ||
      decoded.sort !== CURSOR_SORT ||
      typeof decoded.key !== 'string' ||
      !storableDate(decoded.key) ||
      !UUID_PATTERN.test(decoded.id)
    ) {
      throw badRequest('The cursor is not valid for this list; start again from the first page.');
    }
    after = sql`(${submissions.updatedAt}, ${submissions.id}) < (${decoded.key}::timestamptz, ${decoded.id}::uuid)`;
  }
  const rows = await db
    .select({
      id: submissions.id,
      number: submissions.number,
      area: submissions.area,
      parentId: submissions.parentId,
      summary: submissions.summary,
      status: submissions.status,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
      assigneeGroup: roleGroups.name,
      lastUpdate: lastPublicUpdate,
    })
    .from(submissions)
    .leftJoin(roleGroups, eq(roleGroups.id, submissions.assigneeGroupId))
    .where(and(eq(submissions.requesterId, userId), stateCondition(state), after))
    .orderBy(desc(submissions.updatedAt), desc(submissions.id))
    .limit(MY_REQUESTS_PAGE_SIZE + 1);
  const page = rows.slice(0, MY_REQUESTS_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > MY_REQUESTS_PAGE_SIZE && last
      ? encodeCursor({ sort: CURSOR_SORT, key: last.updatedAt.toISOString(), id: last.id })
      : null;
  const items: MyRequest[] = page.map((row) => ({
    id: row.id,
    number: row.number,
    area: row.area,
    parentId: row.parentId,
    summary: row.summary,
    status: row.status as TicketStatus,
    createdAt: row.createdAt.toISOString(),
    assigneeGroup: row.assigneeGroup,
    lastUpdate: row.lastUpdate
      ? { at: new Date(row.lastUpdate.at).toISOString(), actor: row.lastUpdate.actor, action: row.lastUpdate.action }
      : null,
  }));
  return { items, nextCursor };
}
