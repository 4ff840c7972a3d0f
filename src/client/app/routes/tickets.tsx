/**
 * Route module of `/Tickets` (see the placement rule in app/router.tsx): the tickets feature's list
 * with the sla feature's column.
 */
import { SlaCell } from '../../features/sla/components/sla-cell';
import { TicketsPage } from '../../features/tickets/components/tickets-page';

export default function TicketsRoute() {
  return <TicketsPage renderSla={(ticket) => <SlaCell sla={ticket.sla} />} />;
}
