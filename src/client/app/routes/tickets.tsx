/** Route module of `/Tickets` (see the placement rule in app/router.tsx). */
export { TicketsPage as default } from '../../features/tickets/components/tickets-page';
