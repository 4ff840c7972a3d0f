/**
 * CSV export of the filtered ticket list (docs/behaviour.md "CSV exports"; RFC 4180 via
 * csv-stringify). Walks the same keyset pages as the list, up to {@link MAX_EXPORT_ROWS}.
 */
import { stringify } from 'csv-stringify/sync';
import type { TicketFilters, TicketSort } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import type { AuthUser } from '../role-groups';
import { listTickets } from './list';

/** Most tickets one export holds; tickets past it are left out of the file. */
export const MAX_EXPORT_ROWS = 10_000;
const BATCH = 100;

const HEADER = [
  'Number',
  'Area',
  'Summary',
  'Property',
  'Requester',
  'Assignee',
  'Assignee group',
  'Status',
  'Priority',
  'Due',
  'Overdue',
  'Rating',
  'Created',
  'Updated',
];

/** The CSV text (header + one line per ticket), UTF-8, CRLF line ends. */
export async function exportTicketsCsv(
  db: Database,
  user: AuthUser,
  filters: TicketFilters,
  sort: TicketSort,
): Promise<string> {
  const records: string[][] = [HEADER];
  let cursor: string | undefined;
  do {
    const page = await listTickets(db, user, { filters, sort, limit: BATCH, cursor });
    for (const t of page.items) {
      records.push([
        t.number,
        t.area,
        t.summary ?? '',
        t.property ?? '',
        t.requester.name,
        t.assigneeUser?.name ?? '',
        t.assigneeGroup?.name ?? '',
        t.status,
        t.priority,
        t.dueAt ?? '',
        t.isOverdue ? 'yes' : 'no',
        t.rating === null ? '' : String(t.rating),
        t.createdAt,
        t.updatedAt,
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && records.length <= MAX_EXPORT_ROWS);
  return stringify(records, { record_delimiter: 'windows' });
}
