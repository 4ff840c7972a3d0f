import { useRef } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from '../components/nav-bar';
import { useTableCardLabels } from '../shell/table-card-labels';

/**
 * The ticket-view route layout: skip link, navigation bar and a wide `main` landmark for pages
 * that show one ticket or record; pages fill the two columns with `TicketLayout`
 * (components/ticket-layout.tsx).
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
