/**
 * Route module of `/Tickets/comments/{id}` (see the placement rule in app/router.tsx), the former
 * ticket view: it replaces itself with the ticket's page `/{Area}/{id}` (app/routes/area-detail.tsx).
 */
import { TicketRedirect } from '../../features/tickets/components/ticket-view-page';

export default function TicketViewRoute() {
  return <TicketRedirect />;
}
