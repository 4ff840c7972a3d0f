/** Calls of the service-level feature. */
import type { TicketListItem, TicketPage } from '../../../shared/tickets';
import { api } from '../../lib/http';

/** How many tickets the handler's home lists under "Breaching soonest". */
export const SOONEST_SIZE = 5;

/**
 * `GET /api/tickets?sort=slaDue`: the tickets the user may read whose running service-level
 * target is due soonest (breached ones first), at most {@link SOONEST_SIZE}; tickets without a
 * running target (they sort last) are left out.
 */
export async function fetchSoonestBreaches(signal?: AbortSignal): Promise<TicketListItem[]> {
  const page = await api
    .get('tickets', { searchParams: { sort: 'slaDue', limit: SOONEST_SIZE }, signal })
    .json<TicketPage>();
  return page.items.filter(
    (ticket) =>
      ticket.sla !== null &&
      [ticket.sla.firstResponse, ticket.sla.resolution].some((t) => !t.metAt && t.state !== 'paused'),
  );
}
