/**
 * Route module of `/Tickets/comments/{id}` (see the placement rule in app/router.tsx): the tickets
 * feature's view with the sla feature's panel in its side panel.
 */
import { SlaPanel } from '../../features/sla/components/sla-panel';
import { TicketViewPage } from '../../features/tickets/components/ticket-view-page';

export default function TicketViewRoute() {
  return <TicketViewPage renderSla={(ticket) => <SlaPanel sla={ticket.sla} />} />;
}
