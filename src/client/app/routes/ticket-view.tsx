/**
 * Route module of `/Tickets/comments/{id}` (see the placement rule in app/router.tsx): the tickets
 * feature's ticket view, with the sla feature's panel and the approvals feature's state and
 * decision form in its side panel.
 */
import { ApprovalState } from '../../features/approvals/components/approval-state';
import { SlaPanel } from '../../features/sla/components/sla-panel';
import { TicketViewPage } from '../../features/tickets/components/ticket-view-page';

export default function TicketViewRoute() {
  return (
    <TicketViewPage
      renderSla={(ticket) => <SlaPanel sla={ticket.sla} />}
      panelExtra={(ticket, reload) => (
        <ApprovalState
          approval={ticket.approval}
          decide={{ ticketId: ticket.id, version: ticket.version, label: ticket.number, onDecided: reload }}
        />
      )}
    />
  );
}
