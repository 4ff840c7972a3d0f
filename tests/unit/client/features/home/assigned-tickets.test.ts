/**
 * The home page's "Assigned to you and your groups" list, built from the pages of
 * `GET /api/tickets?assignee=me|my-groups&sort=-updatedAt` (shape `{ items, nextCursor }`). The
 * pages here come from an in-memory ticket list, sorted and paged like the server does;
 * tests/e2e/shell-pages.test.ts reads them from the real API.
 */
import { describe, expect, it } from 'vitest';
import {
  ASSIGNED_MAX_PAGES,
  collectAssignedTickets,
  type AssignedFilter,
} from '../../../../../src/client/features/home/api';
import type { Ticket, TicketPage, TicketStatus } from '../../../../../src/shared/tickets';

function ticket(n: number, status: TicketStatus, assignee: 'user' | 'group' | 'both'): Ticket {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    number: `RS-${String(n).padStart(6, '0')}`,
    area: 'ResidentService',
    parentId: null,
    status,
    priority: 'Normal',
    property: null,
    summary: null,
    data: {},
    schemaVersion: 1,
    requester: { id: 'r', name: 'R', email: null },
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    version: 1,
    assigneeUser: assignee === 'group' ? null : { id: 'me', name: 'Me', email: null },
    assigneeGroup: assignee === 'user' ? null : { id: 'g', name: 'Maintenance' },
    dueAt: null,
    isOverdue: false,
    rating: null,
    sla: null,
  };
}

/** Pages of `tickets` per filter, newest update first, `pageSize` per page; records every read. */
function pager(tickets: Ticket[], pageSize: number) {
  const reads: { assignee: AssignedFilter; cursor: string | null }[] = [];
  const read = (assignee: AssignedFilter, cursor: string | null): Promise<TicketPage> => {
    reads.push({ assignee, cursor });
    const matching = tickets
      .filter((t) => (assignee === 'me' ? t.assigneeUser !== null : t.assigneeGroup !== null))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const start = cursor === null ? 0 : Number(cursor);
    const items = matching.slice(start, start + pageSize);
    const next = start + pageSize < matching.length ? String(start + pageSize) : null;
    return Promise.resolve({ items, nextCursor: next });
  };
  return { read, reads };
}

describe('open tickets assigned to the user or their groups', () => {
  it('merges both filters, leaves out Resolved and Closed, lists a ticket once, newest update first', async () => {
    const tickets = [
      ticket(1, 'New', 'group'),
      ticket(2, 'In progress', 'user'),
      ticket(3, 'Closed', 'group'),
      ticket(4, 'Resolved', 'user'),
      ticket(5, 'Waiting on requester', 'both'),
      ticket(6, 'Assigned', 'group'),
    ];
    const { read } = pager(tickets, 100);
    const assigned = await collectAssignedTickets(read);
    expect(assigned.map((t) => t.number)).toEqual(['RS-000006', 'RS-000005', 'RS-000002', 'RS-000001']);
  });

  it('reads further pages when recently finished tickets fill the first one, and stops at the size', async () => {
    const finished = Array.from({ length: 12 }, (_, i) => ticket(100 + i, 'Closed', 'group'));
    const open = Array.from({ length: 8 }, (_, i) => ticket(10 + i, 'New', 'group'));
    const { read, reads } = pager([...finished, ...open], 5);
    const assigned = await collectAssignedTickets(read, 3);
    expect(assigned.map((t) => t.number)).toEqual(['RS-000017', 'RS-000016', 'RS-000015']);
    // my-groups: 12 closed on pages 1–3 (5, 5, 2 + 3 open) → stops after 3 pages; me: one empty page
    expect(reads.filter((r) => r.assignee === 'my-groups').map((r) => r.cursor)).toEqual([null, '5', '10']);
    expect(reads.filter((r) => r.assignee === 'me')).toEqual([{ assignee: 'me', cursor: null }]);
  });

  it(`reads at most ${ASSIGNED_MAX_PAGES} pages per filter`, async () => {
    const finished = Array.from({ length: 40 }, (_, i) => ticket(100 + i, 'Resolved', 'user'));
    const { read, reads } = pager([...finished, ticket(1, 'New', 'user')], 5);
    expect(await collectAssignedTickets(read)).toEqual([]);
    expect(reads.filter((r) => r.assignee === 'me')).toHaveLength(ASSIGNED_MAX_PAGES);
  });
});
