/**
 * Listing an area's submissions with keyset pagination (docs/behaviour.md "List paging": keyset
 * `WHERE (key, id) < (…)` stays fast at a million rows where OFFSET does not), the visibility rule,
 * an optional parent filter and a search over the data (full text, word prefixes) or the number.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { formatSubmissionNumber, type SubmissionPage, type SubmissionSort } from '../../../shared/submission';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { decodeCursor, encodeCursor, type Cursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { buildPrefixTsQuery, escapeLike, ticketNumberPrefix } from '../../lib/search-query';
import { bindAsParameter, PlaceholderBindings, PreparedByShape, type Bind } from '../../lib/prepared-by-shape';
import { myGroupIdList } from './visibility';
import type { AuthUser } from '../role-groups';
import { selectSubmissions, toSubmission, visibilityCondition, type SubmissionRow } from './repository';
import { INT4_MAX, storableDate } from '../../lib/storable-input';
import { UUID_PATTERN } from '../../lib/uuid';

/** One page request of an area list: who asks, the area, page size, sort, cursor, search text, parent. */
export type ListInput = {
  user: AuthUser;
  area: string;
  limit: number;
  sort: SubmissionSort;
  cursor: string | undefined;
  q: string | undefined;
  parentId: string | undefined;
};

type SortSpec = {
  column: typeof submissions.createdAt | typeof submissions.sequence;
  descending: boolean;
  keyOf(row: SubmissionRow): string | number;
  keySql(key: string | number, bind: Bind): SQL;
};

const BY_TIME = {
  column: submissions.createdAt,
  keyOf: (row: SubmissionRow) => row.createdAt.toISOString(),
  keySql: (key: string | number, bind: Bind) => sql`${bind(String(key))}::timestamptz`,
};
const BY_NUMBER = {
  column: submissions.sequence,
  keyOf: (row: SubmissionRow) => row.sequence,
  keySql: (key: string | number, bind: Bind) => sql`${bind(Number(key))}::integer`,
};

const SORTS: Record<SubmissionSort, SortSpec> = {
  '-createdAt': { ...BY_TIME, descending: true },
  createdAt: { ...BY_TIME, descending: false },
  '-number': { ...BY_NUMBER, descending: true },
  number: { ...BY_NUMBER, descending: false },
};

function parseCursor(text: string, sort: SubmissionSort): Cursor {
  const cursor = decodeCursor(text);
  const keyOk =
    cursor !== null &&
    (SORTS[sort].column === submissions.sequence
      ? typeof cursor.key === 'number' && cursor.key >= 0 && cursor.key <= INT4_MAX
      : typeof cursor.key === 'string' && storableDate(cursor.key) !== null);
  if (!cursor || !keyOk || cursor.sort !== sort || !UUID_PATTERN.test(cursor.id)) {
    throw badRequest('The cursor is not valid for this list and sort order; start again from the first page.');
  }
  return cursor;
}

function afterCursor(spec: SortSpec, cursor: Cursor, bind: Bind): SQL {
  const row = sql`(${spec.column}, ${submissions.id})`;
  const bound = sql`(${spec.keySql(cursor.key, bind)}, ${bind(cursor.id)}::uuid)`;
  return spec.descending ? sql`${row} < ${bound}` : sql`${row} > ${bound}`;
}

/**
 * Search condition: every word as a prefix of a word in the data, or the submission number (exact
 * or prefix). `bind` takes every value (lib/prepared-by-shape).
 */
export function searchCondition(area: string, q: string, bind: Bind = bindAsParameter): SQL {
  const conditions: SQL[] = [];
  const tsQuery = buildPrefixTsQuery(q);
  if (tsQuery) conditions.push(sql`${submissions.search} @@ to_tsquery('simple', ${bind(tsQuery)})`);
  const text = q.trim();
  const numberPrefix = ticketNumberPrefix(text, [area]);
  if (numberPrefix) conditions.push(sql`${submissions.number} like ${bind(`${escapeLike(numberPrefix)}%`)}`);
  if (/^\d{1,9}$/.test(text)) conditions.push(eq(submissions.number, bind(formatSubmissionNumber(area, Number(text)))));
  return conditions.length ? (or(...conditions) as SQL) : sql`false`;
}

/** The area lists' statements, one per shape (lib/prepared-by-shape). */
const submissionListShapes = new PreparedByShape<SubmissionRow>();

/**
 * One page of `input.area`'s submissions the user may see. Errors: 400 for a bad cursor or
 * parentId. The statement is built once per shape of filters and visibility (lib/prepared-by-shape).
 */
export async function listSubmissions(db: Database, input: ListInput): Promise<SubmissionPage> {
  const spec = SORTS[input.sort];
  if (input.parentId !== undefined && !UUID_PATTERN.test(input.parentId)) throw badRequest('parentId must be a uuid.');
  const bindings = new PlaceholderBindings();
  const { bind } = bindings;
  const where = and(
    eq(submissions.area, bind(input.area)),
    visibilityCondition(input.user, input.area, await myGroupIdList(db, input.user), bind),
    input.parentId === undefined ? undefined : eq(submissions.parentId, bind(input.parentId)),
    input.cursor === undefined ? undefined : afterCursor(spec, parseCursor(input.cursor, input.sort), bind),
    input.q?.trim() ? searchCondition(input.area, input.q, bind) : undefined,
  );
  const limit = bind(input.limit + 1);
  const rows = await submissionListShapes.run(db, input.sort, where, bindings, () =>
    selectSubmissions(db)
      .where(where)
      .orderBy(
        ...(spec.descending ? [desc(spec.column), desc(submissions.id)] : [asc(spec.column), asc(submissions.id)]),
      )
      .limit(limit),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last ? encodeCursor({ sort: input.sort, key: spec.keyOf(last), id: last.id }) : null;
  return { items: page.map(toSubmission), nextCursor };
}
