import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  canTransition,
  isOverdue,
  TICKET_STATUSES,
  type TicketRole,
  type TicketStatus,
} from '../../../src/shared/tickets';

/** The whole table written out by hand: from → [handler may go to, requester may go to]. */
const EXPECTED: Record<TicketStatus, [TicketStatus[], TicketStatus[]]> = {
  New: [['Assigned', 'In progress', 'Closed'], []],
  Assigned: [['In progress', 'Closed'], []],
  'In progress': [['Waiting on requester', 'Resolved', 'Closed'], []],
  'Waiting on requester': [['In progress', 'Resolved', 'Closed'], []],
  Resolved: [
    ['In progress', 'Closed'],
    ['In progress', 'Closed'],
  ],
  Closed: [['In progress'], []],
  // Only an approval decision moves these (docs/behaviour.md "Approvals").
  'Waiting for approval': [[], []],
  Rejected: [[], []],
};

describe('the ticket transition table', () => {
  it.each(TICKET_STATUSES)('from %s: handlers and requesters get exactly the listed next statuses', (from) => {
    const [handler, requester] = EXPECTED[from];
    expect(allowedNextStatuses(from, ['handler'])).toEqual(handler);
    expect(allowedNextStatuses(from, ['requester'])).toEqual(requester);
    expect(allowedNextStatuses(from, [])).toEqual([]);
  });

  it('checks every pair of statuses for every role combination', () => {
    const roleSets: TicketRole[][] = [[], ['handler'], ['requester'], ['handler', 'requester']];
    for (const roles of roleSets) {
      for (const from of TICKET_STATUSES) {
        for (const to of TICKET_STATUSES) {
          const [handler, requester] = EXPECTED[from];
          const legal =
            (roles.includes('handler') && handler.includes(to)) ||
            (roles.includes('requester') && requester.includes(to));
          expect(canTransition(from, to, roles), `${roles.join('+') || 'nobody'}: ${from} → ${to}`).toBe(legal);
        }
      }
    }
  });

  it('never allows staying in the same status', () => {
    for (const status of TICKET_STATUSES) expect(canTransition(status, status, ['handler', 'requester'])).toBe(false);
  });
});

describe('isOverdue', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('marks an open ticket past its due time', () => {
    expect(isOverdue({ status: 'In progress', dueAt: '2026-01-10T11:59:59Z' }, now)).toBe(true);
  });
  it('does not mark a ticket due later, without a due date, or already resolved', () => {
    expect(isOverdue({ status: 'In progress', dueAt: '2026-01-10T12:00:01Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'New', dueAt: null }, now)).toBe(false);
    expect(isOverdue({ status: 'Resolved', dueAt: '2025-01-01T00:00:00Z' }, now)).toBe(false);
  });
});
