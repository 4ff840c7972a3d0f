/**
 * Route module of `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}` (see the placement rule
 * in app/router.tsx): the ticket page of a record for everyone who may read it. The area feature
 * resolves the route and draws the breadcrumbs, heading and child areas; the tickets feature the
 * form, side panel, comments and history; the side panel carries the sla feature's service level,
 * the approvals feature's state and decision form and the assignments feature's note.
 */
import { ApprovalState } from '../../features/approvals/components/approval-state';
import { AreaDetailPage } from '../../features/areas/components/area-detail-page';
import { ChildSections, RecordHeader, recordElsewhere } from '../../features/areas/components/submission-detail';
import { usePropertyNames } from '../../features/areas/use-property-labels';
import { AssignmentNote } from '../../features/assignments/components/assignment-note';
import { SlaPanel } from '../../features/sla/components/sla-panel';
import { TicketPage } from '../../features/tickets/components/ticket-view-page';

export default function AreaDetailRoute() {
  const propertyNames = usePropertyNames();
  return (
    <AreaDetailPage>
      {(context, id) => (
        <TicketPage
          key={id}
          id={id}
          area={context.area}
          elsewhere={(ticket) => recordElsewhere(context, ticket)}
          header={(ticket) => <RecordHeader context={context} record={ticket} />}
          related={(ticket) => <ChildSections context={context} record={ticket} />}
          propertyNames={propertyNames}
          renderSla={(ticket) => <SlaPanel sla={ticket.sla} />}
          panelExtra={(ticket, reload) => (
            <>
              <ApprovalState
                approval={ticket.approval}
                decide={{ ticketId: ticket.id, version: ticket.version, label: ticket.number, onDecided: reload }}
              />
              <AssignmentNote area={ticket.area} id={ticket.id} version={ticket.version} />
            </>
          )}
        />
      )}
    </AreaDetailPage>
  );
}
