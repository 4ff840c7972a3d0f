/** Route module of `/Tickets/comments/{id}` (see the placement rule in app/router.tsx). */
export { TicketViewPage as default } from '../../features/tickets/components/ticket-view-page';
