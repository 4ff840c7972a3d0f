import type { ReactNode } from 'react';

/**
 * Two slots of a ticket view: `children` is the main column (the record, its comments), `side`
 * the side panel (status, assignee, help, related records). From 1024 px wide the side panel
 * stands to the right of the main column; below, it follows it.
 *
 * @example <TicketLayout side={<TicketFacts ticket={t} />}><TicketBody ticket={t} /></TicketLayout>
 */
export function TicketLayout({ children, side, sideLabel = 'Details' }: { children: ReactNode; side?: ReactNode; sideLabel?: string }) {
  return (
    <div className="ticket-view">
      <div className="ticket-view__main">{children}</div>
      {side ? (
        <aside className="ticket-view__side" aria-label={sideLabel}>
          {side}
        </aside>
      ) : null}
    </div>
  );
}
