/**
 * Route module of `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}` (see the placement rule
 * in app/router.tsx): the ticket page of a record for everyone who may read it. The area feature
 * resolves the route and draws the breadcrumbs, heading and child areas; the tickets feature the
 * form, side panel, comments and history; the side panel carries the sla feature's service level,
 * the approvals feature's state and decision form and the assignments feature's note. A record of
 * an area whose folder was removed still shows, with the form it was stored with.
 */
import type { ReactNode } from 'react';
import type { Ticket } from '../../../shared/tickets';
import { ApprovalState } from '../../features/approvals/components/approval-state';
import { AreaDetailPage } from '../../features/areas/components/area-detail-page';
import { ChildSections, RecordHeader, recordElsewhere } from '../../features/areas/components/submission-detail';
import { usePropertyNames } from '../../features/areas/use-property-labels';
import { AssignmentNote } from '../../features/assignments/components/assignment-note';
import { SlaPanel } from '../../features/sla/components/sla-panel';
import {
  preloadTicketPageChunks,
  RetiredAreaTicketPage,
  TicketPage,
} from '../../features/tickets/components/ticket-view-page';

const renderSla = (ticket: Ticket) => <SlaPanel sla={ticket.sla} />;

function panelExtra(ticket: Ticket, reload: () => void): ReactNode {
  return (
    <>
      <ApprovalState
        approval={ticket.approval}
        decide={{ ticketId: ticket.id, version: ticket.version, label: ticket.number, onDecided: reload }}
      />
      <AssignmentNote area={ticket.area} id={ticket.id} version={ticket.version} />
    </>
  );
}

export { routeParamsChanged as shouldRevalidate } from '../../lib/load-ahead';

/**
 * Starts the ticket page's chunks (its form, its comments) as soon as this module is in; the
 * route table started the area's and the ticket's requests already.
 */
export function loader(): null {
  preloadTicketPageChunks();
  return null;
}

export default function AreaDetailRoute() {
  const propertyNames = usePropertyNames();
  const slots = { propertyNames, renderSla, panelExtra };
  return (
    <AreaDetailPage
      unknownArea={(areaKey, id) => <RetiredAreaTicketPage key={id} id={id} areaKey={areaKey} {...slots} />}
    >
      {(context, id) => (
        <TicketPage
          key={id}
          id={id}
          area={context.area}
          elsewhere={(ticket) => recordElsewhere(context, ticket)}
          header={(ticket) => <RecordHeader context={context} record={ticket} />}
          related={(ticket) => <ChildSections context={context} record={ticket} />}
          {...slots}
        />
      )}
    </AreaDetailPage>
  );
}
