import { useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { useTableCardLabels } from '../shell/table-card-labels';

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

/**
 * The ticket-view route layout (spec §2 "a ticket-view layout"): skip link, navigation bar and a
 * wide `main` landmark for pages that show one ticket or record; pages fill the two columns with
 * {@link TicketLayout}.
 */
export default function TicketViewLayout() {
  const main = useRef<HTMLElement>(null);
  useTableCardLabels(main);
  return (
    <div className="app-shell" data-layout="ticket">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="page page--wide" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
    </div>
  );
}
